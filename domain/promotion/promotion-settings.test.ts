import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { DEFAULT_PROMOTION_SETTINGS, fourSizes, isFourSizes, promotionSettingsDecider, sizeForWidth, type PromotionSettingsCommand } from './promotion-settings';

const at = '2026-03-10T12:00:00.000Z';
const update = (changes: PromotionSettingsCommand['changes']): PromotionSettingsCommand => ({ type: 'UpdatePromotionSettings', changes, actorId: 'admin1', at });

describe('four sizes', () => {
  it.each([
    ['25px|25px|30px|30px', true],
    ['25px | 25px | 30px | 30px', true],
    ['12.5px|25px|30px|30px', true],
    ['25px|25px|30px', false],
    ['25px|25px|30px|30px|40px', false],
    ['25|25|30|30', false],
    ['25em|25px|30px|30px', false],
    ['', false],
  ])('%j valid: %s', (v, ok) => {
    expect(isFourSizes(v)).toBe(ok);
  });

  it('an invalid count falls back to the default', () => {
    expect(fourSizes('10px|20px')).toEqual(['25px', '25px', '30px', '30px']);
    expect(fourSizes(null, '20px|20px|25px|25px')).toEqual(['20px', '20px', '25px', '25px']);
    expect(fourSizes('1px|2px|3px|4px')).toEqual(['1px', '2px', '3px', '4px']);
  });

  it.each([
    [200, '1px'],
    [320, '1px'],
    [766, '1px'],
    [767, '2px'],
    [1024, '3px'],
    [1439, '3px'],
    [1440, '4px'],
    [2560, '4px'],
  ])('width %d → %s', (w, size) => {
    expect(sizeForWidth('1px|2px|3px|4px', w)).toBe(size);
  });
});

describe('promotionSettingsDecider', () => {
  it('starts from the spec defaults', () => {
    const s = promotionSettingsDecider.initialState();
    expect(s.subscription.promo_text_font_size).toBe('25px|25px|30px|30px');
    expect(s.subscription.remaining_time_font_size).toBe('20px|20px|25px|25px');
    expect(s.subscription.animation_duration).toBe(1000);
    expect(s.subscription.position).toBe('above menu');
    expect(s.locked_content).toEqual(s.subscription);
  });

  it('records only what changed and evolves', () => {
    const state = given(promotionSettingsDecider)
      .when(update({ subscription: { ribbon_background_color: '#000000', animation_duration: 1000, position: 'below hero' }, price_strike_through_color: '#ff1744' }))
      .then([{ type: 'PromotionSettingsUpdated', data: { changes: { subscription: { ribbon_background_color: '#000000', position: 'below hero' } }, actorId: 'admin1', updatedAt: at } }]);
    expect(state.subscription.ribbon_background_color).toBe('#000000');
    expect(state.subscription.position).toBe('below hero');
    expect(state.locked_content).toEqual(DEFAULT_PROMOTION_SETTINGS.locked_content);
  });

  it('no change, no event', () => {
    given(promotionSettingsDecider).when(update({ locked_content: { animation_duration: 1000 } })).then([]);
  });

  it('does not share the default object between states', () => {
    const s = promotionSettingsDecider.initialState();
    s.subscription.animation_delay = 99;
    expect(promotionSettingsDecider.initialState().subscription.animation_delay).toBe(0);
  });

  it.each([
    [{ subscription: { ribbon_background_color: 'red' } }, 'Please enter a valid colour.', 'subscription.ribbon_background_color'],
    [{ locked_content: { promo_text_font_size: '10px|20px' } }, 'Enter four sizes separated by |, for example 25px|25px|30px|30px.', 'locked_content.promo_text_font_size'],
    [{ locked_content: { ribbon_padding_top: -1 } }, 'Invalid request.', 'locked_content.ribbon_padding_top'],
    [{ subscription: { animation_delay: 1.5 } }, 'Invalid request.', 'subscription.animation_delay'],
    [{ subscription: { position: 'footer' as never } }, 'Invalid request.', 'subscription.position'],
    [{ price_strike_through_color: '#12' }, 'Please enter a valid colour.', 'price_strike_through_color'],
  ] as const)('refuses %j', (changes, message, field) => {
    given(promotionSettingsDecider).when(update(changes as PromotionSettingsCommand['changes'])).thenThrows(message, { details: { field } });
  });
});

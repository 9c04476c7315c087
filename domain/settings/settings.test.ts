import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { DEFAULT_SETTINGS, SETTINGS_STREAM, settingsDecider } from './settings';

describe('settingsDecider', () => {
  it('starts from the defaults (unlock bounds 5..450, public posts on)', () => {
    const s = settingsDecider.initialState();
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(s).not.toBe(DEFAULT_SETTINGS);
    expect(s.content_unlock_minimum_amount).toBe(5);
    expect(s.content_unlock_maximum_amount).toBe(450);
    expect(s.enable_public_post).toBe(true);
    expect(SETTINGS_STREAM).toBe('site-settings');
  });

  it('records only the fields that change', () => {
    const state = given(settingsDecider)
      .when({ type: 'UpdateSettings', changes: { model_name: 'Ann', theme_color: DEFAULT_SETTINGS.theme_color, membership_price_cents: 1299 } })
      .then([{ type: 'SiteSettingsUpdated', data: { changes: { model_name: 'Ann', membership_price_cents: 1299 } } }]);
    expect(state.model_name).toBe('Ann');
    expect(state.membership_price_cents).toBe(1299);
    expect(state.theme_color).toBe(DEFAULT_SETTINGS.theme_color);
  });

  it('is a no-op when nothing changes', () => {
    given(settingsDecider).when({ type: 'UpdateSettings', changes: { model_name: DEFAULT_SETTINGS.model_name } }).then([]);
    given(settingsDecider).when({ type: 'UpdateSettings', changes: {} }).then([]);
  });

  it('compares against the evolved state, not the defaults', () => {
    const events = [{ type: 'SiteSettingsUpdated' as const, data: { changes: { enable_public_post: false } } }];
    given(settingsDecider, events).when({ type: 'UpdateSettings', changes: { enable_public_post: false } }).then([]);
    given(settingsDecider, events)
      .when({ type: 'UpdateSettings', changes: { enable_public_post: true } })
      .then([{ type: 'SiteSettingsUpdated', data: { changes: { enable_public_post: true } } }]);
  });

  it('treats null values as values', () => {
    given(settingsDecider)
      .when({ type: 'UpdateSettings', changes: { footer_text_html: '<b>hi</b>' } })
      .then([{ type: 'SiteSettingsUpdated', data: { changes: { footer_text_html: '<b>hi</b>' } } }]);
    given(settingsDecider, [{ type: 'SiteSettingsUpdated', data: { changes: { footer_text_html: '<b>hi</b>' } } }])
      .when({ type: 'UpdateSettings', changes: { footer_text_html: null } })
      .then([{ type: 'SiteSettingsUpdated', data: { changes: { footer_text_html: null } } }]);
  });

  it('later updates win over earlier ones', () => {
    const s = given(settingsDecider, [
      { type: 'SiteSettingsUpdated', data: { changes: { model_name: 'A', payment_api_version: 'v1' } } },
      { type: 'SiteSettingsUpdated', data: { changes: { model_name: 'B' } } },
    ]).state;
    expect(s.model_name).toBe('B');
    expect(s.payment_api_version).toBe('v1');
  });
});

describe('unlock bounds', () => {
  it('refuses a minimum above the maximum, judged against the current settings', () => {
    expect(() => settingsDecider.decide({ type: 'UpdateSettings', changes: { content_unlock_minimum_amount: 500 } }, settingsDecider.initialState())).toThrow(
      'The minimum unlock amount cannot be above the maximum.',
    );
    expect(settingsDecider.decide({ type: 'UpdateSettings', changes: { content_unlock_minimum_amount: 10 } }, settingsDecider.initialState())).toHaveLength(1);
  });
});

describe('tip bounds', () => {
  it('refuses a minimum tip above the maximum, judged against the current settings', () => {
    given(settingsDecider).when({ type: 'UpdateSettings', changes: { tips_minimum_amount: 600 } }).thenThrows('The minimum tip cannot be above the maximum.');
    given(settingsDecider)
      .when({ type: 'UpdateSettings', changes: { tips_minimum_amount: 10, tips_maximum_amount: 50 } })
      .then([{ type: 'SiteSettingsUpdated', data: { changes: { tips_minimum_amount: 10, tips_maximum_amount: 50 } } }]);
  });
});

// Promotion ribbon settings (stream `promotion-settings`; promotion_settings): colours, paddings, font, font sizes for four breakpoints ("25px|25px|30px|30px" for 320, 767, 1024 and
// 1440 px), animation, delay, duration and position, once for the subscription ribbon and once for the
// locked-content ribbon, plus the strike-through colour of a promoted price.
import type { Decider, DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const PROMOTION_SETTINGS_STREAM = 'promotion-settings';
export const SETTINGS_UPDATED = 'update settings successfully.';

export const RIBBON_BREAKPOINTS = [320, 767, 1024, 1440] as const;
export const DEFAULT_FONT_SIZES = '25px|25px|30px|30px';
export const DEFAULT_REMAINING_TIME_FONT_SIZES = '20px|20px|25px|25px';
export const RIBBON_POSITIONS = ['above menu', 'above hero', 'below hero'] as const;
export type RibbonPosition = (typeof RIBBON_POSITIONS)[number];

export interface RibbonSettings {
  ribbon_background_color: string;
  promo_text_color: string;
  ribbon_padding_top: number; // px
  ribbon_padding_bottom: number; // px
  promo_text_font: string;
  promo_text_font_size: string; // four sizes separated by '|'
  remaining_time_font_size: string;
  ribbon_animation: string;
  animation_delay: number; // ms
  animation_duration: number; // ms
  position: RibbonPosition;
}

export interface PromotionSettings {
  subscription: RibbonSettings;
  locked_content: RibbonSettings;
  price_strike_through_color: string;
}

const DEFAULT_RIBBON: RibbonSettings = {
  ribbon_background_color: '#e91e63',
  promo_text_color: '#ffffff',
  ribbon_padding_top: 10,
  ribbon_padding_bottom: 10,
  promo_text_font: 'inherit',
  promo_text_font_size: DEFAULT_FONT_SIZES,
  remaining_time_font_size: DEFAULT_REMAINING_TIME_FONT_SIZES,
  ribbon_animation: 'none',
  animation_delay: 0,
  animation_duration: 1000,
  position: 'above menu',
};

export const DEFAULT_PROMOTION_SETTINGS: PromotionSettings = {
  subscription: { ...DEFAULT_RIBBON },
  locked_content: { ...DEFAULT_RIBBON },
  price_strike_through_color: '#ff1744',
};

const SIZE = /^\d{1,3}(\.\d{1,2})?px$/;

export const isFourSizes = (value: string): boolean => {
  const parts = value.split('|').map((s) => s.trim());
  return parts.length === 4 && parts.every((p) => SIZE.test(p));
};

/** The four sizes of a setting; an invalid value (wrong count or unit) falls back to the default. */
export function fourSizes(value: string | null | undefined, fallback: string = DEFAULT_FONT_SIZES): [string, string, string, string] {
  const v = value && isFourSizes(value) ? value : fallback;
  return v.split('|').map((s) => s.trim()) as [string, string, string, string];
}

/** The size for a screen width: the largest breakpoint not above it (below 320 uses the first). */
export function sizeForWidth(value: string | null | undefined, width: number, fallback: string = DEFAULT_FONT_SIZES): string {
  const sizes = fourSizes(value, fallback);
  let i = 0;
  RIBBON_BREAKPOINTS.forEach((bp, idx) => {
    if (width >= bp) i = idx;
  });
  return sizes[i];
}

const COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function validateRibbon(prefix: string, r: Partial<RibbonSettings>): void {
  const bad = (field: string, message = 'Invalid request.') => new ValidationError(`${prefix}.${field}`, message);
  for (const f of ['ribbon_background_color', 'promo_text_color'] as const) if (r[f] !== undefined && !COLOUR.test(r[f]!)) throw bad(f, 'Please enter a valid colour.');
  for (const f of ['ribbon_padding_top', 'ribbon_padding_bottom'] as const) if (r[f] !== undefined && !(Number.isInteger(r[f]) && r[f]! >= 0 && r[f]! <= 200)) throw bad(f);
  for (const f of ['animation_delay', 'animation_duration'] as const) if (r[f] !== undefined && !(Number.isInteger(r[f]) && r[f]! >= 0 && r[f]! <= 60_000)) throw bad(f);
  for (const f of ['promo_text_font_size', 'remaining_time_font_size'] as const)
    if (r[f] !== undefined && !isFourSizes(r[f]!)) throw bad(f, 'Enter four sizes separated by |, for example 25px|25px|30px|30px.');
  if (r.position !== undefined && !RIBBON_POSITIONS.includes(r.position)) throw bad('position');
  for (const f of ['promo_text_font', 'ribbon_animation'] as const) if (r[f] !== undefined && (typeof r[f] !== 'string' || r[f]!.length > 100)) throw bad(f);
}

export interface PromotionSettingsChanges {
  subscription?: Partial<RibbonSettings>;
  locked_content?: Partial<RibbonSettings>;
  price_strike_through_color?: string;
}

export type PromotionSettingsEvent = DomainEvent<'PromotionSettingsUpdated', { changes: PromotionSettingsChanges; actorId: string; updatedAt: string }>;
export type PromotionSettingsCommand = { type: 'UpdatePromotionSettings'; changes: PromotionSettingsChanges; actorId: string; at: string };

const changedKeys = <T extends object>(current: T, changes: Partial<T> | undefined): Partial<T> | undefined => {
  if (!changes) return undefined;
  const out = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && current[k as keyof T] !== v)) as Partial<T>;
  return Object.keys(out).length ? out : undefined;
};

export const promotionSettingsDecider: Decider<PromotionSettingsCommand, PromotionSettingsEvent, PromotionSettings> = {
  initialState: () => structuredClone(DEFAULT_PROMOTION_SETTINGS),
  evolve: (state, event) => ({
    subscription: { ...state.subscription, ...event.data.changes.subscription },
    locked_content: { ...state.locked_content, ...event.data.changes.locked_content },
    price_strike_through_color: event.data.changes.price_strike_through_color ?? state.price_strike_through_color,
  }),
  decide(command, state) {
    const c = command.changes;
    if (c.subscription) validateRibbon('subscription', c.subscription);
    if (c.locked_content) validateRibbon('locked_content', c.locked_content);
    if (c.price_strike_through_color !== undefined && !COLOUR.test(c.price_strike_through_color))
      throw new ValidationError('price_strike_through_color', 'Please enter a valid colour.');
    const changes: PromotionSettingsChanges = {};
    const sub = changedKeys(state.subscription, c.subscription);
    const locked = changedKeys(state.locked_content, c.locked_content);
    if (sub) changes.subscription = sub;
    if (locked) changes.locked_content = locked;
    if (c.price_strike_through_color !== undefined && c.price_strike_through_color !== state.price_strike_through_color)
      changes.price_strike_through_color = c.price_strike_through_color;
    return Object.keys(changes).length ? [{ type: 'PromotionSettingsUpdated', data: { changes, actorId: command.actorId, updatedAt: command.at } }] : [];
  },
};

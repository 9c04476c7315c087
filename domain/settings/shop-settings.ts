// The shop's settings (console → Settings → Shop, the `shop` settings call): whether the shop is open, which
// visitors see it in the menu, how prices are shown, how often and how long a bought digital item can be downloaded. Taxes are left out: prices are what the fan pays, and
// `taxes_apply` stays false until tax rules exist (the setting is refused on).
import { ValidationError } from '../shared/validation';
import type { Role } from '../shared/wire';
import { DEFAULT_DOWNLOAD_RULES, DOWNLOAD_RULE_BOUNDS, type DownloadRules } from '../shop-download/download';

/** Who the shop's menu entry is shown to: guests, fans, and staff (who always reach the console pages). */
export type ShopMenuAudience = 'guest' | 'user' | 'staff';
export const SHOP_MENU_AUDIENCES: readonly ShopMenuAudience[] = ['guest', 'user', 'staff'];

export interface ShopSettings {
  enabled: boolean;
  menu_visible_to: ShopMenuAudience[];
  /** How amounts are shown: '$12.00' (symbol) or '12.00 USD' (code). Money is always USD cents. */
  currency_display: 'symbol' | 'code';
  taxes_apply: boolean;
  /** Downloads of each bought digital item. */
  download_limit: number;
  /** Days after delivery a digital item can be downloaded. */
  download_days: number;
  /** Minutes each download's file link lasts. */
  download_link_minutes: number;
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  enabled: false, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false,
  download_limit: DEFAULT_DOWNLOAD_RULES.limit, download_days: DEFAULT_DOWNLOAD_RULES.days, download_link_minutes: DEFAULT_DOWNLOAD_RULES.linkMinutes,
};

const DOWNLOAD_FIELDS = [
  ['download_limit', DOWNLOAD_RULE_BOUNDS.limit, 'downloads'],
  ['download_days', DOWNLOAD_RULE_BOUNDS.days, 'days'],
  ['download_link_minutes', DOWNLOAD_RULE_BOUNDS.linkMinutes, 'minutes'],
] as const;

/** The download rules the settings hold (defaults for settings saved before they existed). */
export const downloadRulesOf = (s: Partial<ShopSettings> | undefined): DownloadRules => ({
  limit: s?.download_limit ?? DEFAULT_DOWNLOAD_RULES.limit,
  days: s?.download_days ?? DEFAULT_DOWNLOAD_RULES.days,
  linkMinutes: s?.download_link_minutes ?? DEFAULT_DOWNLOAD_RULES.linkMinutes,
});

export const SHOP_CLOSED = 'The shop is closed.';
export const TAXES_NOT_SUPPORTED = 'Taxes are not supported yet: prices are what the fan pays.';

export function mergeShopSettings(current: ShopSettings, change: Partial<ShopSettings>): ShopSettings {
  const next = { ...DEFAULT_SHOP_SETTINGS, ...current, ...change };
  if (next.taxes_apply) throw new ValidationError('taxes_apply', TAXES_NOT_SUPPORTED);
  for (const [field, [min, max], unit] of DOWNLOAD_FIELDS) {
    const v = next[field];
    if (!Number.isInteger(v) || v < min || v > max) throw new ValidationError(field, `${field} must be a whole number of ${unit} from ${min} to ${max}.`);
  }
  return { ...next, menu_visible_to: SHOP_MENU_AUDIENCES.filter((a) => next.menu_visible_to.includes(a)) };
}

/** The audience a role belongs to, for the menu switch; a guest has no role. */
export const shopAudienceOf = (role: Role | null): ShopMenuAudience => (role === null ? 'guest' : role === 'user' || role === 'proxy_user' ? 'user' : 'staff');

/** Whether the shop (menu entry and public pages) is shown to a visitor: open, and their audience is ticked; staff always. */
export const shopShownTo = (s: ShopSettings, role: Role | null): boolean =>
  shopAudienceOf(role) === 'staff' || (s.enabled && s.menu_visible_to.includes(shopAudienceOf(role)));

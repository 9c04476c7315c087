// Site settings (stream `site-settings`): what the creator configures. Defaults apply until changed.
import type { Decider, DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { EngagementVisibility } from '../engagement/wire';

export const SETTINGS_STREAM = 'site-settings';

export const DEFAULT_SETTINGS = {
  model_name: 'Fanclub Creator',
  model_avatar_url: null as string | null,
  theme_color: '#e91e63',
  theme_font_color: '#ffffff',
  content_color: '#121212',
  content_font_color: '#f5f5f5',
  site_font_color: '#f5f5f5',
  card_background_color: '#1e1e1e',
  button_shadow_color: '#00000066',
  font_family: 'Inter, Roboto, "Helvetica Neue", Arial, sans-serif',
  membership_price_cents: 999,
  recurring_membership_price_cents: 999,
  content_unlock_minimum_amount: 5,
  content_unlock_maximum_amount: 450,
  enable_public_post: true,
  /** Feed tags (spec 2 §3): tag posts and let signed-in fans filter the feed by tag. */
  feed_tags_enable: true,
  is_pagination_on_exclusive_content_enabled: false,
  footer_text_html: null as string | null,
  payment_api_version: 'v2' as 'v1' | 'v2',
  enable_ccbill_rest_api: true,
  is_sticky_io_enabled: false,
  /** Age gate for guests (spec 1 §4), remembered by a local flag. */
  show_age_modal: true,
  age_gate_age: 18,
  /** Maintenance page for everyone but admins, except on /login. */
  maintenance_mode: false,
  /** Countries (ISO alpha-2) the site is closed to: their visitors get HTTP 430, staff excepted. */
  blocked_countries: [] as string[],
  maintenance_html: '<h1>We will be back soon</h1><p>The site is down for scheduled maintenance.</p>',
  /** Likes and comments on posts (spec 2 §6): on, and visible to everyone, until the creator changes it. */
  is_feed_like_enabled: true,
  is_feed_comment_enabled: true,
  like_visibility: 'everyone' as EngagementVisibility,
  comment_visibility: 'everyone' as EngagementVisibility,
};

export type SiteSettings = typeof DEFAULT_SETTINGS;

export type SettingsEvent = DomainEvent<'SiteSettingsUpdated', { changes: Partial<SiteSettings> }>;

export const settingsDecider: Decider<{ type: 'UpdateSettings'; changes: Partial<SiteSettings> }, SettingsEvent, SiteSettings> = {
  initialState: () => ({ ...DEFAULT_SETTINGS }),
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
  decide(command, state) {
    const min = command.changes.content_unlock_minimum_amount ?? state.content_unlock_minimum_amount;
    const max = command.changes.content_unlock_maximum_amount ?? state.content_unlock_maximum_amount;
    if (min > max) throw new ValidationError('content_unlock_minimum_amount', 'The minimum unlock amount cannot be above the maximum.');
    const changed = Object.fromEntries(
      Object.entries(command.changes).filter(([k, v]) => JSON.stringify(state[k as keyof SiteSettings]) !== JSON.stringify(v)),
    ) as Partial<SiteSettings>;
    return Object.keys(changed).length ? [{ type: 'SiteSettingsUpdated', data: { changes: changed } }] : [];
  },
};

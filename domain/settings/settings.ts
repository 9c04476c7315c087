// Site settings (stream `site-settings`): what the creator configures. Defaults apply until changed.
import type { Decider, DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { EngagementVisibility } from '../engagement/wire';
import type { WatermarkPosition } from '../media/watermark';
import { LANDING_DEFAULTS } from './landing';
import { SHELL_DEFAULTS } from './shell';
import { DEFAULT_WALLET_SETTINGS, fundPresetsCents } from '../pricing/pricing';
import { DEFAULT_CHAT_SETTINGS, DEFAULT_PURCHASED_CONTENT_SETTINGS, DEFAULT_STAGGER_SETTINGS } from './chat-settings';
import { SITE_CONFIG_DEFAULTS } from './site-config-settings';
import { APPEARANCE_DEFAULTS } from './appearance';
import { isExternalRegisterPage, NEW_REGISTER_PAGE_INVALID } from './register-page';
import { SUBSCRIPTION_EMAIL_DEFAULTS } from './subscription-email';
import { DEFAULT_SHOP_SETTINGS } from './shop-settings';

export const SETTINGS_STREAM = 'site-settings';

export const DEFAULT_SETTINGS = {
  model_name: 'Fanclub Creator',
  model_avatar_url: null as string | null,
  /** The creator's profile (console → My profile): cover image over the feed, a short bio. */
  model_cover_url: null as string | null,
  model_bio: '',
  /** Fans see "Online now" / "Active 5 min ago" on the creator's avatar; off, the fan API never sends it. */
  show_creator_presence: true,
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
  /** Feed tags: tag posts and let signed-in fans filter the feed by tag. */
  feed_tags_enable: true,
  is_pagination_on_exclusive_content_enabled: false,
  footer_text_html: null as string | null,
  payment_api_version: 'v2' as 'v1' | 'v2',
  enable_ccbill_rest_api: true,
  is_sticky_io_enabled: false,
  /** Card forms ask for the whole billing address whatever the provider (Sticky.io always asks for it). */
  card_form_billing_address: false,
  /** The new-register-page flow: an https address new fans are sent to after registering ('' = off). */
  new_register_page_url: '',
  /** Age gate for guests, remembered by a local flag. */
  show_age_modal: true,
  age_gate_age: 18,
  /** Maintenance page for everyone but admins, except on /login. */
  maintenance_mode: false,
  /** Countries (ISO alpha-2) the site is closed to: their visitors get HTTP 430, staff excepted. */
  blocked_countries: [] as string[],
  maintenance_html: '<h1>We will be back soon</h1><p>The site is down for scheduled maintenance.</p>',
  /** Likes and comments on posts: on, and visible to everyone, until the creator changes it. */
  is_feed_like_enabled: true,
  is_feed_comment_enabled: true,
  like_visibility: 'everyone' as EngagementVisibility,
  comment_visibility: 'everyone' as EngagementVisibility,
  /** Watermark drawn on photo originals and web videos when they are rendered, never on blurred previews (domain/media/watermark.ts). */
  enable_watermark: false,
  /** Empty: the model name. */
  watermark_text: '',
  /** Text height in percent of the image width, 2..20. */
  watermark_size: 5,
  /** #rrggbb or #rrggbbaa (aa: opacity). */
  watermark_color: '#ffffff80',
  watermark_position: 'bottom_right' as WatermarkPosition,
  /** Landing page (theme 3), hero banner, social links and payment icons: ./landing.ts. */
  ...LANDING_DEFAULTS,
  /** Legal and content pages, contact form, custom menu links, links page, announcement banner (./shell.ts). */
  ...SHELL_DEFAULTS,
  // Subscription mails.
  ...SUBSCRIPTION_EMAIL_DEFAULTS,
  /** Like and comment counts on private and locked posts; off hides them from fans. */
  enable_like_count_for_private_locked_post: true,
  enable_comment_count_for_private_locked_post: true,
  /** Whole-dollar bounds of tips, also the price bounds of a reused post. */
  tips_minimum_amount: 5,
  tips_maximum_amount: 500,
  /** Wallet (wallet_settings, domain/pricing WalletSettings): Add Funds presets (comma-separated dollars) and whole-dollar bounds. */
  ...DEFAULT_WALLET_SETTINGS,
  /** Crypto top-ups of the wallet; the sandbox crypto gateway until a provider is configured. */
  is_crypto_payment_enabled: true,
  /** Promotions (domain/promotion): ribbons, promotion prices and the console's promotion button. */
  enable_promotion: true,
  /** Coupons on the subscribe page (domain/coupon); off: every check answers COUPONS_DISABLED. */
  enable_coupons: true,
  /** Returning-member prices (domain/pricing membershipPrices): 0 = not set, the regular price applies. */
  returning_membership_price_cents: 0,
  returning_recurring_membership_price_cents: 0,
  /** Cancellation dialog: a reason list (plus "Other" with a text area) or a plain confirm. */
  is_cancel_subscription_reason_enabled: true,
  cancel_subscription_reasons: ['Too expensive', 'Not enough new content', 'I only wanted to try it', 'Technical problems'] as string[],
  reason_for_cancellation_popup_title: 'Why are you cancelling?',
  /** Subscription migration to the current billing API: popup for members billed on the old one. */
  enable_subscription_migration: false,
  subscription_migration_title: 'Keep your membership',
  subscription_migration_description: 'We are moving memberships to our new billing system. Confirm your card to keep your membership without interruption.',
  /** Pay-per-message: a fan's chat message costs this many whole dollars, unless they hold a credit. */
  is_pay_per_message_enabled: false,
  pay_per_message_amount: 5,
  /** Mass messages to later subscribers (./chat-settings.ts, read by domain/chat/delivery.ts): stagger window, previous-message limit, default delay. */
  ...DEFAULT_STAGGER_SETTINGS,
  /** Earnings hidden: amounts spent hidden from the content manager and the model (live_stream_manager never sees them). */
  hide_earnings: false,
  /** Chat settings (./chat-settings.ts): normal chat off, the row-menu features, the model's expiry sort, bubble colours. */
  chat_settings: { ...DEFAULT_CHAT_SETTINGS },
  /** The fan's purchased-contents page (./chat-settings.ts). */
  purchased_content_settings: { ...DEFAULT_PURCHASED_CONTENT_SETTINGS },
  /** The shop (./shop-settings.ts): closed until the creator opens it. */
  shop_settings: { ...DEFAULT_SHOP_SETTINGS },
  /** Chat booking (domain/chat-booking): fans book paid one-to-one chat slots; off until the creator turns it on. */
  chat_booking_enabled: false,
  /** Live streaming (domain/live): off until the creator turns it on in the live-streaming settings. */
  enable_live_streaming: false,
  /** The socket's debug switch: on, the fan site and the console write every real-time frame they send
   *  and receive to the browser's console (web-shared/realtime/store.ts). The gateway tells each socket (AUTH_OK, SOCKET_DEBUG). */
  enable_socket_debug: false,
  /** The media server's public address as the console shows it (informational: browsers reach it through the API). */
  live_streaming_server_url: '',
  /** One-to-one Go Live billed per minute from the fan's wallet: 0 = free. Integer cents. */
  live_price_per_minute_cents: 0,
  /** The live-session history (report) for the content manager. */
  live_stream_report_enabled: false,
  /** Whether the content manager may export users (the subscribers CSV); off until enabled. */
  content_manager_can_export_users: false,
  /** Reports (/api/reporting-page): the reporting page for the content manager, and its default grouping. */
  content_manager_reporting_enabled: false,
  reporting_default_group: 'day' as 'day' | 'week' | 'month',
  /** SEO, platform and bot-check settings (./site-config-settings.ts; their rules: domain/site-config). */
  ...SITE_CONFIG_DEFAULTS,
  /** Theme 2, background image, payment form, sign-up design, page titles, timestamps, media counts, GA4 (./appearance.ts). */
  ...APPEARANCE_DEFAULTS,
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
    const tipsMin = command.changes.tips_minimum_amount ?? state.tips_minimum_amount;
    const tipsMax = command.changes.tips_maximum_amount ?? state.tips_maximum_amount;
    if (tipsMin > tipsMax) throw new ValidationError('tips_minimum_amount', 'The minimum tip cannot be above the maximum.');
    const fundMin = command.changes.add_fund_minimum_amount ?? state.add_fund_minimum_amount;
    const fundMax = command.changes.add_fund_maximum_amount ?? state.add_fund_maximum_amount;
    if (fundMin > fundMax) throw new ValidationError('add_fund_minimum_amount', 'The minimum fund amount cannot be above the maximum.');
    const staggerMin = command.changes.stagger_min_hours ?? state.stagger_min_hours;
    const staggerMax = command.changes.stagger_max_hours ?? state.stagger_max_hours;
    if (staggerMin > staggerMax) throw new ValidationError('stagger_max_hours', 'The maximum must be at least the minimum');
    const registerPage = command.changes.new_register_page_url;
    if (registerPage && !isExternalRegisterPage(registerPage)) throw new ValidationError('new_register_page_url', NEW_REGISTER_PAGE_INVALID);
    const presets = command.changes.add_fund_default_options;
    if (presets !== undefined && presets.trim() !== '' && fundPresetsCents(presets).length === 0)
      throw new ValidationError('add_fund_default_options', 'Enter the preset amounts separated by commas, e.g. 10,25,50.');
    const changed = Object.fromEntries(
      Object.entries(command.changes).filter(([k, v]) => JSON.stringify(state[k as keyof SiteSettings]) !== JSON.stringify(v)),
    ) as Partial<SiteSettings>;
    return Object.keys(changed).length ? [{ type: 'SiteSettingsUpdated', data: { changes: changed } }] : [];
  },
};

// The console's settings pages (/admin/settings/<page>), as data:
// the settings index (/admin/settings), its search, the Settings menu and the deep links all come from here.
//  - A page with `settings` is drawn by the generic settings page (SettingsPage.tsx) from the inputs in
//    fields.tsx, saved through PUT /admin-api/settings/site like every setting.
//  - A page without is its own screen at `path` (built by its own area: chat, live, shell, push, ...).
// Who may open a page is not repeated here: it is the shared page table's (domain/access/pages.ts), read by
// pageKeyOf() and access.ts, so the index, the menu and the guards agree with the server.
import type { SiteSettings } from '../../../domain/settings/settings';
import { ADMIN_PAGES } from '../../../domain/access/pages';

export type SettingsGroupId = 'look' | 'pages' | 'content' | 'money' | 'messages' | 'site' | 'reports';

export const SETTINGS_GROUPS: readonly { id: SettingsGroupId; label: string; description: string }[] = [
  { id: 'look', label: 'Look and feel', description: 'Colours, fonts, images, the login and sign-up pages' },
  { id: 'content', label: 'Feed and content', description: 'Public posts, likes and comments, counts, tags' },
  { id: 'money', label: 'Prices and payments', description: 'Membership, tips, amounts, payment forms, offers' },
  { id: 'messages', label: 'Chat, messages and live', description: 'Chat, mass messages, live streaming, notifications' },
  { id: 'pages', label: 'Pages and navigation', description: 'Menus, links, banner, contact, help, age gate' },
  { id: 'site', label: 'Website and system', description: 'Name, analytics, mail, storage, cache, bot check' },
  { id: 'reports', label: 'Reports', description: 'What reports show and to whom' },
];

export interface SettingsPageEntry {
  /** The spec's page name: /admin/settings/<slug>. */
  slug: string;
  title: string;
  group: SettingsGroupId;
  description: string;
  /** Settings the generic page edits, in order (keys of the site settings). */
  settings?: readonly (keyof SiteSettings)[];
  /** A page of its own: its console path (under /admin). Default /settings/<slug>. */
  path?: string;
  /** Names people search for that are not labels or keys of the page's inputs. */
  keywords?: readonly string[];
  /** Other console pages that belong with this one (shown as links under its form). */
  related?: readonly { label: string; path: string }[];
  /** Not in the console yet: which package builds it, for the index's completeness test. */
  owner?: string;
}

export const SETTINGS_PAGES: readonly SettingsPageEntry[] = [
  // ---- Look and feel ------------------------------------------------------------------------------------------
  { slug: 'theme', title: 'Theme', group: 'look', description: 'Theme colour, page and card colours, text colours, button shadow and font.',
    settings: ['theme_color', 'theme_font_color', 'content_color', 'card_background_color', 'content_font_color', 'site_font_color', 'button_shadow_color', 'font_family'], keywords: ['colors', 'dark mode', 'typography'] },
  { slug: 'theme-2-settings', title: 'Theme 2', group: 'look', description: 'A full-width banner with the profile image over it at the top of the feed.',
    settings: ['theme2_enabled', 'theme2_banner_image_url', 'theme2_banner_mobile_image_url', 'theme2_profile_image_url'], keywords: ['header', 'layout'] },
  { slug: 'upload-theme-image', title: 'Theme images', group: 'look', description: 'Model profile image, cover image and the theme 2 banner and profile variants.',
    settings: ['model_avatar_url', 'model_cover_url', 'theme2_banner_image_url', 'theme2_banner_mobile_image_url', 'theme2_profile_image_url'], keywords: ['avatar', 'upload', 'picture', 'logo'] },
  { slug: 'background-settings', title: 'Background', group: 'look', description: 'An image behind the fan site\'s pages.',
    settings: ['use_background_image', 'background_image_url'], keywords: ['wallpaper'] },
  { slug: 'landing-page-settings', title: 'Landing page', group: 'look', description: 'The landing page (theme 3): video banners, sections, image grid, colours and fonts.',
    settings: [
      'landing_page_enabled', 'theme3_top_banner_enabled', 'theme3_top_banner_video_url', 'theme3_top_banner_mobile_video_url', 'theme3_main_banner_enabled', 'theme3_main_banner_type',
      'theme3_main_banner_image_url', 'theme3_main_banner_video_url', 'theme3_main_banner_mobile_video_url', 'theme3_model_first_name', 'theme3_model_last_name', 'theme3_show_social_icons',
      'theme3_section1_enabled', 'theme3_section1_title', 'theme3_section1_description', 'theme3_section1_alignment', 'theme3_section1_image_url',
      'theme3_section2_enabled', 'theme3_section2_title', 'theme3_section2_description', 'theme3_section2_alignment', 'theme3_section2_image_url',
      'theme3_grid_enabled', 'theme3_grid_images', 'theme3_section3_enabled', 'theme3_section3_title', 'theme3_section3_description', 'theme3_section3_alignment',
      'theme3_background_color', 'theme3_text_color', 'theme3_heading_font', 'theme3_body_font',
    ], keywords: ['theme 3', 'home page'] },
  { slug: 'banner-image-text', title: 'Hero banner', group: 'look', description: 'The banner over the feed for guests: images or video, logo, text and height.',
    settings: ['banner_enabled', 'banner_type', 'banner_images', 'banner_video_url', 'banner_mobile_video_url', 'banner_logo_url', 'banner_text', 'banner_height'], keywords: ['banner image text'] },
  { slug: 'signup-design', title: 'Sign-up design', group: 'look', description: 'Font sizes of the sign-up page\'s title and description per screen size.',
    settings: ['new_signup_design_title_font_size', 'new_signup_design_description_font_size'], keywords: ['signup page settings', 'register'] },
  { slug: 'login-and-signup-title', title: 'Login and sign-up titles', group: 'look', description: 'The headings of the login and sign-up pages.',
    settings: ['login_page_title', 'signup_page_title'], keywords: ['register', 'heading'] },
  { slug: 'navbar', title: 'Navigation bar', group: 'look', description: 'The log in and sign up labels in the top and bottom bars; the Feed, Membership, Tips and Gallery names and the bar\'s padding are on Menu and links.',
    settings: ['log_in_navbar_name', 'sign_up_navbar_name'], keywords: ['navbar', 'menu labels', 'padding', 'tab names'], related: [{ label: 'Menu and links', path: '/settings/menu-settings' }] },
  { slug: 'show-payment-icons', title: 'Payment icons', group: 'look', description: 'The card icons on the feed, the landing page and the footer.',
    settings: ['show_payment_icons', 'payment_icons'], keywords: ['visa', 'mastercard', 'cards'] },
  { slug: 'timestamp-visibility', title: 'Timestamps', group: 'look', description: 'Show or hide post dates and message times on the fan site.',
    settings: ['show_post_timestamp', 'show_message_timestamp'], keywords: ['date', 'time', 'ago'] },
  { slug: 'watermark', title: 'Watermark', group: 'look', description: 'Text drawn on photos and videos when they are rendered.',
    settings: ['enable_watermark', 'watermark_text', 'watermark_size', 'watermark_color', 'watermark_position'] },

  // ---- Feed and content -------------------------------------------------------------------------------------
  { slug: 'public-post-setting', title: 'Public posts', group: 'content', description: 'Posts everyone can see without a membership.', settings: ['enable_public_post'] },
  { slug: 'display-pagination-on-exclusive-content', title: 'Exclusive content paging', group: 'content', description: 'Load the exclusive-content feed page by page.', settings: ['is_pagination_on_exclusive_content_enabled'], keywords: ['pagination'] },
  { slug: 'show-media-count-in-exclusive-content', title: 'Media counts', group: 'content', description: 'Photo and video counts on members-only and locked posts.', settings: ['show_media_count_in_exclusive_content'], keywords: ['photos', 'videos'] },
  { slug: 'comments', title: 'Likes and comments', group: 'content', description: 'Switch likes and comments, who sees them, counts on locked posts.',
    settings: ['is_feed_like_enabled', 'like_visibility', 'enable_like_count_for_private_locked_post', 'is_feed_comment_enabled', 'comment_visibility', 'enable_comment_count_for_private_locked_post'], keywords: ['blog comment setting'] },
  { slug: 'feed-tags', title: 'Feed tags', group: 'content', description: 'Tag posts and let fans filter the feed by tag.', settings: ['feed_tags_enable'], related: [{ label: 'Manage feed tags', path: '/feed-tags' }] },
  { slug: 'purchased-content-settings', title: 'Purchased content', group: 'content', description: 'The fans\' page of what they bought.' },

  // ---- Prices and payments ----------------------------------------------------------------------------------
  { slug: 'membership-price-settings', title: 'Membership price', group: 'money', description: 'The first payment and each renewal of a membership.',
    settings: ['membership_price_cents', 'recurring_membership_price_cents'], related: [{ label: 'Returning prices, cancel reasons and migration', path: '/subscription-settings' }] },
  { slug: 'subscription-page-settings', title: 'Subscription page', group: 'money', description: 'Colours, corners and padding of the card form fans pay with.',
    settings: ['payment_form_bg_color', 'payment_form_text_color', 'payment_form_btn_bg_color', 'payment_form_btn_text_color', 'payment_form_border_radius', 'payment_form_padding'], keywords: ['payment form', 'checkout'] },
  { slug: 'tip-page-settings', title: 'Tip page', group: 'money', description: 'The smallest and largest tip a fan can send.', settings: ['tips_minimum_amount', 'tips_maximum_amount'] },
  { slug: 'minimum-and-maximum-amounts', title: 'Minimum and maximum amounts', group: 'money', description: 'Bounds of locked-post prices, tips and wallet top-ups.',
    settings: ['content_unlock_minimum_amount', 'content_unlock_maximum_amount', 'tips_minimum_amount', 'tips_maximum_amount', 'add_fund_minimum_amount', 'add_fund_maximum_amount'], keywords: ['limits', 'unlock price'] },
  { slug: 'forum-pay-setting', title: 'Wallet and crypto', group: 'money', description: 'Crypto top-ups of the wallet, Add Funds presets and bounds; the ForumPay keys and live mode (admins).',
    settings: ['is_crypto_payment_enabled', 'add_fund_default_options', 'add_fund_minimum_amount', 'add_fund_maximum_amount'], keywords: ['forumpay', 'add funds', 'pos id', 'api secret', 'live mode'] },
  { slug: 'payment-setting', title: 'Payment settings', group: 'money', description: 'Billing API version, returning prices, cancel reasons and migration.', path: '/subscription-settings', keywords: ['payment api version', 'v1', 'v2', 'billing'] },
  { slug: 'migrate-subscription', title: 'Migrate subscriptions', group: 'money', description: 'The popup that moves members to the current billing API.', path: '/subscription-settings', keywords: ['migration'] },
  { slug: 'subscription-cancellation-reason', title: 'Cancellation reasons', group: 'money', description: 'The reasons fans choose from when they cancel.', path: '/subscription-settings', keywords: ['cancel'] },
  { slug: 'membership-tiers', title: 'Tiers and bundles', group: 'money', description: 'Tiers with their own price and benefits; 3, 6 and 12 months paid up front at a discount.', path: '/membership-tiers', keywords: ['tier', 'vip', 'bundle', 'plan', 'upgrade'] },
  { slug: 'promotion-settings', title: 'Promotions', group: 'money', description: 'Time-limited membership and content prices.', path: '/promotions', keywords: ['discount', 'sale'] },
  { slug: 'coupon', title: 'Coupons', group: 'money', description: 'Coupon codes and their reports.', path: '/coupon-reports', keywords: ['code', 'discount'] },
  { slug: 'resubscribe-offer-settings', title: 'Resubscribe offer', group: 'money', description: 'The offer to fans whose membership ended.', path: '/resubscribe-offer', keywords: ['win back'] },
  { slug: 'ccbill-settings', title: 'CCBill', group: 'money', description: 'Account, subaccount, FlexForm, salt and live mode of the card provider; the DataLink login.',
    keywords: ['card provider', 'flexforms', 'salt', 'datalink', 'live mode'] },
  { slug: 'ccbill-rest-api-settings', title: 'CCBill REST API', group: 'money', description: 'The application ID and secret of CCBill\'s REST API (saved cards).', keywords: ['card provider', 'merchant connect'] },
  { slug: 'sticky-io-setting', title: 'Sticky.io', group: 'money', description: 'Account, API user, campaign, offer, product and billing model of the billing provider.', keywords: ['billing provider', 'lime light', 'postback'] },
  { slug: 'shop', title: 'Shop', group: 'money', description: 'The shop open or closed, who sees it in the menu, how prices are shown.', path: '/settings/shop', related: [{ label: 'Products', path: '/shop/product-list' }, { label: 'Orders', path: '/shop/order-list' }], keywords: ['products', 'orders', 'store', 'merch'] },

  // ---- Chat, messages and live ------------------------------------------------------------------------------
  { slug: 'chat-settings', title: 'Chat settings', group: 'messages', description: 'Normal chat, row-menu features, the model\'s sorts and bubble colours.' },
  { slug: 'pay-per-message', title: 'Pay per message', group: 'messages', description: 'What a fan pays for each chat message.', settings: ['is_pay_per_message_enabled', 'pay_per_message_amount'] },
  { slug: 'hide-earnings', title: 'Hide earnings', group: 'messages', description: 'Hide amounts spent from the model and the content manager.', settings: ['hide_earnings'], keywords: ['amounts spent', 'revenue', 'content manager'] },
  { slug: 'stagger-message-settings', title: 'Stagger messages', group: 'messages', description: 'How mass messages reach fans who subscribe later.' },
  { slug: 'live-streaming-settings', title: 'Live streaming', group: 'messages', description: 'Go live, per-minute price, the sessions report.' },
  { slug: 'purchase-notification-settings', title: 'Purchase notifications', group: 'messages', description: 'Which purchases notify the staff.' },
  { slug: 'web-push-notification', title: 'Web push notifications', group: 'messages', description: 'Push notifications and the installable app.' },
  { slug: 'chat-booking-settings', title: 'Chat booking', group: 'messages', description: 'Paid one-to-one chat slots: on or off, normal chat, slot length, price, notice, cancel deadline, no-shows.',
    keywords: ['book a slot', 'appointment', 'time zone', 'no-show'], related: [{ label: 'Weekly hours', path: '/settings/set-chat-availability/weekly-hours' }, { label: 'Bookings', path: '/settings/set-chat-availability/booking-list' }] },
  { slug: 'set-chat-availability', title: 'Chat availability', group: 'messages', description: 'The booked chats, the weekly hours and the days off.', path: '/settings/set-chat-availability/booking-list',
    keywords: ['bookings', 'weekly hours', 'day off', 'calendar', 'schedule'], related: [{ label: 'Weekly hours', path: '/settings/set-chat-availability/weekly-hours' }] },
  { slug: 'subscription-email-notification', title: 'Subscription emails', group: 'messages', description: 'Mails to fans and staff when memberships start, renew, fail or end.', keywords: ['email', 'notification'] },

  // ---- Pages and navigation ---------------------------------------------------------------------------------
  { slug: 'menu-settings', title: 'Menu settings', group: 'pages', description: 'Which links each audience sees in the menu.' },
  { slug: 'custom-menu-links', title: 'Custom menu links', group: 'pages', description: 'Your own links in the menu.' },
  { slug: 'links-page-settings', title: 'Links page', group: 'pages', description: 'The link-in-bio page.' },
  { slug: 'announcement-banner', title: 'Announcement banner', group: 'pages', description: 'A ribbon at the top of every page.' },
  { slug: 'contact-us-settings', title: 'Contact form', group: 'pages', description: 'The contact form and where its messages go.' },
  { slug: 'help-setting', title: 'Help items', group: 'pages', description: 'The fans\' and staff help centres.' },
  { slug: 'age-modal', title: 'Age gate', group: 'pages', description: 'Ask guests to confirm their age.', settings: ['show_age_modal', 'age_gate_age'], keywords: ['adult', '18'] },
  { slug: 'miscellaneous-pop-up', title: 'Pop-up', group: 'pages', description: 'A pop-up for fans, by audience, shown once per version.', keywords: ['miscellaneous pop-up', 'popup'] },

  // ---- Website and system -----------------------------------------------------------------------------------
  { slug: 'website', title: 'Website', group: 'site', description: 'Model name, footer and social links.',
    settings: ['model_name', 'footer_text_html', 'instagram_url', 'twitter_url', 'facebook_url', 'tiktok_url', 'twitch_url', 'discord_url', 'snapchat_url', 'youtube_url', 'website_url', 'amazon_wishlist_url'], keywords: ['name', 'social'] },
  { slug: 'website-settings', title: 'Website settings', group: 'site', description: 'Google Analytics 4 and maintenance mode.', settings: ['google_analytics_4_measurement_id', 'maintenance_mode', 'maintenance_html'], keywords: ['ga4', 'analytics', 'tracking'] },
  { slug: 'miscellaneous-settings', title: 'Miscellaneous', group: 'site', description: 'Countries the site is closed to; the real-time debug log.', settings: ['blocked_countries', 'enable_socket_debug'], keywords: ['geo block', 'region', 'socket', 'websocket', 'debug'] },
  { slug: 'export-users', title: 'Export users', group: 'site', description: 'Who may download the users list as CSV.', settings: ['content_manager_can_export_users'], keywords: ['csv', 'download'],
    related: [{ label: 'Users list and its export', path: '/users' }] },
  { slug: 'email-configuration', title: 'Email configuration', group: 'site', description: 'The mail server the site sends from, with a test mail.', keywords: ['smtp', 'mail'] },
  { slug: 'aws-settings', title: 'Storage', group: 'site', description: 'Where uploaded media is kept.', keywords: ['s3', 'aws', 'bucket'] },
  { slug: 'platform-settings', title: 'Platform', group: 'site', description: 'The platform the site runs on.' },
  { slug: 'seo-setting', title: 'SEO', group: 'site', description: 'Title, description, social preview, sitemap and robots.', keywords: ['search engine', 'meta'] },
  { slug: 'recaptcha-setting', title: 'Bot check', group: 'site', description: 'The check that keeps bots out of sign-up, login and payments.', keywords: ['recaptcha', 'captcha'] },
  { slug: 'redis-cache', title: 'Cache', group: 'site', description: 'The read cache.', keywords: ['redis'] },
  { slug: 'csv-download', title: 'CSV download', group: 'site', description: 'Every list\'s CSV download in one place, with the recent downloads.', keywords: ['export'] },
  { slug: 'universal-block', title: 'Universal block', group: 'site', description: 'Blocks across sites.', owner: 'P7 WP-11' },
  { slug: 'universal-login', title: 'Universal login', group: 'site', description: 'One login across sites.', owner: 'P7 WP-09' },

  // ---- Reports ----------------------------------------------------------------------------------------------
  { slug: 'reporting-page', title: 'Reporting page', group: 'reports', description: 'What the reports show to the content manager.' },
  { slug: 'opt-in-report', title: 'Opt-in report', group: 'reports', description: 'Fans\' email opt-in statuses.' },
];

/** The console path of a page (under /admin). */
export const pathOf = (p: SettingsPageEntry) => p.path ?? `/settings/${p.slug}`;

/** The generic page's own key in the page table: every form page is opened under the same rule. */
export const SETTINGS_FORM_PAGE = '/admin/settings/:page';

/** The key of domain/access/pages.ts that says who may open this page; null while no page of that name exists. */
export function pageKeyOf(p: SettingsPageEntry): string | null {
  if (p.settings) return SETTINGS_FORM_PAGE;
  const key = `/admin${pathOf(p)}`;
  return Object.hasOwn(ADMIN_PAGES, key) ? key : null;
}

/** Pages that exist in this console (a form page, or a page of its own the page table knows). */
export const existingPages = () => SETTINGS_PAGES.filter(p => pageKeyOf(p) !== null);

export const findPage = (slug: string) => SETTINGS_PAGES.find(p => p.slug === slug);

/** The words a page is found by: title, name, description, keywords and its settings' keys (labels are added by the index). */
export function searchText(p: SettingsPageEntry, labels: readonly string[] = []): string {
  return [p.title, p.slug, p.slug.replace(/-/g, ' '), p.description, ...(p.keywords ?? []), ...(p.settings ?? []), ...labels].join(' ').toLowerCase();
}

/** Pages matching every word of the query (empty query: all). */
export function searchPages(pages: readonly SettingsPageEntry[], query: string, labelsOf: (p: SettingsPageEntry) => readonly string[] = () => []): SettingsPageEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...pages];
  return pages.filter(p => {
    const text = searchText(p, labelsOf(p));
    return words.every(w => text.includes(w));
  });
}

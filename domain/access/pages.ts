// Which role may open which page of the two apps (by role group). Both apps read
// this for their guards and menus; the server enforces the matching API routes (routes.ts).
import type { Role } from '../shared/wire';

export type PageAccess = 'public' | 'authenticated' | readonly Role[];

const ALL_SIGNED_IN: readonly Role[] = ['user', 'content_manager', 'model', 'admin', 'super_admin', 'support', 'sub_admin', 'live_stream_manager', 'proxy_user'];
const PROFILE: readonly Role[] = ['user', 'content_manager', 'model', 'admin', 'super_admin', 'support', 'sub_admin', 'live_stream_manager'];
const FAN: readonly Role[] = ['user', 'proxy_user'];
const ADMINS: readonly Role[] = ['admin', 'super_admin'];
const SETTINGS: readonly Role[] = ['model', 'admin', 'super_admin', 'sub_admin'];
const SUPPORT: readonly Role[] = ['support', 'admin', 'super_admin', 'sub_admin'];
const NOTIFIED_STAFF: readonly Role[] = ['content_manager', 'model', 'admin', 'super_admin', 'sub_admin'];
const STAFF_ALL: readonly Role[] = ['content_manager', 'model', 'admin', 'super_admin', 'support', 'sub_admin', 'live_stream_manager'];
const LIVE_PUBLISHERS: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin'];

/** Fan-site pages (react-router patterns). */
export const FAN_PAGES: Record<string, PageAccess> = {
  '/': 'public',
  '/landing': 'public',
  '/login': 'public',
  '/register': 'public',
  '/forgot-password': 'public',
  '/change-password/:token': 'public',
  '/feed/:blog_id/:from_notification?': 'public',
  '/opt-in-email-verification/:token': 'public',
  '/change-email-verification/:token': FAN,
  '/membership': ALL_SIGNED_IN,
  /** Back from CCBill's payment page: waits for its confirmation (a guest's purchase too, without sign-in). */
  '/payment-return': 'public',
  // What "Membership" shows a guest: the offer, with sign up / log in.
  '/join': 'public',
  '/subscribe': ALL_SIGNED_IN,
  '/profile': PROFILE,
  '/profile/update': PROFILE,
  '/profile/change-password': PROFILE,
  '/profile/payment-method': FAN,
  '/profile/add-new-payment-method': FAN,
  '/profile/wallet': FAN,
  // A fan's own payments and receipts: GET /api/users/payments answers only their own rows.
  '/profile/payments': FAN,
  '/profile/payments/:id': FAN,
  '/profile/cancel-subscription': FAN,
  // Web push preferences: not offered to proxy_user, support or live_stream_manager.
  '/profile/notification-preference': ['user', 'content_manager', 'model', 'admin', 'super_admin', 'sub_admin'],
  '/upload-photo-id': ALL_SIGNED_IN,
  '/tips': 'public',
  '/tips-list': ALL_SIGNED_IN,
  // Private chat: fans with a membership chat with the creator; others get the subscribe prompt,
  // staff are sent to the console's chat (/admin/private-chat).
  '/private-chat': ALL_SIGNED_IN,
  // A fan's purchased contents; staff open a fan's in the console (/admin/purchased-contents/:userId).
  '/purchased-contents/:id?': FAN,
  // Chat booking: a fan books and manages their own chat slots (staff set the availability in the console).
  '/book-slot/:page': FAN,
  // Live streaming: viewers watch here (the API decides who may join); publishers go live in
  // the console (/admin/go-live, /admin/live-stream/:id).
  '/group-live-stream': ALL_SIGNED_IN,
  '/live-stream/:id?': ALL_SIGNED_IN,
  // Legal and content pages, links, forms (public). /chat is the chat's way in (members go
  // on to /private-chat); /gallery and /single-gallery/:id the posts as a media grid.
  '/terms-of-service': 'public',
  '/privacy-policy': 'public',
  '/dmca': 'public',
  '/2257': 'public',
  '/content-removal': 'public',
  '/faq': 'public',
  '/contact-us': 'public',
  '/like-the-website': 'public',
  // Notification centre and help centre: staff pages in the fan site, where the
  // bell is (the console keeps its settings pages); fans' pages for fans and proxy views (user, proxy_user).
  '/notification/:page/:promotionId?': NOTIFIED_STAFF,
  '/purchase-notification': NOTIFIED_STAFF,
  '/user-notification/:page': FAN,
  '/help': STAFF_ALL,
  '/help/:page/:id?': STAFF_ALL,
  '/user-help': FAN,
  '/user-help/:page/:id?': FAN,
  '/links': 'public',
  '/more-links': 'public',
  '/subscription-video': 'public',
  '/service-stopped': 'public',
  '/chat': 'public',
  '/gallery': 'public',
  '/single-gallery/:id': 'public',
  // The landing page's preview for the staff who set it up (protected). /landing stays public.
  '/landing-page-preview': SETTINGS,
  // A custom content page by slug (the console's Pages); anything else is the 404 page.
  '/:path': 'public',
  // The shop: the catalogue is public (the server answers 'The shop is closed.' to an audience the settings leave
  // out); the cart, addresses, checkout and orders are the signed-in fan's own.
  '/shop': 'public',
  '/shop/:id': 'public',
  '/shop/view-cart': 'authenticated',
  '/shop/checkout/:id?': 'authenticated',
  '/shop/shipping-details': 'authenticated',
  '/shop/shipping-details/add': 'authenticated',
  '/shop/shipping-details/edit/:id': 'authenticated',
  '/shop/order-history': 'authenticated',
  '/shop/order-history/:id': 'authenticated',
  '/profile/order-list': 'authenticated',
};

/** Console pages (under /admin). */
export const ADMIN_PAGES: Record<string, PageAccess> = {
  '/admin': [...SETTINGS, 'content_manager', 'support', 'live_stream_manager'],
  // My profile (user menu): every staff member changes their own password; the creator's profile on the same
  // page is for the roles that may save settings (PUT /admin-api/settings/:id).
  '/admin/profile': [...SETTINGS, 'content_manager', 'support', 'live_stream_manager'],
  '/admin/posts': [...SETTINGS, 'content_manager'],
  '/admin/feed-tags': [...SETTINGS, 'content_manager'],
  '/admin/content-manager': [...SETTINGS, 'content_manager'],
  '/admin/subscribers': [...SETTINGS, 'content_manager'],
  '/admin/transactions': SUPPORT.concat(['model']),
  '/admin/crypto-payments': ADMINS,
  '/admin/users': SETTINGS,
  '/admin/settings': SETTINGS,
  // Every settings page drawn from the settings registry (web-admin/src/settings-index/registry.ts):
  // the roles that may save settings (PUT /admin-api/settings/:id). Pages of their own keep their own entries below.
  '/admin/settings/:page': SETTINGS,
  '/admin/setup': ADMINS,
  '/admin/audit': ADMINS,
  '/admin/events': ADMINS,
  '/admin/outbox': ADMINS,
  '/admin/cancellation': ['admin', 'super_admin', 'model'],
  // Membership prices, returning prices, cancel reasons and migration: the settings roles.
  '/admin/subscription-settings': SETTINGS,
  // The shop's products, orders and settings: the settings roles, as the API allows.
  '/admin/shop/product-list': SETTINGS,
  '/admin/shop/add-product': SETTINGS,
  '/admin/shop/edit-product/:id': SETTINGS,
  '/admin/shop/order-list': SETTINGS,
  '/admin/shop/order/edit/:id': SETTINGS,
  '/admin/settings/shop': SETTINGS,
  // Chat booking: the settings roles set the rules and the weekly hours and manage the bookings; support reads the
  // bookings (no cancel or move: the API keeps those to the managers).
  '/admin/settings/chat-booking-settings': SETTINGS,
  '/admin/settings/set-chat-availability/booking-list': SUPPORT.concat(['model']),
  '/admin/settings/set-chat-availability/weekly-hours': SETTINGS,
  // Membership tiers and bundles: the settings roles, as the API allows.
  '/admin/membership-tiers': SETTINGS,
  '/admin/membership-tiers/create': SETTINGS,
  '/admin/membership-tiers/:id': SETTINGS,
  // Promotions, coupons and the resubscribe offer: the settings roles, as the API allows.
  '/admin/promotions': SETTINGS,
  '/admin/promotion-reports': SETTINGS,
  '/admin/promotion-subscribe-users/:promotion_id': SETTINGS,
  '/admin/coupon-reports': SETTINGS,
  '/admin/coupon-reports/coupon-details/:couponId': SETTINGS,
  '/admin/resubscribe-offer': SETTINGS,
  // Reports: the reporting page for the settings roles and the content manager (the API lets the content
  // manager in only with content_manager_reporting_enabled, and hides money under hide_earnings); the other reports
  // for the settings roles (support keeps the transactions link only, though the API lets it read them).
  '/admin/reporting': [...SETTINGS, 'content_manager'],
  '/admin/voids-refund-and-chargeback': SETTINGS,
  '/admin/user-report': SETTINGS,
  '/admin/user-purchase-history': SETTINGS,
  '/admin/unlocked-content-user-list': SETTINGS,
  '/admin/purchased-by/locked-exclusive-content/:blogId/:promotion_id?': SETTINGS,
  '/admin/user-utm-params': SETTINGS,
  '/admin/settings/opt-in-report': SETTINGS,
  '/admin/settings/reporting-page': SETTINGS,
  '/admin/influencer-activity': ADMINS,
  // Private chat (private chat allows every staff role; support reads only).
  '/admin/private-chat': [...SETTINGS, 'content_manager', 'live_stream_manager', 'support'],
  // A fan's purchased contents (chat row menu "View Purchased", chat header): the roles that see chat earnings.
  '/admin/purchased-contents/:userId': [...SETTINGS, 'content_manager', 'support'], // the API also applies hide_earnings
  // Mass and welcome messages: the roles that may send them (not the
  // live-stream manager, not support); who-bought reports for the settings roles (the API also lets support read them).
  '/admin/mass-messages': [...SETTINGS, 'content_manager'],
  '/admin/manage-mass-messages': [...SETTINGS, 'content_manager'],
  '/admin/welcome-messages': [...SETTINGS, 'content_manager'],
  '/admin/purchased-by/mass-message/:_id/:promotion_id?': SETTINGS,
  '/admin/purchased-by/welcome-message/:_id': SETTINGS,
  '/admin/settings/stagger-message-settings': SETTINGS,
  // Chat settings (row-menu features, normal chat, hide_earnings, colours) and the fans' purchased-contents page: the settings roles.
  '/admin/settings/chat-settings': SETTINGS,
  '/admin/settings/purchased-content-settings': SETTINGS,
  // Live streaming: the publishers go live (group: GO LIVE NOW; one-to-one: the chat
  // header's video icon); the live settings for the settings roles; the sessions report as the API allows it
  // (content_manager only with live_stream_report_enabled, which the API checks).
  '/admin/go-live': LIVE_PUBLISHERS,
  '/admin/live-stream/:id': LIVE_PUBLISHERS,
  '/admin/settings/live-streaming-settings': SETTINGS,
  '/admin/live-stream-sessions/:id?': [...SETTINGS, 'content_manager'],
  // Fan shell: page editors, the Pages list, the Contact inbox (support too),
  // the banner, menu, links-page and contact settings: the settings roles, as the API allows.
  '/admin/content-pages': SETTINGS,
  '/admin/edit-terms-of-service': SETTINGS,
  '/admin/edit-privacy-policy': SETTINGS,
  '/admin/edit-dmca': SETTINGS,
  '/admin/edit-2257': SETTINGS,
  '/admin/edit-faq': SETTINGS,
  '/admin/edit-content-removal': SETTINGS,
  '/admin/edit-maintenance-mode': SETTINGS,
  '/admin/contact-messages': SUPPORT.concat(['model']),
  '/admin/settings/announcement-banner': SETTINGS,
  '/admin/settings/custom-menu-links': SETTINGS,
  '/admin/settings/menu-settings': SETTINGS,
  '/admin/settings/links-page-settings': SETTINGS,
  '/admin/settings/contact-us-settings': SETTINGS,
  '/admin/settings/miscellaneous-pop-up': SETTINGS,
  '/admin/settings/web-push-notification': SETTINGS,
  '/admin/settings/subscription-email-notification': SETTINGS,
  // Help items and the staff notification settings.
  '/admin/settings/help-setting': SETTINGS,
  '/admin/settings/purchase-notification-settings': SETTINGS,
  // Admin tools (web-admin/src/tools), as the API allows: the super-admin tools,
  // lookup, health and logs for admins; subscription links and redirect URLs for the settings roles; saved cards for
  // the money roles; the spec's paths that open existing pages (hero banner settings, locked posts).
  '/admin/super-admin-tools': ADMINS,
  '/admin/super-admin-tools/lookup': ADMINS,
  '/admin/generate-subscription-url': SETTINGS,
  '/admin/user-card-list': SUPPORT.concat(['model']),
  '/admin/health-info': ADMINS,
  '/admin/redirect-url/:route?': SETTINGS,
  '/admin/list-redirect-url': SETTINGS,
  '/admin/logs': ADMINS,
  '/admin/banner-image-text': SETTINGS,
  '/admin/locked-exclusive-content': [...SETTINGS, 'content_manager'],
  // Site configuration (web-admin/src/site-config): admins, as the API allows.
  '/admin/settings/email-configuration': ADMINS,
  '/admin/settings/aws-settings': ADMINS,
  '/admin/settings/redis-cache': ADMINS,
  '/admin/settings/platform-settings': ADMINS,
  '/admin/settings/seo-setting': ADMINS,
  '/admin/settings/recaptcha-setting': ADMINS,
  '/admin/settings/csv-download': ADMINS,
  // Payment providers' settings (web-admin/src/payment-providers): admins, as the API allows.
  '/admin/settings/ccbill-settings': ADMINS,
  '/admin/settings/ccbill-rest-api-settings': ADMINS,
  '/admin/settings/sticky-io-setting': ADMINS,
  // The providers' console pages, as the API allows: lookup, products and the test FlexForm for admins; the Sticky.io
  // payments for the money roles (support keeps it, as it keeps the transactions list).
  '/admin/super-admin-tools/sticky-io-lookup': ADMINS,
  '/admin/sticky-io-transactions': SUPPORT.concat(['model']),
  '/admin/sticky-io-subscription-products': ADMINS,
  '/admin/ccbill-test-flex-form': ADMINS,
};

export function mayOpen(table: Record<string, PageAccess>, page: string, role: Role | null): 'allow' | 'login' | 'denied' {
  if (!Object.hasOwn(table, page)) return 'denied';
  const rule = table[page];
  if (rule === 'public') return 'allow';
  if (!role) return 'login';
  if (rule === 'authenticated') return 'allow';
  return rule.includes(role) ? 'allow' : 'denied';
}

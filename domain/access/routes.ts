// Who may call which API route: ONE table, enforced by the server on every request (a route missing from
// it is denied) and read by both apps for their guards and menus.
import { type Role, STAFF_ROLES } from '../shared/wire';
import { CHAT_BLOCKERS, CHAT_MESSAGE_EDITORS, CHAT_MUTERS, CHAT_NICKNAMERS, CHAT_UNREAD_MARKERS, SAVED_REPLY_ROLES } from '../chat/roles';

export type Access = 'public' | 'authenticated' | readonly Role[];

const ADMINS: readonly Role[] = ['admin', 'super_admin'];
/** Settings pages and most console areas: model, admin, sub_admin. */
const MANAGERS: readonly Role[] = [...ADMINS, 'sub_admin', 'model'];
const CONTENT: readonly Role[] = [...MANAGERS, 'content_manager'];
/** Support pages: support, admin, sub_admin; the model sees money too. */
const MONEY: readonly Role[] = [...MANAGERS, 'support'];
/** Who sees everyone's money: reports, transactions, all tips. */
export const MONEY_ROLES = MONEY;
/** Who sees the users list, its records and its export (an export follows the list it exports). */
const USERS_LIST: readonly Role[] = MANAGERS;
/** Everyone signed in except an admin viewing the site as a fan: a proxy session never spends the fan's money. */
const PAYERS: readonly Role[] = ['user', ...STAFF_ROLES];
/** Who goes live (domain/live/live-session.ts LIVE_PUBLISHER_ROLES, repeated here: the table imports no aggregate). */
const LIVE_PUBLISHERS: readonly Role[] = ['model', 'live_stream_manager', 'admin', 'super_admin'];

export const API_ACCESS: Record<string, Access> = {
  // Accounts
  'POST /api/users/register': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/logout': 'authenticated',
  'GET /api/users/me': 'authenticated',
  'POST /api/users/change_old_password': 'authenticated',
  // Account self-service
  'POST /api/users/forgot_password': 'public',
  'POST /api/users/check_token/:token': 'public',
  'POST /api/users/reset_password': 'public',
  'POST /api/users/change_profile_details': 'authenticated',
  'POST /api/users/upload_photo_id': 'authenticated',
  'POST /api/change-email-settings/user-change-email-verification': 'public', // the emailed token is the permission
  'POST /api/change-email-settings/resend-change-email-request': 'authenticated',
  'POST /api/change-email-settings/dismiss-change-email-request': 'authenticated',
  'POST /api/opt-in-email-settings/update-user-opt-in-status': 'authenticated',
  'POST /api/opt-in-email-settings/user-opt-in-email-verification': 'public', // the emailed token is the permission
  'GET /api/update-opt-in-email-popup-display-status': 'authenticated',
  'GET /api/pages/get_html': 'public', // maintenance, the built-in legal and content pages and custom pages
  // A fan's own payments and receipts: the route answers only the caller's own rows.
  'GET /api/users/payments': 'authenticated',
  'GET /api/users/payments/:id': 'authenticated',
  // Purchased contents: a fan's own; staff who see chat earnings, any fan's (api/routes/purchased-contents.ts).
  'GET /api/users/purchased-contents': 'authenticated',
  'POST /api/users/update_last_seen': 'authenticated', // recorded for fans only (api/routes/last-seen.ts)
  // Staff: proxy login and user management
  'POST /api/users/login-as-proxy-user': ADMINS,
  'POST /api/users/get_users_list': MANAGERS,
  'POST /api/admin/update_user_block_status': [...ADMINS, 'model'],
  'GET /api/admin/delete_user': ADMINS,
  'POST /api/admin/update_is_photo_id_accepted_status': MANAGERS,
  'POST /api/admin/update_hide_from_chat_status': MANAGERS,
  'POST /api/admin/mute_message_for_user': CHAT_MUTERS, // mute/unmute: not for the content manager
  'POST /api/users/add_nick_name': CHAT_NICKNAMERS,
  'POST /api/users/save_email_preferences': MANAGERS,
  'POST /api/admin/give_complimentary_subscription': ADMINS,
  'POST /admin-api/users': ADMINS, // create a staff account
  'PUT /admin-api/users/:id': ADMINS, // change a role
  'GET /admin-api/users/export': USERS_LIST, // every row of the list, emails included: the list's roles
  'GET /admin-api/outbox': ADMINS,
  'GET /admin-api/outbox/:id': ADMINS,
  'GET /admin-api/audit': ADMINS,
  'GET /admin-api/audit/:id': ADMINS,
  'GET /admin-api/settings/:id': MANAGERS,
  'PUT /admin-api/settings/:id': MANAGERS,
  'GET /api/users/get_model_details': 'public',
  'GET /api/app_settings/get': 'public',
  // Landing page (theme 3) and its images; the settings themselves go through PUT /admin-api/settings/:id
  'GET /api/app_settings/get_all_theme_3_settings': 'public',
  'GET /api/creator/profile': 'public', // counts and the creator's presence (hidden when the creator turns it off)
  'POST /api/app_settings/upload-theme-image': MANAGERS,
  'POST /api/app_settings/delete-theme-image': MANAGERS,
  // Background settings: the page background image and its on/off key.
  'POST /api/app_settings/upload_theme_background_image': MANAGERS,
  'POST /api/app_settings/update_use_background_image_key': MANAGERS,
  // Feed
  'GET /api/blogs': 'public',
  'GET /api/blogs/all': CONTENT,
  'GET /api/blogs/newest': 'public', // ids and publish times of the newest posts any visitor may list (a guest's "N new posts")
  'GET /api/blog/get-blog-data-by-id': 'public',
  'POST /api/blogs': CONTENT,
  'POST /api/blog/add-new-blog': CONTENT, // the same call as POST /api/blogs
  'POST /api/blogs/delete': MANAGERS,
  // Post lifecycle: "Only admin and model edit posts"; reuse is a creator/admin feature;
  // Review And Post reposts content like the composer does.
  'POST /api/blogs/edit': [...ADMINS, 'model'],
  'POST /api/blog/reuse-blog': MANAGERS,
  'POST /api/blog/post-reviewed-blog': CONTENT,
  // Post engagement: likes and comments; a proxy session neither likes nor comments for the fan
  'POST /api/blog/get-blog-info': 'public',
  'POST /api/blog/get-blog-comment': 'public',
  'POST /api/blog/save-blog-comment': PAYERS,
  'POST /api/blog/remove-blog-comment': PAYERS,
  'POST /api/blog/hide-blog-comment': CONTENT,
  'POST /api/blog/like-dislike': PAYERS,
  'POST /api/blog/block-user-from-commenting': MANAGERS,
  // Feed tags
  'POST /api/feed-tags/': 'authenticated',
  'POST /api/feed-tags/add-or-update': CONTENT,
  'DELETE /api/feed-tags/delete/:id': CONTENT,
  'POST /api/feed-tags/add-or-remove-tag': CONTENT,
  // Payments
  'GET /api/ccbill/get-payment-card': 'authenticated',
  'GET /api/v2/get-payment-card': 'authenticated',
  'POST /api/v2/purchase/add-new-card': PAYERS,
  'POST /api/ccbill/set-primary-card': PAYERS,
  'POST /api/ccbill/remove-card': PAYERS,
  // Billing lookups of the card form (packaged country/state/city and GeoIP data)
  'GET /api/places/countries': 'authenticated',
  'GET /api/places/states': 'authenticated',
  'GET /api/places/cities': 'authenticated',
  'GET /api/places/my-country': 'authenticated',
  'GET /api/users/get_all_countries': 'authenticated',
  'POST /api/users/get_states_of_country': 'authenticated',
  'POST /api/users/get_cities_of_state': 'authenticated',
  'GET /api/ccbill/get-country-from-ip': 'authenticated',
  'POST /api/v2/purchase/subscription': PAYERS,
  'POST /api/v2/subscription/change-tier': PAYERS,
  'POST /api/v2/purchase/blog-content-purchase': PAYERS,
  // The card provider's notices (authorised by their signature) and staff taking money back
  'POST /api/webhooks/sandbox-card': 'public',
  'POST /admin-api/transactions/:id/refund': ADMINS,
  'POST /admin-api/transactions/:id/chargeback': ADMINS, // sandbox control
  // Wallet and crypto top-ups: a proxy session neither tops up nor spends the fan's wallet
  'GET /api/crypto/get-currency-list': 'authenticated',
  'POST /api/crypto/generate-payment-id': PAYERS,
  'POST /api/crypto/add-fund-and-payment': PAYERS,
  'POST /api/crypto/get-transaction-status': PAYERS,
  'POST /api/crypto/get-transaction-info': 'authenticated',
  'POST /api/crypto/wallet-history': 'authenticated',
  'POST /api/crypto/purchase-from-wallet': PAYERS,
  'POST /api/wallet/add-funds-by-card': PAYERS,
  // Tips: fans pay them; the list is a fan's own, or everyone's for the money roles.
  'POST /api/v2/purchase/send-tip': PAYERS, // staff are refused by the command: 'Only fans can send tips.'
  'POST /api/chat/get_tips_list': 'authenticated',
  // Private chat: fans (and a proxy session, read-only) see their conversation; staff see every fan's.
  // Subscription and role rules are the commands' (a non-subscriber gets 'CHAT_NOT_ALLOWED').
  'GET /api/chat/get_messages': 'authenticated',
  'GET /api/chat/get_messages_admin': STAFF_ROLES,
  'GET /api/chat/get_chat_message': 'authenticated',
  'GET /api/chat/get_user_list': STAFF_ROLES,
  'GET /api/chat/get_user_details': STAFF_ROLES,
  'POST /api/chat/get_user_send_message_status': 'authenticated',
  'GET /api/users/get_unread_count': 'authenticated',
  'POST /api/chat/send_message': PAYERS, // staff other than support write; fans pay per message when it is on
  'POST /api/chat/read_message_user': 'authenticated',
  'POST /api/chat/read_message_model': STAFF_ROLES,
  'POST /api/chat/unlock_message_from_user': ['admin', 'super_admin', 'sub_admin'],
  'POST /api/chat/grant_message_credits': MANAGERS,
  // Staff chat actions (api/routes/chat-staff.ts): delete for admin-side senders but live_stream_manager,
  // Block User for admins and the model, Mark As Unread for the model and the content manager.
  'POST /api/chat/delete_message_from_user': CHAT_MESSAGE_EDITORS,
  'POST /api/chat/delete_message_from_all': CHAT_MESSAGE_EDITORS,
  'POST /api/admin/mark-chat-as-unread': CHAT_UNREAD_MARKERS,
  // Saved replies of the chat composer (api/routes/saved-replies.ts): the staff who write in chat, not support.
  'GET /api/chat/saved-replies': SAVED_REPLY_ROLES,
  'POST /api/chat/saved-replies': SAVED_REPLY_ROLES,
  'PUT /api/chat/saved-replies/:id': SAVED_REPLY_ROLES,
  'DELETE /api/chat/saved-replies/:id': SAVED_REPLY_ROLES,
  'POST /api/v2/admin/block-user': CHAT_BLOCKERS,
  'GET /api/chat/get_user_by_id': STAFF_ROLES,
  'POST /api/admin/update_user_chat_email_notifications': MANAGERS,
  'POST /api/app_settings/update_chat_settings': MANAGERS,
  'POST /api/v2/purchase/chat-content-purchase': PAYERS,
  // Mass and welcome messages (domain/chat/mass-wire.ts): senders are the settings roles and the content manager (not
  // live_stream_manager, not support); the purchased-by reports also answer only roles that see chat earnings.
  'POST /api/message/send-mass-message': [...CONTENT],
  'POST /api/message/mass-audience-count': [...CONTENT], // how many fans an audience reaches now, before sending
  'GET /api/message/mass-messages': [...CONTENT],
  'GET /api/message/mass-messages/:id': [...CONTENT],
  'POST /api/message/mass-messages/:id/cancel': [...CONTENT],
  'GET /admin/get-error-mass-messages': [...CONTENT], // the spec's path outside /api: JSON, through this table (api/auth.ts)
  'GET /api/admin/get-error-mass-messages': [...CONTENT],
  'POST /api/message/resend-mass-message': [...CONTENT],
  'GET /api/message/mass-messages/:id/purchased-by': [...CONTENT],
  'POST /api/message/set-welcome-message': [...CONTENT],
  'GET /admin/get-welcome-message': [...CONTENT],
  'GET /api/admin/get-welcome-message': [...CONTENT],
  'GET /api/message/welcome-messages': [...CONTENT],
  'GET /api/message/welcome-messages/:id/purchased-by': [...CONTENT],
  'POST /api/users/set-default-payment-method': PAYERS,
  'POST /api/user/change-payment-method': PAYERS,
  'POST /user/change-payment-method': PAYERS, // the spec's path without /api: an alias, JSON like the rest
  'POST /api/webhooks/sandbox-crypto': 'public', // authorised by the provider's signature
  'POST /api/webhooks/forumpay': 'public', // carries no authority: the payment's state is read back from ForumPay
  // CCBill's payment page (FlexForms): the membership it bills, its card, a payment's status for the return page
  'GET /api/ccbill/set_payment_method': PAYERS,
  'POST /api/ccbill/subscribe_user': PAYERS,
  'GET /api/ccbill/hosted-payment/:id': 'authenticated',
  'GET /api/ccbill/guest-payment/:id': 'public', // a guest purchase's status for the return page: the status alone
  'POST /api/ccbill/pay-guest': 'public', // a locked post bought with an email only (bot check and rate limits as for register)
  'POST /api/webhooks/ccbill': 'public', // verified by the CCBill adapter: source address, account, sale digest
  'GET /api/webhooks/sticky-io': 'public', // verified by the Sticky.io adapter: the secret in the URL, then the order read back
  'POST /api/webhooks/sticky-io': 'public',
  'PUT /api/webhooks/sticky-io': 'public',
  'GET /admin-api/crypto-payments': ADMINS,
  'GET /admin-api/crypto-payments/:id': ADMINS,
  'POST /admin-api/crypto-payments/:id/mark': ADMINS, // sandbox control
  'POST /admin-api/crypto-payments/:id/settle': ADMINS,
  // Promotions, coupons and the resubscribe offer: managed by the settings roles (the
  // promotion button is not for live_stream_manager); fans check a coupon and see the ribbons their promotion gives
  'GET /api/promotion-setting/get-promotion-settings': MANAGERS,
  'POST /api/promotion-setting/save-promotion-settings': MANAGERS,
  'POST /api/promotion-setting/save-promotion': MANAGERS,
  'POST /api/promotion-setting/promotion': MANAGERS,
  'POST /api/promotion-setting/end-promotion': MANAGERS,
  'POST /api/promotion-setting/check-promotion': 'public',
  'POST /api/promotion-setting/get-promotion-reports': MANAGERS,
  'GET /admin-api/promotions': MANAGERS,
  'GET /admin-api/promotions/:id': MANAGERS,
  'GET /admin-api/promotions/export': MANAGERS, // an export lets in the roles of its list
  'GET /admin-api/promotion-purchases': MANAGERS,
  'POST /api/coupon/save': MANAGERS,
  'POST /api/coupon/add': MANAGERS,
  'POST /api/coupon/edit': MANAGERS,
  'POST /api/coupon/check': 'authenticated',
  'GET /api/coupon/get-coupons': MANAGERS,
  'GET /api/coupon/get-details': MANAGERS,
  'GET /admin-api/coupons': MANAGERS,
  'GET /admin-api/coupons/:id': MANAGERS,
  'GET /admin-api/coupon-purchases': MANAGERS,
  'GET /api/resubscribe-offer/get-settings': MANAGERS,
  'PUT /api/resubscribe-offer/save-settings': MANAGERS,
  'GET /api/resubscribe-offer/report': MONEY,
  // Reports (the handlers hide money from roles that may not see earnings, and open the reporting page
  // to the content manager only with content_manager_reporting_enabled). Then the spec's resubscribe-offer paths.
  'PUT /api/resubscribe-offer/save-offer': MANAGERS,
  'POST /api/resubscribe-offer/request-new-resubscription-user-report': MONEY,
  'POST /api/resubscribe-offer/get-new-resubscription-user-report': MONEY,
  'GET /api/reporting-page': MANAGERS,
  'PUT /api/reporting-page': MANAGERS,
  'GET /admin-api/reports/earnings': [...MANAGERS, 'content_manager'],
  'GET /admin-api/reports/earnings/export': [...MANAGERS, 'content_manager'],
  'GET /admin-api/reports/reversals': MONEY,
  'GET /admin-api/reports/reversals/export': MONEY,
  'GET /admin-api/reports/users': MONEY,
  'GET /admin-api/reports/users/export': MONEY,
  'GET /admin-api/reports/purchase-history': MONEY,
  'GET /admin-api/reports/unlocks': MONEY,
  'GET /admin-api/reports/unlocks/export': MONEY,
  'GET /admin-api/reports/posts/:postId/buyers': MONEY,
  'GET /admin-api/reports/opt-in': MANAGERS,
  'GET /admin-api/reports/utm': MANAGERS,
  'GET /admin-api/reports/utm/export': MANAGERS,
  'GET /admin-api/reports/influencer-activity': ADMINS,
  'GET /api/offer/check-offer': 'authenticated',
  // Subscription lifecycle (api/routes/subscriptions.ts): paying (and re-enabling billing) is for PAYERS;
  // a proxy session may read, cancel and close the rebill and migration popups but never pays
  'POST /api/v2/subscription/quote': 'authenticated',
  'GET /api/v2/subscription/details': 'authenticated',
  'POST /api/v2/subscription/cancel-subscription': 'authenticated',
  'POST /api/cancel-subscription': 'authenticated',
  'POST /api/crypto/cancel-subscription': 'authenticated',
  'POST /api/v2/subscription/reactivate': PAYERS,
  'POST /api/users/cancel_complimentary_subscription': 'authenticated',
  'POST /api/users/updateRebillNotificationDate': 'authenticated',
  'POST /api/v2/subscription/retry-rebill': PAYERS,
  'POST /api/v2/purchase/resubscribe-with-card': PAYERS,
  'GET /api/migration-data': 'authenticated',
  'POST /api/save-condition': PAYERS,
  'POST /api/migrate-subscription-for-user': PAYERS,
  'POST /api/v2/purchase/migrate-subscription': PAYERS,
  'POST /api/v2/purchase/subscription-with-card': PAYERS,
  // The CCBill and Sticky.io path sets (domain/payment/provider-paths.ts): the same purchases as their v2 twins.
  'POST /api/ccbill/subscribe-with-card': PAYERS,
  'POST /api/ccbill/resubscribe-with-card': PAYERS,
  'POST /api/ccbill/pay': PAYERS,
  'POST /api/ccbill/blog_charge_by_previous': PAYERS,
  'POST /api/ccbill/charge_by_previous': PAYERS,
  'POST /api/sticky-io/blog-content-purchase': PAYERS,
  'POST /api/sticky-io/send-tip': PAYERS,
  'POST /api/sticky-io/send-tip-from-chat': PAYERS,
  'POST /api/sticky-io/subscribe': PAYERS,
  'POST /api/sticky-io/resubscribe': PAYERS,
  'POST /api/sticky-io/cancel-subscription': 'authenticated',
  'GET /api/migrate-subscription': MANAGERS,
  'POST /api/migrate-subscription': MANAGERS,
  'GET /admin-api/cancellations': [...ADMINS, 'model'],
  'GET /admin-api/cancellations/:id': [...ADMINS, 'model'],
  'GET /admin-api/cancellations/export': [...ADMINS, 'model'],
  'GET /admin-api/subscription-settings/:id': MANAGERS,
  'PUT /admin-api/subscription-settings/:id': MANAGERS,
  // Tiers and bundles: the settings roles.
  'GET /api/membership/plans': 'public', // the tiers and bundles on offer, before signing up
  'GET /admin-api/membership-tiers': MANAGERS,
  'GET /admin-api/membership-tiers/:id': MANAGERS,
  'POST /admin-api/membership-tiers': MANAGERS,
  'PUT /admin-api/membership-tiers/:id': MANAGERS,
  'DELETE /admin-api/membership-tiers/:id': MANAGERS,
  'GET /admin-api/subscription-bundles/:id': MANAGERS,
  'PUT /admin-api/subscription-bundles/:id': MANAGERS,
  // Uploads and media
  // Content staff for any purpose; a subscribed fan for a chat message only (api/routes/chat-fan-media.ts decides:
  // every other role and purpose is 403 there).
  'POST /api/upload/generate_presigned_url': 'authenticated',
  'POST /api/chat/upload_media': 'authenticated', // a subscribed fan registers their chat photo or video (others 403)
  'POST /api/message/send-message': PAYERS, // POST /api/chat/send_message under its universal-chat name
  'PUT /api/upload/put/*': 'public', // authorised by the URL's signature, sent without the Authorization header
  'POST /api/media': CONTENT,
  // The same uploads as multipart form data (one file, or a gallery), registered like POST /api/media
  'POST /api/upload/upload_file': CONTENT,
  'POST /api/upload/upload_gallery_file': CONTENT,
  'GET /media/*': 'public', // authorised by the URL's signature (issued after an entitlement check)
  // Admin post menu on media: content_manager and the model lack Refresh Blur and Send Video Process Request
  'POST /api/upload/rotate_image': CONTENT,
  'POST /api/upload/rotate_modern_image': CONTENT,
  'POST /api/upload/refresh_blur_picture': [...ADMINS, 'sub_admin'],
  'POST /api/upload/refresh_blur_modern_picture': [...ADMINS, 'sub_admin'],
  // …for a chat message the senders except live_stream_manager may ask; posts and mass messages: the admins (handler)
  'POST /api/admin/send_video_process_request': [...ADMINS, 'sub_admin', 'model', 'content_manager'],
  // Content Manager: the media library and its categories
  'GET /api/media/category': CONTENT,
  'POST /api/media/category': CONTENT,
  'POST /api/media/category/update': CONTENT,
  'POST /api/media/category/delete': CONTENT,
  'POST /api/media/get': CONTENT,
  'POST /api/media/add-media-from-category': CONTENT,
  'POST /api/media/remove-media-from-category': CONTENT,
  'POST /api/media/remove-media': CONTENT,
  // Live streaming (api/routes/stream.ts). Publishers: model, live_stream_manager and the admins
  // (domain/live LIVE_PUBLISHER_ROLES). Viewers are decided by the
  // session (subscribers '1'/'2' for group, the invited fan for one-to-one), so those calls are open to everyone signed in.
  'GET /api/stream/get_settings': 'authenticated',
  'POST /api/stream/save_settings': MANAGERS,
  'POST /api/stream/start_stream': LIVE_PUBLISHERS,
  'POST /api/stream/set_stream_data': LIVE_PUBLISHERS,
  'POST /api/stream/stop_stream': [...LIVE_PUBLISHERS, 'sub_admin'],
  'POST /api/stream/add_token': 'authenticated',
  'POST /api/stream/remove_token': 'authenticated',
  'POST /api/stream/send_message': 'authenticated',
  'POST /api/stream/send_tips': PAYERS, // staff are refused by the command: 'Only fans can send tips.'
  'POST /api/stream/get_live_stream_reports': [...MANAGERS, 'content_manager'], // content_manager only with live_stream_report_enabled (handler)
  'POST /api/stream/get_messages': 'authenticated',
  'GET /api/stream/current': 'authenticated',
  'GET /api/stream/viewers': 'authenticated',
  'GET /api/stream/sessions/:id': [...MANAGERS, 'content_manager'],
  // Staff console (react-admin REST)
  'GET /admin-api/dashboard': MANAGERS,
  'GET /admin-api/home': MANAGERS,
  'POST /admin-api/setup/complete': ADMINS,
  'POST /admin-api/setup/dismiss': ADMINS,
  'GET /admin-api/posts': CONTENT,
  'GET /admin-api/posts/:id': CONTENT,
  'POST /admin-api/posts': CONTENT,
  'DELETE /admin-api/posts/:id': MANAGERS,
  'GET /admin-api/media': CONTENT,
  'GET /admin-api/media/:id': CONTENT,
  'GET /admin-api/users': USERS_LIST,
  'GET /admin-api/users/:id': USERS_LIST,
  'GET /admin-api/subscribers': [...MANAGERS, 'content_manager'],
  'GET /admin-api/subscribers/:id': [...MANAGERS, 'content_manager'],
  'GET /admin-api/subscribers/export': [...MANAGERS, 'content_manager'],
  'GET /admin-api/transactions': MONEY,
  'GET /admin-api/transactions/:id': MONEY,
  'GET /admin-api/transactions/export': MONEY,
  'GET /admin-api/events': ADMINS,
  'GET /admin-api/events/:id': ADMINS,
  // Live streaming: the browsers' WebSocket relay to Janus (api/live/janus-relay.ts); a live token decides each join
  'GET /api/stream/janus': 'authenticated',
  // Fan shell (api/routes/shell.ts, contact.ts): page editors, announcement banner, custom menu links,
  // menu and links-page settings for the settings roles; the contact forms are public (rate-limited); the Contact
  // inbox for the settings roles and support.
  'GET /admin-api/content-pages': MANAGERS,
  'GET /admin-api/content-pages/:id': MANAGERS,
  'PUT /admin-api/content-pages/:id': MANAGERS,
  'POST /admin-api/content-pages': MANAGERS,
  'DELETE /admin-api/content-pages/:id': MANAGERS,
  'GET /api/get-announcement-banner-settings': 'public',
  'POST /api/save-announcement-banner-settings': MANAGERS,
  'GET /api/custom-menu/get': 'public',
  'GET /api/custom-menu/all/get': MANAGERS,
  'POST /api/custom-menu/save': MANAGERS,
  'POST /api/custom-menu/status/update': MANAGERS,
  'POST /api/custom-menu/delete': MANAGERS,
  'GET /api/settings/menu-settings': MANAGERS,
  'POST /api/settings/menu-settings': MANAGERS,
  'GET /api/settings/links-page-settings': MANAGERS,
  'POST /api/settings/links-page-settings': MANAGERS,
  'GET /api/settings/contact-us-settings': MANAGERS,
  'POST /api/settings/contact-us-settings': MANAGERS,
  // The miscellaneous announcement popup: the settings roles; fans read it from the public settings.
  'GET /api/settings/miscellaneous-pop-up': MANAGERS,
  'GET /api/settings/navbar': MANAGERS,
  'POST /api/settings/navbar': MANAGERS,
  'POST /api/settings/miscellaneous-pop-up': MANAGERS,
  'POST /api/contact-us': 'public',
  'POST /api/like-the-website': 'public',
  // Web push and the installable app (api/routes/push.ts): the site's switch for the settings roles; a
  // person's preferences and devices for everyone the prompt is offered to (not proxy_user, support or
  // live_stream_manager); anyone signed in may remove a device and report device info.
  'GET /api/notifications/create-one-signal-account': MANAGERS,
  'GET /api/notifications/web-push-notification-settings': MANAGERS,
  'POST /api/notifications/save-web-push-notification-settings': MANAGERS,
  // Subscription mails: the settings roles.
  'GET /api/settings/subscription-email-notification': MANAGERS,
  'POST /api/settings/subscription-email-notification': MANAGERS,
  'GET /api/notifications/user-notification-preferences': 'authenticated',
  // Every payer's own device; the prompt's role rule (not support or the live-stream manager: domain/push
  // pushPromptFor) is the route's, answered 403 PUSH_NOT_OFFERED.
  'POST /api/notifications/save-user-notification-preferences': PAYERS,
  'POST /api/notifications/register-device': PAYERS,
  'POST /api/notifications/unregister-device': 'authenticated',
  'POST /api/services/send-device-info': PAYERS, // not a proxy session: the admin's device is not the fan's
  'GET /manifest.webmanifest': 'public',
  'GET /app-icons/:file': 'public',
  'GET /favicon.ico': 'public',
  // Notification centre and help centre (api/routes/notifications.ts, help.ts): signed in, then the route
  // answers by role (a list naming 'user' here would be the payers' list): the content roles get the staff pages,
  // fans and an admin viewing as one the fans' page and /user-help, support and the live-stream manager neither
  // (403); staff help for staff; the settings and the help editor for the settings roles.
  'GET /api/notifications/unread-counts': 'authenticated',
  'GET /api/notifications/list/:type': 'authenticated',
  'POST /api/notifications/read': 'authenticated',
  'POST /api/notifications/opened': 'authenticated',
  'GET /api/settings/purchase-notification-settings': MANAGERS,
  'POST /api/settings/purchase-notification-settings': MANAGERS,
  'GET /api/user-help/popup-with-notification-count': 'authenticated',
  'GET /api/user-help/read/:id': 'authenticated',
  'POST /api/user-help/list': 'authenticated',
  'GET /api/user-help/details/:id': 'authenticated',
  'POST /api/user-help/list/notifications': 'authenticated',
  'GET /api/help/popup-with-notification-count': STAFF_ROLES,
  'GET /api/help/read/:id': STAFF_ROLES,
  'POST /api/help/list': STAFF_ROLES,
  'GET /api/help/details/:id': STAFF_ROLES,
  'POST /api/help/list/notifications': STAFF_ROLES,
  'GET /api/settings/shop': MANAGERS,
  'POST /api/settings/shop': MANAGERS,
  'GET /api/settings/help-settings': MANAGERS,
  'POST /api/settings/help-settings': MANAGERS,
  'GET /admin-api/help-items': MANAGERS,
  'GET /admin-api/help-items/:id': MANAGERS,
  'POST /admin-api/help-items': MANAGERS,
  'PUT /admin-api/help-items/:id': MANAGERS,
  'DELETE /admin-api/help-items/:id': MANAGERS,
  'GET /admin-api/contact-messages': MONEY,
  'GET /admin-api/contact-messages/:id': MONEY,
  'PUT /admin-api/contact-messages/:id': MONEY,
  'GET /admin-api/contact-messages/export': MONEY, // the inbox's roles
  // Site configuration (api/routes/site-config.ts): email (SMTP), storage and cache (read-only, from the
  // environment), platform, SEO, bot check and CSV downloads for admins; the bot check's challenge, the sitemap
  // and robots.txt are public.
  'GET /api/settings/email-configuration': ADMINS,
  'POST /api/settings/email-configuration': ADMINS,
  'DELETE /api/settings/email-configuration': ADMINS,
  'POST /api/settings/email-configuration/test': ADMINS,
  'GET /api/settings/aws-settings': ADMINS,
  'GET /api/settings/redis-cache-setting': ADMINS,
  'GET /api/settings/platform-settings': ADMINS,
  'POST /api/settings/platform-settings': ADMINS,
  'GET /api/settings/seo-setting': ADMINS,
  'POST /api/settings/seo-setting': ADMINS,
  'GET /api/settings/recaptcha-setting': ADMINS,
  'POST /api/settings/recaptcha-setting': ADMINS,
  'GET /api/settings/csv-download': ADMINS,
  // Payment providers' settings (api/routes/payment-provider-settings.ts): credentials and their test, admins only.
  'GET /api/settings/payment-providers/ccbill': ADMINS,
  'POST /api/settings/payment-providers/ccbill': ADMINS,
  'DELETE /api/settings/payment-providers/ccbill': ADMINS,
  'GET /api/settings/payment-providers/ccbill-rest-api': ADMINS,
  'POST /api/settings/payment-providers/ccbill-rest-api': ADMINS,
  'DELETE /api/settings/payment-providers/ccbill-rest-api': ADMINS,
  'GET /api/settings/payment-providers/ccbill-datalink': ADMINS,
  'POST /api/settings/payment-providers/ccbill-datalink': ADMINS,
  'DELETE /api/settings/payment-providers/ccbill-datalink': ADMINS,
  'GET /api/settings/payment-providers/sticky-io': ADMINS,
  'POST /api/settings/payment-providers/sticky-io': ADMINS,
  'DELETE /api/settings/payment-providers/sticky-io': ADMINS,
  'GET /api/settings/payment-providers/forumpay': ADMINS,
  'POST /api/settings/payment-providers/forumpay': ADMINS,
  'DELETE /api/settings/payment-providers/forumpay': ADMINS,
  'POST /api/settings/payment-providers/:provider/test': ADMINS,
  'GET /api/ccbill-settings': ADMINS,
  'POST /api/ccbill-settings': ADMINS,
  // The providers' console pages (api/routes/provider-console.ts): the Sticky.io lookup, its catalogue and the CCBill
  // test FlexForm for admins (an email lookup shows only lower ranks); the Sticky.io payments list for the money roles.
  'GET /admin-api/sticky-io/lookup': ADMINS,
  'GET /admin-api/sticky-io/transactions': MONEY,
  'GET /admin-api/sticky-io/transactions/export': MONEY,
  'GET /admin-api/sticky-io/products': ADMINS,
  'POST /admin-api/ccbill/test-flex-form': ADMINS,
  'GET /api/bot-check/challenge': 'public',
  'GET /sitemap.xml': 'public',
  'GET /robots.txt': 'public',
  // Admin tools and user-management extras (api/routes/admin-tools.ts). The lookup by email is
  // the super-admin tools' (admins only; lower ranks only). Subscription links are priced offers: the roles that
  // run promotions. Saved cards and a user's transactions: the money roles (lower ranks only). Health: admins.
  'POST /api/users/get_users_data_from_email': ADMINS,
  'POST /api/users/get_users_list_from_email': ADMINS,
  'POST /api/generate_subscription_url/generate_subscription_url': MANAGERS,
  'GET /admin-api/subscription-links': MANAGERS,
  'GET /api/subscription-link/check': 'public', // the link's signature is the permission; the join page reads it
  'GET /admin-api/user-cards': MONEY,
  'GET /admin-api/health': ADMINS,
  'GET /admin-api/redirect-urls': MANAGERS,
  'GET /admin-api/redirect-urls/:id': MANAGERS,
  'POST /admin-api/redirect-urls': MANAGERS,
  'PUT /admin-api/redirect-urls/:id': MANAGERS,
  'DELETE /admin-api/redirect-urls/:id': MANAGERS,
  'GET /api/redirect-url': 'public', // the fan site's /:path
  'POST /api/admin/add_is_photo_id_accepted_status': MANAGERS,
  'GET /api/admin/get_transactions_details': MONEY,
  'POST /api/admin/update_user_migration_subscription': MANAGERS,
  // The shop (api/routes/shop.ts, shop-console.ts): the catalogue is public (the settings' menu switch per audience
  // is the route's, 404 'The shop is closed.'); a cart, addresses and orders are the caller's own; checkout is for
  // payers (staff are refused by the command: 'Only fans can place orders.'); the catalogue and fulfilment for the
  // settings roles.
  'GET /api/shop/products': 'public',
  'GET /api/shop/products/:id': 'public',
  'GET /api/shop/cart': 'authenticated',
  'POST /api/shop/cart': PAYERS,
  'PUT /api/shop/cart/:variantId': PAYERS,
  'DELETE /api/shop/cart/:variantId': PAYERS,
  'GET /api/shop/addresses': 'authenticated',
  'POST /api/shop/addresses': PAYERS,
  'PUT /api/shop/addresses/:id': PAYERS,
  'DELETE /api/shop/addresses/:id': PAYERS,
  'POST /api/shop/checkout': PAYERS,
  'GET /api/shop/orders': 'authenticated',
  'GET /api/shop/orders/:id': 'authenticated',
  // A digital item of the caller's own paid order (the buyer only; the command refuses anyone else).
  'POST /api/shop/orders/:id/lines/:lineNo/download': 'authenticated',
  'GET /admin-api/shop/products': MANAGERS,
  'POST /admin-api/shop/products': MANAGERS,
  'GET /admin-api/shop/products/:id': MANAGERS,
  'PUT /admin-api/shop/products/:id': MANAGERS,
  'DELETE /admin-api/shop/products/:id': MANAGERS,
  'POST /admin-api/shop/products/:id/publish': MANAGERS,
  'POST /admin-api/shop/products/:id/unpublish': MANAGERS,
  'GET /admin-api/shop/orders': MANAGERS,
  'GET /admin-api/shop/orders/:id': MANAGERS,
  'POST /admin-api/shop/orders/:id/ship': MANAGERS,
  'POST /admin-api/shop/orders/:id/complete': MANAGERS,
  'POST /admin-api/shop/orders/:id/cancel': MANAGERS,
  'POST /admin-api/shop/orders/:id/refund': MANAGERS,
  // Chat booking (api/routes/chat-booking.ts): a fan books, cancels and moves their own slots (the route answers
  // another fan's booking as not found); the countdown is every signed-in caller's own (staff: anyone's with
  // isAdmin); staff set the availability, the allowed-to-chat list and cancel or move any booking; support reads the bookings.
  'POST /api/chat/get_next_meeting_time': 'authenticated',
  'POST /api/chat/update_allow_user_to_chat': MANAGERS,
  'GET /api/chat-booking/slots': 'authenticated',
  'POST /api/chat-booking/bookings': PAYERS,
  'GET /api/chat-booking/bookings': 'authenticated',
  'POST /api/chat-booking/bookings/:id/cancel': PAYERS,
  'POST /api/chat-booking/bookings/:id/reschedule': PAYERS,
  'GET /admin-api/chat-booking/availability': MANAGERS,
  'PUT /admin-api/chat-booking/availability': MANAGERS,
  'GET /admin-api/chat-booking/bookings': MONEY,
  'POST /admin-api/chat-booking/bookings/:id/cancel': MANAGERS,
  'POST /admin-api/chat-booking/bookings/:id/reschedule': MANAGERS,
  // The API's own description (api/openapi.ts): public, like the route table itself, which both apps ship
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public', // also answers /api/docs/
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  // Operations: the Prometheus metrics (api/routes/metrics.ts). Admins; a scraper's FANCLUB_METRICS_TOKEN is checked
  // by the route itself before the session check, and without that variable set no scraper gets in.
  'GET /metrics': ADMINS,
};

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** Deny by default: an unknown route is forbidden; a role must be listed for the route. */
export function decideAccess(routeKey: string, role: Role | null): AccessDecision {
  if (!Object.hasOwn(API_ACCESS, routeKey)) return 'forbidden';
  const rule = API_ACCESS[routeKey];
  if (rule === 'public') return 'allow';
  if (!role) return 'unauthenticated';
  if (rule === 'authenticated') return 'allow';
  return rule.includes(role) ? 'allow' : 'forbidden';
}

/** Console resources each role may open (the console's menu and guards). */
export function allowedAdminResources(role: Role): string[] {
  return ['posts', 'media', 'users', 'subscribers', 'transactions', 'events'].filter(
    (r) => decideAccess(`GET /admin-api/${r}`, role) === 'allow',
  );
}

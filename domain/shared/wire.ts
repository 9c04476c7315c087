// Wire types shared by the server (api/) and both apps (web-fan/, web-admin/).
// Field names follow the spec's API (snake_case and _id where the spec uses them). Money on the wire is
// dollars (`amount`, as the spec's calls send it) next to integer cents (`amount_cents`) for exactness.
//
// Every JSON answer of /api is an envelope: { success: 1, message?: string, data: T, position?: string }
// or, on failure, { success: 0, message: string, code: string, field?: string } with a 4xx status.
// `position` is the event-log position a command wrote; pass it back as `?wait_for=<position>` on a
// query to read your own write (the query waits, bounded, until the read models have reached it).
// State-changing requests may send an `Idempotency-Key` header: a retry with the same key returns the
// first answer and never applies twice.
// Auth: `Authorization: <token>` (the raw token, as the spec's site sends it; "Bearer <token>" also works).

import type { HeroBannerSettings, PaymentIconBrand, SocialLinks } from '../settings/landing';

export type Role =
  | 'user'
  | 'admin'
  | 'super_admin'
  | 'sub_admin'
  | 'model'
  | 'content_manager'
  | 'live_stream_manager'
  | 'support'
  | 'proxy_user';

export const STAFF_ROLES: readonly Role[] = [
  'admin',
  'super_admin',
  'sub_admin',
  'model',
  'content_manager',
  'live_stream_manager',
  'support',
];

/** '0' none, '1' and '2' subscribed (spec 1 §4). */
export type SubscriptionStatusCode = '0' | '1' | '2';

export interface ApiOk<T> {
  success: 1;
  message?: string;
  data: T;
  position?: string;
}

export interface ApiError {
  success: 0;
  message: string;
  code: string;
  field?: string;
}

/** GET /api/users/me */
export interface MeView {
  _id: string;
  email: string;
  name: string;
  role: Role;
  isAdmin: boolean;
  isSubscribedEver: boolean;
  ccbillSubscriptionStatus: SubscriptionStatusCode;
  expiration_date: string | null;
  next_billing_date: string | null;
  default_payment_method: string | null; // 'crypto_currency' or a saved card id
  wallet_amount: number; // dollars
  wallet_amount_cents: number;
  isRebillFailed: boolean;
  /** Running on complimentary time that does not renew: cancelled with POST /api/users/cancel_complimentary_subscription. */
  has_complimentary_subscription?: boolean;
  /** The membership's terms and rebill state (null: never subscribed). */
  subscription_detail?: SubscriptionDetail | null;
  avatarUrl: string | null;
  created_at: string;
  /** pending | opt_out | link_sent | dismissed | no_thanks | no_thanks_opt_out | opted_in (spec 1 §4) */
  emailOptInStatus: string;
  /** When the last opt-in or change-email mail was sent (the 2-minute resend wait counts from it). */
  emailLinkSentAt: string | null;
  /** A change of email waiting for verification, or null. */
  pendingEmailChange: { email: string; requested_at: string } | null;
  isPhotoIdAccepted: boolean;
  photoIdStatus: 'none' | 'uploaded' | 'accepted';
  /** Set when an admin is acting as this user (proxy login). */
  proxyAdminId: string | null;
}

/** MeView.subscription_detail (spec 1 §3 User.subscription_detail, with the lifecycle's dates). */
export interface SubscriptionDetail {
  recurring_price: number; // dollars
  recurring_price_cents: number;
  is_rebill_failed: boolean;
  /** First membership start. */
  created_at: string;
  cancelled_at: string | null;
  /** When the failing rebill is retried next (null when not failing or retries are over). */
  rebill_retry_at: string | null;
  rebill_failed_at: string | null;
  rebill_failure_code: string | null;
  /** When the fan last closed the rebill-failed popup (POST /api/users/updateRebillNotificationDate). */
  rebill_notification_date: string | null;
  /** 'visa •••• 4242', 'wallet', 'complimentary', 'free' */
  payment_method: string;
  /** The billing API the membership is on (migration, spec 1 §7). */
  billing_api: 'v1' | 'v2' | null;
  renews: boolean;
}

/** POST /api/users/register and /api/users/login → data */
export interface AuthResult {
  token: string;
  userId: string;
  /** Where the fan site goes next when no pre-login route was saved (spec 1 §2). */
  url: string;
  showMergePopup: false;
  showForgotPasswordPopup: false;
  showOldUserMergePopup: false;
}

/** GET /api/app_settings/get → data (the public subset of the site settings) */
export interface PublicSettings {
  model_name: string;
  model_avatar_url: string | null;
  /** The creator's profile (console → My profile): cover image and bio shown over the feed. */
  model_cover_url?: string | null;
  model_bio?: string;
  /** 'outbox' when no SMTP_URL is set: mail waits in the console's Outbox, so the fan is told it was not sent. */
  mail_delivery?: 'smtp' | 'outbox';
  theme_color: string;
  theme_font_color: string;
  content_color: string;
  content_font_color: string;
  site_font_color: string;
  card_background_color: string;
  button_shadow_color: string;
  font_family: string;
  membership_price: number; // dollars
  recurring_membership_price: number;
  content_unlock_minimum_amount: number;
  content_unlock_maximum_amount: number;
  /** Bounds of tips and of a reused post's price (spec 2 §5). */
  tips_minimum_amount: number;
  tips_maximum_amount: number;
  enable_public_post: boolean;
  /** Feed-tag filter on the feed (signed-in users only). */
  feed_tags_enable: boolean;
  is_pagination_on_exclusive_content_enabled: boolean;
  footer_text_html: string | null;
  payment_api_version: 'v1' | 'v2';
  /** Where a fan goes after registering: '/subscribe' (card REST API flows) or '/membership'. */
  after_register_route: '/subscribe' | '/membership';
  sandbox_payments: boolean;
  show_age_modal: boolean;
  age_gate_age: number;
  maintenance_mode: boolean;
  /** Likes / comments switched on at all (spec 2 §6); the counts themselves come per post (null when hidden). */
  is_feed_like_enabled: boolean;
  is_feed_comment_enabled: boolean;
  /** Guests at / see the landing page (GET /api/app_settings/get_all_theme_3_settings); also at /landing. */
  landing_page_enabled: boolean;
  log_in_navbar_name: string;
  sign_up_navbar_name: string;
  /** Hero banner on the feed (hidden for members). */
  hero_banner: HeroBannerSettings;
  /** Only the networks the creator filled in. */
  social_links: SocialLinks;
  /** Card brands to show; empty when the icons are off. */
  payment_icons: PaymentIconBrand[];
  /** Wallet (spec 1 §3 wallet_settings): Add Funds presets (comma-separated dollars) and whole-dollar bounds. */
  /** (Optional for clients holding settings cached before wallets existed.) */
  wallet_settings?: { add_fund_default_options: string; add_fund_minimum_amount: number; add_fund_maximum_amount: number };
  is_crypto_payment_enabled?: boolean;
  /** Promotions (ribbons, promotion prices: POST /api/promotion-setting/check-promotion) and coupons on the subscribe page. */
  enable_promotion?: boolean;
  enable_coupons?: boolean;
  /** Pay-per-message (spec 3 §4): fans' chat messages cost pay_per_message_amount dollars unless they hold a credit. */
  is_pay_per_message_enabled?: boolean;
  pay_per_message_amount?: number;
}

export type MediaKind = 'photo' | 'video';

/** One media item of a post, as the viewer is entitled to see it. */
export interface PostMediaView {
  _id: string;
  content_type: MediaKind;
  /** Signed, short-lived URL of the original; null when the viewer is not entitled (locked/private). */
  url: string | null;
  thumbnail_url: string | null; // null when not entitled
  blur_url: string; // always available: the blurred preview
  width: number;
  height: number;
  video_duration: number | null;
}

export type PostVisibility = 'public' | 'private' | 'locked';

/** GET /api/blogs → data.blogs[], GET /api/blog/get-blog-data-by-id → data */
export interface PostView {
  _id: string;
  description: string;
  /** Caption is blurred (hidden) for viewers who cannot see the post. */
  captionBlur: boolean;
  visibility: PostVisibility;
  public: boolean;
  isLocked: boolean; // locked for THIS viewer (not entitled)
  is_unlocked: boolean; // this viewer bought it
  amount: number; // price in dollars (locked posts), 0 otherwise
  amount_cents: number;
  date: string; // ISO publish time
  /** false: scheduled for later (only staff see such posts, in GET /api/blogs/all). */
  is_published: boolean;
  /** Some item is still being processed: hidden from fans; staff see 'This post is under process. …'. */
  processing: boolean;
  /** Some item failed processing: hidden from fans; staff see the error text and Review And Post. */
  isError: boolean;
  /** Positions in `media` of the items that failed. */
  gallery_process_error_index: number[];
  is_demo: boolean;
  /** Each item; `url`/`thumbnail_url` are null unless the viewer is entitled, or the item is the locked post's preview. */
  media: PostMediaView[];
  /** A locked post's preview item, shown unblurred to everyone (signed original and thumbnail); null without one. */
  media_preview: PostMediaView | null;
  isPreviewEnable: boolean;
  /** A library category id, or null. */
  category_id: string | null;
  /** Reuse: the root post this post is a version of; null for an original. */
  version_of: string | null;
  blogType: 'text' | 'photo' | 'video' | 'gallery';
  /** null when the settings hide the count from this viewer (spec 2 §6); staff always get numbers. */
  total_likes: number | null;
  total_comments: number | null;
  /** The viewer likes this post (false for guests). */
  user_feed_like: boolean;
  user: { name: string; avatarUrl: string | null };
  /** What the viewer can do to see it: 'register' (guest), 'subscribe' (user), 'unlock' (locked), null. */
  cta: 'register' | 'subscribe' | 'unlock' | null;
  /** The post's feed tags (spec 2 §3: id, slug and name on read). */
  feed_tags?: { _id: string; slug: string; name: string }[];
}

export interface PostPage {
  blogs: PostView[];
  currentPage: number;
  totalPages: number;
  totalPosts: number;
}

/**
 * POST /api/blogs (and /admin-api/posts) body → { message, data: { _id } }. message: 'Content posted successfully.',
 * or 'The uploaded post is being processed and will be visible in some time.' while an item is processing.
 */
export interface PostCreateRequest {
  caption?: string;
  description?: string; // the spec's name for the caption
  visibility: PostVisibility;
  amount?: number; // whole dollars within the unlock bounds (locked only)
  media_ids: string[];
  /** Locked posts only: ONE item (one of media_ids or another library item) shown unblurred to everyone. */
  preview_media_id?: string | null;
  category_id?: string | null;
  /** Feed tag ids to tag the post with. */
  feed_tags?: string[];
  /** Schedule: ISO date, not in the past. */
  publish_at?: string;
}

/** POST /api/blogs/edit → { message: 'Post updated successfully.', data: PostView } */
export interface PostEditRequest {
  postId: string;
  description: string;
  /** Unlocked posts only; 'public' only when enable_public_post. */
  isPublicPost?: 'private' | 'public';
  /** Locked posts only: the preview item; null removes it. */
  media_preview_item?: string | null;
}

/**
 * POST /api/blog/reuse-blog → { success: 1, message, data: { reuseBlog: { udid } } } (udid: the new post's id).
 * The new post is a version in the reused post's group: whoever bought any version sees every version unlocked.
 */
export interface PostReuseRequest {
  _id: string;
  description: string;
  /** Locked posts: whole dollars within tips_minimum_amount..tips_maximum_amount; default: the reused post's price. */
  amount?: number;
  /** Schedule (ISO, not in the past). */
  date?: string;
  /** Keep the reused post's publish date (it does not go to the top); `date` is then ignored. */
  keep_original_date?: boolean;
  /** Default: the reused post's media. */
  media_item?: string[];
  /** Default: the reused post's preview; null: none. */
  media_preview_item?: string | null;
  /** Default: the reused post's tags. */
  feed_tags?: string[];
}

/** POST /api/blog/post-reviewed-blog (a post in error only) → { message: 'Content reviewed successfully.', data: { _id } } */
export interface PostReviewRequest {
  blog_id: string;
  description: string;
  /** The post's media without the errored items, plus re-uploads. */
  media: string[];
  /** Default: the current preview unless it failed; null: none. */
  media_preview?: string | null;
  amount?: number;
  feed_tags?: string[];
}

/** GET /api/ccbill/get-payment-card → data[] */
export interface SavedCardView {
  _id: string;
  brand: string; // visa, mastercard, amex, ...
  last4: string;
  exp_month: string; // '01'..'12'
  exp_year: string; // '2027'
  is_primary: boolean;
  added_at: string | null;
}

/** POST /api/v2/purchase/add-new-card: the card form, plus whether the new card becomes primary (default true). */
export interface AddCardRequest extends CardForm {
  make_primary?: boolean;
}

/** POST /api/ccbill/set-primary-card and /api/ccbill/remove-card → data: the cards afterwards. */
export interface CardIdRequest {
  card_id: string;
}

/** Billing lookups from the packaged country/state/city data set (GET /api/places/*). */
export interface PlaceOption {
  code: string; // country: ISO 3166 alpha-2; state: its code within the country
  name: string;
}

/** GET /api/places/countries|states|cities?q=&page=&per_page= → data */
export interface PlacePage<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

/** GET /api/places/my-country (and the spec's GET /api/ccbill/get-country-from-ip) → data */
export interface MyCountry {
  country: string | null; // ISO 3166 alpha-2 from the caller's IP (packaged GeoIP data); null when unknown
  name: string | null;
}

/** Card form (spec 1 §3): billing + card. Sent to add-new-card, subscription, blog-content-purchase. */
export interface CardForm {
  email: string;
  address: string;
  country: string; // 2-letter code
  state?: string;
  city?: string;
  pincode: string;
  firstName: string;
  lastName: string;
  cardNumber: string;
  cvv: string;
  month: string;
  year: string;
}

/** Payment answer (spec 2 §3 "Payment response fields"). */
export interface PaymentResult {
  accepted: boolean;
  transactionId: string | null;
  failureCode?: string; // '-23', '-24', ...
  alreadyCharged?: boolean;
  blogData?: PostView;
  errors?: { allow_cascade?: boolean; error_from?: string; transactionId?: string };
}

/** Sandbox card gateway test numbers (documented in the README too). */
export const SANDBOX_TEST_CARDS = {
  approve: '4242424242424242',
  approveMastercard: '5555555555554444',
  decline: '4000000000000002',
  /** failureCode '-23': card expired / needs update → card-update flow */
  failMinus23: '4000000000000069',
  /** failureCode '-24': insufficient funds → card-update flow */
  failMinus24: '4000000000009995',
  /** error with allow_cascade true → 'Problem in card authorization ...' */
  allowCascade: '4000000000000119',
} as const;

// ---------------------------------------------------------------------------------------------------
// Staff console REST surface: /admin-api/<resource>, in the ra-data-simple-rest conventions:
//   GET    /admin-api/<res>?sort=["field","ASC"]&range=[0,24]&filter={"q":"..."}  → T[] + Content-Range: <res> 0-24/319
//   GET    /admin-api/<res>/<id> → T          POST /admin-api/<res> → T (created)
//   PUT    /admin-api/<res>/<id> → T          DELETE /admin-api/<res>/<id> → T
// Errors: { message, code, field? } with a 4xx status (react-admin shows `message`).
// Money in the console is integer cents (`*_cents`); the console formats it.

export interface AdminPostRecord {
  id: string;
  caption: string;
  visibility: PostVisibility;
  price_cents: number; // 0 unless locked
  blog_type: PostView['blogType'];
  media: { id: string; kind: MediaKind; url: string; thumbnail_url: string; blur_url: string }[];
  status: 'processing' | 'published' | 'scheduled' | 'error';
  publish_at: string;
  created_at: string;
  unlock_count: number;
  revenue_cents: number;
  is_demo: boolean;
  // Issue 4 (always sent by the server; optional so console fixtures written before them stay valid):
  /** Reuse: the root post this post is a version of (null for an original); reporting groups by version_of ?? id. */
  version_of?: string | null;
  /** Revenue of the whole reuse group (this post, its root and every version, deleted ones included). */
  group_revenue_cents?: number;
  /** Posts in the reuse group (1 when never reused). */
  group_versions?: number;
  preview_media_id?: string | null;
  category_id?: string | null;
}

/** POST /admin-api/posts body. `amount` is whole dollars within the unlock bounds (locked posts only). */
export interface AdminPostCreate {
  caption: string;
  visibility: PostVisibility;
  amount?: number;
  media_ids: string[];
  preview_media_id?: string | null;
  category_id?: string | null;
  feed_tags?: string[];
  publish_at?: string;
}

export interface AdminMediaRecord {
  id: string;
  kind: MediaKind;
  file_name: string;
  content_type: string;
  /** Bytes. The media library (POST /api/media/get) sends it to admin and super_admin only (spec 2 §2). */
  size?: number;
  width: number;
  height: number;
  url: string;
  thumbnail_url: string;
  blur_url: string;
  status: 'processing' | 'ready' | 'error';
  created_at: string;
}

// ---- Content Manager: the media library (spec 2 §2, §7) ------------------------------------------------
// Categories: GET /api/media/category → data: MediaCategoryRecord[] ('All Media' and 'Preview' first, reserved).
//   POST /api/media/category { name } · POST /api/media/category/update { id, name } · /delete { id }
//   → data: { categories: MediaCategoryRecord[], category?: MediaCategoryRecord } (create/update name it).
// Media: POST /api/media/get (MediaLibraryQuery) → data: MediaLibraryPage.
//   POST /api/media/add-media-from-category { category_id, media_ids } → data: { categories, added: ids newly in }
//   POST /api/media/remove-media-from-category { category_id, media_ids } → data: { categories }
//   POST /api/media/remove-media { mediaIds } → data: { removed: string[] }; media a live post uses: 400.

/** A library item: the console's media record with the categories it sits in. */
export interface LibraryMediaRecord extends AdminMediaRecord {
  category_ids: string[];
  /** Videos: seconds (null until processed). */
  video_duration: number | null;
}

export interface MediaCategoryRecord {
  /** A uuid, or 'all-media' / 'preview' for the two reserved categories. */
  id: string;
  name: string;
  /** Lower-cased name; the reserved ones are 'all media' and 'preview'. */
  slug: string;
  reserved: boolean;
  photo_count: number;
  video_count: number;
  processed_photo_count: number;
  processed_video_count: number;
}

export type MediaLibraryType = 'all' | 'photo' | 'video';

/** POST /api/media/get body. */
export interface MediaLibraryQuery {
  /** 1-based; default 1. Pages hold 30 items, newest first. */
  page?: number;
  type?: MediaLibraryType;
  /** null, absent or 'all-media': the whole library; 'preview': media used as a post's preview. */
  category_id?: string | null;
  /** Part of the file name, case-insensitive. */
  search?: string;
}

export interface MediaLibraryPage {
  media: LibraryMediaRecord[];
  currentPage: number;
  totalPages: number;
  /** In the category (and search), whatever `type` is. */
  counts: { photo: number; video: number; total: number };
}

export interface AdminUserRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
  subscription_status: SubscriptionStatusCode;
  created_at: string;
  total_spent_cents: number;
  nickname: string | null;
  blocked: boolean;
  hidden_from_chat: boolean;
  mass_messages_muted: boolean;
  photo_id_override: boolean;
  complimentary: boolean;
  email_preferences: Record<string, boolean>;
}

/** POST /admin-api/users (admin creates a staff account) */
export interface AdminStaffCreate {
  name: string;
  email: string;
  role: Role;
  /** Optional; when absent a password is generated and returned once in `generated_password`. */
  password?: string;
}

/** GET /admin-api/audit — staff actions (events written by a staff role or through a proxy session). */
export interface AdminAuditRecord {
  id: string;
  recorded_at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  proxy_admin_id: string | null;
  action: string; // the event type, e.g. 'MemberBlocked'
  subject_user_id: string | null;
  stream_id: string;
  ip: string | null;
  data: Record<string, unknown>;
}

/** GET /admin-api/outbox — mail the site sent (or queued, when no SMTP server is configured). */
export interface AdminOutboxRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'queued' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface AdminSubscriberRecord {
  id: string; // the user id
  email: string;
  name: string;
  /** past_due: renewing, expired, the rebill is being retried (status '1' lapsed). */
  status: 'active' | 'cancelled' | 'expired' | 'past_due';
  price_cents: number;
  recurring_price_cents: number;
  payment_method: string; // 'visa •••• 4242' or 'wallet'
  started_at: string;
  expires_at: string;
  next_billing_at: string | null;
  cancelled_at?: string | null;
  cancel_reason?: string | null;
  rebill_failed_at?: string | null;
  rebill_retry_at?: string | null;
  rebill_attempts?: number | null;
  periods?: number;
}

export type TransactionType =
  | 'subscription'
  | 'rebill'
  | 'unlock'
  | 'tip'
  | 'chat_unlock'
  | 'pay_per_message'
  | 'wallet_topup'
  | 'refund'
  | 'void'
  | 'chargeback';

export interface AdminTransactionRecord {
  id: string;
  user_id: string;
  user_email: string;
  type: TransactionType;
  amount_cents: number; // negative for refunds, voids and chargebacks
  currency: 'USD';
  method: 'card' | 'wallet' | 'crypto';
  card: string | null; // 'visa •••• 4242'
  status: 'captured' | 'failed';
  failure_code: string | null;
  reference_id: string | null; // the post id for unlocks, the message id for chat purchases
  gateway_transaction_id: string | null;
  created_at: string;
}

/** GET /admin-api/dashboard */
export interface AdminDashboard {
  today_earnings_cents: number;
  new_subscribers_today: number;
  active_subscribers: number;
  total_posts: number;
  earnings_30d: { day: string; cents: number }[]; // 30 entries, oldest first, 'YYYY-MM-DD'
  /** The same 30 days by source: subscriptions, unlocks, tips, chat (net of refunds, voids and chargebacks). */
  earnings_by_source_30d: { source: string; cents: number }[];
}

/** GET /admin-api/events (auditor view of the event log; read-only) */
export interface AdminEventRecord {
  id: string; // event id
  position: string;
  stream_id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>; // secrets (password hashes, tokens) redacted
  metadata: Record<string, unknown>;
  recorded_at: string;
}

// ---------------------------------------------------------------------------------------------------------
// Wallet and crypto top-ups (spec 1 §3/§4/§7, spec 2 §7 "Unlock purchases")

/** GET /api/crypto/get-currency-list → data[] */
export interface CryptoCurrencyItem {
  currency: string;
  description: string;
  /** USD per coin, as the provider quotes it. */
  rate: string;
}

/** POST /api/crypto/generate-payment-id → data */
export interface CryptoGeneratedPayment {
  payment_id: string;
  currency: string;
  /** The amount in the chosen currency (decimal string). */
  amount: string;
  /** The USD amount being added, dollars and cents. */
  amount_usd: number;
  amount_usd_cents: number;
  expires_at: string;
  /** Seconds left of the 15 minutes. */
  wait_time: number;
}

/** POST /api/crypto/add-fund-and-payment and /api/crypto/get-transaction-info → data (spec 1 §3 "Payment data"). */
export interface CryptoPaymentData extends CryptoGeneratedPayment {
  /** QR code of the payment URI, a PNG data URL. */
  qr_img: string;
  /** The payment URI the QR code encodes. */
  qr: string;
  address: string;
  reference_no: string;
  stats_token: string;
  pos_id: string;
  notices: { code: string; message: string }[];
  status: CryptoTransactionStatus['status'];
}

/** POST /api/crypto/get-transaction-status → data (polled every 5 s until done). */
export interface CryptoTransactionStatus {
  payment_id: string;
  status: 'created' | 'waiting' | 'underpaid' | 'paid' | 'expired' | 'failed';
  is_payment_confirmed: boolean;
  /** Stop polling: confirmed, failed or expired. */
  done: boolean;
  seconds_left: number;
  /** Dollars credited by this payment (0 until paid). */
  credited: number;
  /** The wallet balance now, dollars and cents. */
  wallet_balance: number;
  wallet_balance_cents: number;
  /** 'Payment failed.' on failure or expiry; the underpayment notice when less arrived. */
  message: string | null;
}

/** POST /api/crypto/wallet-history → data */
export interface WalletHistoryPage {
  rows: WalletHistoryItem[];
  currentPage: number;
  totalPages: number;
  total: number;
  wallet_balance: number;
  wallet_balance_cents: number;
}

export interface WalletHistoryItem {
  _id: string;
  kind: 'top_up' | 'purchase' | 'refund';
  description: string;
  /** Signed: + into the wallet, − out of it. */
  amount: number;
  amount_cents: number;
  balance_cents: number;
  currency: string | null;
  reference_id: string;
  created_at: string;
}

/** POST /api/crypto/purchase-from-wallet → data (success) */
export interface WalletPurchaseResult {
  transaction_id: string;
  transaction_amount: number;
  transaction_amount_cents: number;
  wallet_balance: number;
  wallet_balance_cents: number;
  blogData?: PostView;
}

/** 402 INSUFFICIENT_FUNDS → data: what is missing, and the Add Funds amount (rounded up to whole dollars). */
export interface InsufficientFundsData {
  price_cents: number;
  wallet_balance_cents: number;
  shortfall_cents: number;
  add_funds_cents: number;
  /** Dollars, for display. */
  shortfall: number;
  add_funds_amount: number;
}

/** GET /admin-api/crypto-payments (console; sandbox controls) */
export interface AdminCryptoPaymentRecord {
  id: string;
  user_id: string;
  user_email: string | null;
  currency: string;
  amount_cents: number;
  crypto_amount: string | null;
  address: string | null;
  reference_no: string | null;
  status: CryptoTransactionStatus['status'];
  received_cents: number;
  credit_cents: number;
  credited: boolean;
  settled_by: string | null;
  created_at: string;
  expires_at: string;
  updated_at: string;
  /** What the sandbox provider shows for it (null for a real provider). */
  provider_status: string | null;
}

// ---- Tips (spec 3 §7.3) ------------------------------------------------------------------------------------

export interface TipView {
  _id: string;
  amount: number;
  amount_cents: number;
  tipMessage: string;
  tipFrom: 'tips_page' | 'chat' | 'live';
  isAnonymous: boolean;
  /** paid, or what took it back. */
  status: 'paid' | 'refunded' | 'voided' | 'chargeback';
  created: string;
  /** null: an anonymous tip seen by another fan. */
  user: { _id: string; name: string } | null;
}

export interface TipListView {
  tips: TipView[];
  totalTips: number;
  /** Tips kept (not taken back), in cents. */
  totalAmountCents: number;
  currentPage: number;
  totalPages: number;
}

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
  processing: boolean;
  isError: boolean;
  is_demo: boolean;
  media: PostMediaView[];
  blogType: 'text' | 'photo' | 'video' | 'gallery';
  total_likes: number;
  total_comments: number;
  /** The viewer likes this post (false for guests). */
  user_feed_like: boolean;
  user: { name: string; avatarUrl: string | null };
  /** What the viewer can do to see it: 'register' (guest), 'subscribe' (user), 'unlock' (locked), null. */
  cta: 'register' | 'subscribe' | 'unlock' | null;
}

export interface PostPage {
  blogs: PostView[];
  currentPage: number;
  totalPages: number;
  totalPosts: number;
}

/** GET /api/ccbill/get-payment-card → data[] */
export interface SavedCardView {
  _id: string;
  brand: string; // visa, mastercard, amex, ...
  last4: string;
  exp_month: string; // '01'..'12'
  exp_year: string; // '2027'
  is_primary: boolean;
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
}

/** POST /admin-api/posts body. `amount` is whole dollars within the unlock bounds (locked posts only). */
export interface AdminPostCreate {
  caption: string;
  visibility: PostVisibility;
  amount?: number;
  media_ids: string[];
}

export interface AdminMediaRecord {
  id: string;
  kind: MediaKind;
  file_name: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  url: string;
  thumbnail_url: string;
  blur_url: string;
  status: 'processing' | 'ready' | 'error';
  created_at: string;
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
  status: 'active' | 'cancelled' | 'expired';
  price_cents: number;
  recurring_price_cents: number;
  payment_method: string; // 'visa •••• 4242' or 'wallet'
  started_at: string;
  expires_at: string;
  next_billing_at: string | null;
}

export type TransactionType =
  | 'subscription'
  | 'rebill'
  | 'unlock'
  | 'tip'
  | 'chat_unlock'
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
  reference_id: string | null; // the post id for unlocks
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

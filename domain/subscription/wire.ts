// Wire shapes of the subscription routes (api/routes/subscriptions.ts), shared by the server and both apps.
import type { SubscriptionStatusCode } from '../shared/wire';
import type { ResubscribeQuote } from '../offer/resubscribe-offer';

/** POST /api/v2/subscription/quote {promotion_id?, coupon_code?} → data. Prices in cents and dollars. */
export interface SubscriptionQuoteView {
  initial_cents: number;
  recurring_cents: number;
  initial_price: number;
  recurring_price: number;
  /** Length of the first period: 30, or 1..29 days for a trial promotion. */
  initial_period_days: number;
  source: 'regular' | 'returning' | 'promotion' | 'coupon' | 'link' | 'bundle';
  /** Before promotion or coupon (struck through when different). */
  list_initial_cents: number;
  list_recurring_cents: number;
  /** The subscription promotion priced in (or offered): its ribbon and countdown. */
  promotion: { promotion_id: string; ribbon_text: string; ends_at: string; initial_cents: number; recurring_cents: number; trial_days: number | null } | null;
  coupon_code: string | null;
  has_subscribed_before: boolean;
  server_time: string;
  /** The tier and bundle priced (null: monthly), and the length of each renewal. */
  tier_id: string;
  bundle_months: number | null;
  renewal_period_days: number;
  /** Every tier on offer, lowest rank first, with its bundles for this fan. */
  tiers: TierOfferView[];
}

/** A bundle on offer: months paid up front at a discount; monthly_cents is what it comes to per month. */
export interface BundleOfferView {
  months: number;
  discount_percent: number;
  price_cents: number;
  monthly_cents: number;
}

/** A tier on the subscribe dialog. */
export interface TierOfferView {
  tier_id: string;
  name: string;
  description: string;
  benefits: string[];
  rank: number;
  monthly_cents: number;
  bundles: BundleOfferView[];
}

/** POST /api/v2/purchase/subscription, /resubscribe-with-card, /api/v2/subscription/retry-rebill → data */
export interface SubscriptionPaymentResult {
  accepted: boolean;
  transactionId: string | null;
  failureCode?: string;
  errors?: { allow_cascade?: boolean; error_from?: string; transactionId?: string };
  /** Charged now (0 for a free first period). */
  amount_cents: number;
}

/** GET /api/v2/subscription/details → data: everything the membership page and the popups need. */
export interface MembershipDetailsView {
  status: SubscriptionStatusCode;
  /** Access now (status '1' or '2' and not expired). */
  active: boolean;
  renews: boolean;
  cancelled: boolean;
  complimentary: boolean;
  is_rebill_failed: boolean;
  /** Show the rebill-failed popup now (else the reminder ribbon while failing). */
  rebill_popup: boolean;
  rebill_failure_code: string | null;
  rebill_retry_at: string | null;
  expiration_date: string | null;
  next_billing_date: string | null;
  started_at: string | null;
  price_cents: number;
  recurring_cents: number;
  payment_method: string | null;
  cancel: { reasons_enabled: boolean; reasons: string[]; title: string };
  /** The resubscribe offer the fan may take now, or null. */
  offer: { promo_banner_text: string; quote: ResubscribeQuote } | null;
  /** The migration popup, or null. */
  migration: MigrationDataView | null;
  /** The member's tier and the tier changes on offer (null without access now). */
  tier: MemberTierView | null;
  server_time: string;
}

/** A tier the member may move to: an upgrade charges charge_now_cents at once, a downgrade starts at the renewal. */
export interface TierChangeOptionView {
  tier_id: string;
  name: string;
  description: string;
  benefits: string[];
  rank: number;
  kind: 'upgrade' | 'downgrade' | 'keep';
  /** The renewal price on that tier (the member's bundle length, if any). */
  recurring_cents: number;
  charge_now_cents: number;
  starts_at: string;
}

export interface MemberTierView {
  tier_id: string;
  name: string;
  benefits: string[];
  bundle_months: number | null;
  renewal_period_days: number;
  /** A downgrade waiting for the next renewal. */
  scheduled: { tier_id: string; name: string; recurring_cents: number; starts_at: string } | null;
  can_change: boolean;
  changes: TierChangeOptionView[];
}

/** The cancel calls (data.cancelled, message, ccbill_subscription_status). */
export interface CancelSubscriptionAnswer {
  cancelled: boolean;
  /** '2' (running until expiration_date) or '0' (ended now: the site resets the subscription state). */
  ccbill_subscription_status: SubscriptionStatusCode;
  expiration_date: string | null;
}

/** GET /api/migration-data → data */
export interface MigrationDataView {
  show_popup: boolean;
  title: string;
  description: string;
  price_cents: number;
  price: number;
  conditions_accepted: boolean;
}

/** POST /api/migrate-subscription-for-user → data. */
export interface MigrationResult {
  accepted: boolean;
  transactionId: string | null;
  amount: number;
  ccbill_subscription_status: SubscriptionStatusCode;
  message: string;
  errors?: { allow_cascade?: boolean; error_from?: string; transactionId?: string };
}

/** GET /api/migrate-subscription (staff) → data.data */
export interface MigrationSettingsView {
  enabled: boolean;
  title: string;
  description: string;
  price_cents: number;
  payment_api_version: 'v1' | 'v2';
}

/** GET /admin-api/cancellations — who cancelled, when, why. */
export interface AdminCancellationRecord {
  id: string;
  user_id: string;
  email: string | null;
  name: string | null;
  cancelled_at: string;
  reason: string | null;
  other_reason: string | null;
  request_from: string;
  cancelled_by: 'fan' | 'staff' | 'system';
  actor_id: string | null;
  actor_email: string | null;
  expires_at: string | null;
  reactivated_at: string | null;
}

/** GET/PUT /admin-api/subscription-settings/site — the subscription settings the console edits. */
export interface SubscriptionSettingsRecord {
  id: 'site';
  membership_price_cents: number;
  recurring_membership_price_cents: number;
  returning_membership_price_cents: number;
  returning_recurring_membership_price_cents: number;
  is_cancel_subscription_reason_enabled: boolean;
  cancel_subscription_reasons: string[];
  reason_for_cancellation_popup_title: string;
  enable_subscription_migration: boolean;
  subscription_migration_title: string;
  subscription_migration_description: string;
  payment_api_version: 'v1' | 'v2';
  enable_ccbill_rest_api: boolean;
  is_sticky_io_enabled: boolean;
  /** Card forms ask for the whole billing address whatever the provider. */
  card_form_billing_address: boolean;
  /** The new-register-page flow's https page ('' = off). */
  new_register_page_url: string;
}

/** MeView.subscription_detail (User.subscription_detail, with the lifecycle's dates). */
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
  /** The billing API the membership is on (migration). */
  billing_api: 'v1' | 'v2' | null;
  renews: boolean;
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

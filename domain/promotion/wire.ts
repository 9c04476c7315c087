// Wire shapes of promotions, coupons and the resubscribe offer, shared by
// the server (api/routes/promotions.ts) and both apps. Amounts on the wire are dollars (as the spec sends them)
// next to their integer cents; times are ISO strings.
import type { CouponCheckErrorCode } from '../coupon/coupon';
import type { DiscountType } from '../pricing/pricing';
import type { ResubscribeOfferSettings, ResubscribeQuote } from '../offer/resubscribe-offer';
import {
  currentPeriodEnd,
  durationText,
  promotionStatus,
  repeatMessage,
  type ApplicableTo,
  type LockedContentSubtype,
  type Promotion,
  type PromotionExpiry,
  type PromotionState,
  type PromotionStatus,
  type PromotionType,
} from './promotion';
import type { PromotionSettings, RibbonSettings } from './promotion-settings';

/** date_expire as saved: hours (1..24, or whole days 48..720) or 'end_of_day' / 'end_of_month'. */
export type DateExpireWire = number | 'end_of_day' | 'end_of_month';

/** POST /api/promotion-setting/save-promotion */
export interface SavePromotionBody {
  promotion_type: PromotionType;
  /** LOCKED_CONTENT only: LOCKED_CONTENT (posts), MASS_MESSAGE or EXCLUSIVE_CONTENT_AND_MASS_MESSAGE. */
  promotion_sub_type?: LockedContentSubtype;
  applicable_to: ApplicableTo;
  /** LOCKED_CONTENT: 10..80, default 50. */
  discount_percentage?: number;
  /** SUBSCRIPTION: dollars. */
  subscription_initial_amount?: number | string;
  subscription_recurring_amount?: number | string;
  is_trial_offer?: boolean;
  /** Trial first period: 1..29 days, or 30 for "1 month". */
  initial_period?: number;
  date_expire: DateExpireWire;
  ribbon_text: string;
  is_repeat_promotion?: boolean;
  /** IANA time zone for "end of day" / "end of month"; default UTC. */
  timezone?: string;
}

export interface PromotionView {
  _id: string;
  promotion_type: PromotionType;
  promotion_sub_type: LockedContentSubtype | null;
  applicable_to: ApplicableTo;
  discount_percentage: number | null;
  subscription_initial_amount: number | null;
  subscription_recurring_amount: number | null;
  subscription_initial_amount_cents: number | null;
  subscription_recurring_amount_cents: number | null;
  is_trial_offer: boolean;
  initial_period: number | null;
  ribbon_text: string;
  /** The first period in whole hours (the wire's date_expire). */
  date_expire: number;
  expiry: PromotionExpiry;
  /** End of the first period. */
  expires_at: string;
  /** End of the running period (repeating promotions start over); null unless active. */
  ends_at: string | null;
  timezone: string;
  is_repeat_promotion: boolean;
  repeat_message: string | null;
  status: Exclude<PromotionStatus, 'none'>;
  created_at: string;
  ended_at: string | null;
}

/** One promotion in the reports (GET /admin-api/promotions, POST /api/promotion-setting/get-promotion-reports). */
export interface PromotionReportRow extends PromotionView {
  id: string;
  /** Captured purchases not taken back. */
  purchases: number;
  buyers: number;
  revenue_cents: number;
  revenue: number;
  /** Purchases whose money came back (refund, void, chargeback). */
  reversed: number;
}

/** One purchase made under a promotion or with a coupon (the promotion-subscribe-users and coupon-details pages). */
export interface OfferPurchaseRow {
  id: string;
  payment_id: string;
  promotion_id: string | null;
  coupon_code: string | null;
  kind: 'unlock' | 'subscription';
  item_id: string | null;
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  amount_cents: number;
  amount: number;
  status: 'pending' | 'captured' | 'failed' | 'reversed';
  requested_at: string;
  captured_at: string | null;
  reversed_at: string | null;
}

/** A running promotion as the fan site shows it (ribbon, countdown, prices). */
export interface PromotionRibbonView {
  promotion_id: string;
  promotion_type: PromotionType;
  promotion_sub_type: LockedContentSubtype | null;
  ribbon_text: string;
  /** When the countdown ends (the running period's end). */
  ends_at: string;
  remaining_ms: number;
  repeat_message: string | null;
  /** The viewer may buy at this promotion's price (staff see the ribbon as a preview only). */
  applies_to_viewer: boolean;
  discount_percentage: number | null;
  subscription_initial_amount_cents: number | null;
  subscription_recurring_amount_cents: number | null;
  initial_period: number | null;
  settings: RibbonSettings;
}

/** POST /api/promotion-setting/check-promotion */
export interface CheckPromotionAnswer {
  enable_promotion: boolean;
  subscription: PromotionRibbonView | null;
  locked_content: PromotionRibbonView | null;
  price_strike_through_color: string;
  server_time: string;
}

/** GET /api/promotion-setting/get-promotion-settings */
export interface PromotionSettingsAnswer {
  enable_promotion: boolean;
  promotion_settings: PromotionSettings;
}

// ---------------------------------------------------------------------------------------------------------
// Coupons

/** POST /api/coupon/add (code) and /api/coupon/edit (couponId). Percent values are percents; fixed ones dollars. */
export interface CouponBody {
  code?: string;
  couponId?: string;
  discount_type: DiscountType;
  discount_value_for_initial: number | string;
  discount_value_for_recurring: number | string;
  /** edit: false disables the coupon, true enables it again. */
  is_active?: boolean;
}

export interface CouponView {
  _id: string;
  id: string;
  code: string;
  discount_type: DiscountType;
  /** Percent, or dollars for a fixed discount. */
  discount_value_for_initial: number;
  discount_value_for_recurring: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  uses: number;
  revenue_cents: number;
}

/** POST /api/coupon/check (success). */
export interface CouponCheckAnswer {
  code: string;
  discount_type: DiscountType;
  discount_value_for_initial: number;
  discount_value_for_recurring: number;
  /** The membership prices with the coupon, for the subscribe page (cents). */
  prices: { initial_cents: number; recurring_cents: number; list_initial_cents: number; list_recurring_cents: number };
}

/** What a failed check answers besides the message: the error code the fan site maps to its text. */
export type CouponCheckError = { success: 0; message: string; code: CouponCheckErrorCode | 'VALIDATION' | string; field?: string };

// ---------------------------------------------------------------------------------------------------------
// Resubscribe offer

/** GET /api/resubscribe-offer/get-settings, PUT /save-settings (recurring_price in dollars). */
export interface ResubscribeOfferSettingsView extends Omit<ResubscribeOfferSettings, 'recurring_price_cents'> {
  recurring_price: number;
  recurring_price_cents: number;
}

/** GET /api/offer/check-offer: data.data is the banner, or null. */
export interface CheckOfferAnswer {
  data: { promo_banner_text: string; quote: ResubscribeQuote } | null;
}

// ---------------------------------------------------------------------------------------------------------
// Views and the console's choices

export function promotionView(p: Promotion, ended: { endedAt: string } | null, now: string): PromotionView {
  const state: PromotionState = { current: p, currentEnded: !!ended, knownIds: [p.promotionId] };
  const status = promotionStatus(state, now) as Exclude<PromotionStatus, 'none'>;
  const sub = p.offer.type === 'SUBSCRIPTION' ? p.offer : null;
  const locked = p.offer.type === 'LOCKED_CONTENT' ? p.offer : null;
  return {
    _id: p.promotionId,
    promotion_type: p.offer.type,
    promotion_sub_type: locked?.subtype ?? null,
    applicable_to: p.applicableTo,
    discount_percentage: locked?.discountPercent ?? null,
    subscription_initial_amount: sub ? sub.initialCents / 100 : null,
    subscription_recurring_amount: sub ? sub.recurringCents / 100 : null,
    subscription_initial_amount_cents: sub?.initialCents ?? null,
    subscription_recurring_amount_cents: sub?.recurringCents ?? null,
    is_trial_offer: !!sub?.trialPeriodDays,
    initial_period: sub?.trialPeriodDays ?? null,
    ribbon_text: p.ribbonText,
    date_expire: p.expireHours,
    expiry: p.expiry,
    expires_at: p.dateExpire,
    ends_at: status === 'active' ? currentPeriodEnd(p, now) : null,
    timezone: p.timezone,
    is_repeat_promotion: p.isRepeat,
    repeat_message: repeatMessage(p),
    status,
    created_at: p.createdAt,
    ended_at: ended?.endedAt ?? null,
  };
}

/** The expiry choices: 1..24 hours, 2..30 days, end of day, end of month, as date_expire values. */
export const EXPIRY_CHOICES: readonly { value: DateExpireWire; label: string }[] = [
  ...Array.from({ length: 24 }, (_, i) => ({ value: i + 1, label: durationText(i + 1) })),
  ...Array.from({ length: 29 }, (_, i) => ({ value: (i + 2) * 24, label: durationText((i + 2) * 24) })),
  { value: 'end_of_day', label: 'End of day' },
  { value: 'end_of_month', label: 'End of month' },
];

/** Trial first period: 1..29 days or 1 month (30). */
export const TRIAL_PERIOD_CHOICES: readonly { value: number; label: string }[] = [
  ...Array.from({ length: 29 }, (_, i) => ({ value: i + 1, label: `${i + 1} ${i === 0 ? 'day' : 'days'}` })),
  { value: 30, label: '1 month' },
];

export const APPLICABLE_TO_LABELS: Record<ApplicableTo, string> = {
  ALL_USERS: 'All users',
  NEW_USERS: 'New users (never subscribed)',
  OLD_USERS: 'Old users (subscribed before)',
};

export const SUBTYPE_LABELS: Record<LockedContentSubtype, string> = {
  LOCKED_CONTENT: 'Locked posts',
  MASS_MESSAGE: 'Locked mass messages',
  EXCLUSIVE_CONTENT_AND_MASS_MESSAGE: 'Locked posts and mass messages',
};

/** "1d 02:03:04" / "02:03:04": what the countdown shows for a remaining time. */
export function countdownText(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d > 0 ? `${d}d ` : ''}${pad(h)}:${pad(m)}:${pad(s)}`;
}

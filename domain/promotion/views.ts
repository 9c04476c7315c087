// What the fan site and the console are shown of promotions, coupons and the resubscribe offer. Pure: states, settings and the viewer come in.
import { centsFromDollars } from '../shared/money';
import { ValidationError } from '../shared/validation';
import type { CouponTerms, ValidCoupon } from '../coupon/coupon';
import { applyCoupon, membershipPrices, type MembershipPriceSettings } from '../pricing/pricing';
import type { ResubscribeOfferSettings } from '../offer/resubscribe-offer';
import { isEligible, ribbon, type PromotionState, type PromotionType, type PromotionViewer } from './promotion';
import type { RibbonSettings } from './promotion-settings';
import type { CouponCheckAnswer, PromotionRibbonView, ResubscribeOfferSettingsView } from './wire';

/** A running promotion's ribbon for this viewer with its prices and look, or null when none shows. */
export function ribbonView(
  type: PromotionType, state: PromotionState, viewer: PromotionViewer, now: string, promotionsEnabled: boolean, look: RibbonSettings,
): PromotionRibbonView | null {
  const r = ribbon(state, viewer, now, promotionsEnabled);
  const p = state.current;
  if (!r || !p) return null;
  const sub = p.offer.type === 'SUBSCRIPTION' ? p.offer : null;
  const locked = p.offer.type === 'LOCKED_CONTENT' ? p.offer : null;
  return {
    promotion_id: r.promotionId,
    promotion_type: type,
    promotion_sub_type: locked?.subtype ?? null,
    ribbon_text: r.ribbonText,
    ends_at: r.endsAt,
    remaining_ms: r.remainingMs,
    repeat_message: r.repeatMessage,
    applies_to_viewer: isEligible(p, viewer, type === 'LOCKED_CONTENT' ? 'post' : undefined),
    discount_percentage: locked?.discountPercent ?? null,
    subscription_initial_amount_cents: sub?.initialCents ?? null,
    subscription_recurring_amount_cents: sub?.recurringCents ?? null,
    initial_period: sub?.trialPeriodDays ?? null,
    settings: look,
  };
}

/** A checked coupon: its discount as typed (percent, or dollars for fixed) and the membership prices with it. */
export function couponCheckAnswer(valid: ValidCoupon, prices: MembershipPriceSettings, hasSubscribedBefore: boolean): CouponCheckAnswer {
  const { kind: _kind, ...list } = membershipPrices(prices, hasSubscribedBefore);
  const withCoupon = applyCoupon(list, valid.discount);
  const d = valid.discount;
  return {
    code: valid.code,
    discount_type: d.discountType,
    discount_value_for_initial: d.discountType === 'fixed' ? d.initialValue / 100 : d.initialValue,
    discount_value_for_recurring: d.discountType === 'fixed' ? d.recurringValue / 100 : d.recurringValue,
    prices: { initial_cents: withCoupon.initialCents, recurring_cents: withCoupon.recurringCents, list_initial_cents: list.initialCents, list_recurring_cents: list.recurringCents },
  };
}

export interface CouponTermsWire {
  discount_type: 'percentage' | 'fixed';
  discount_value_for_initial: number | string;
  discount_value_for_recurring: number | string;
}

/** Percent values stay percents; fixed values are dollars on the wire and cents in the domain. */
export function couponTerms(b: CouponTermsWire): CouponTerms {
  const value = (field: string, v: number | string) => {
    if (b.discount_type === 'fixed') {
      const cents = centsFromDollars(v);
      if (cents === null) throw new ValidationError(field, 'Please enter a valid amount');
      return cents;
    }
    const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
    if (!Number.isFinite(n)) throw new ValidationError(field, 'Enter a discount between 0 and 100 percent.');
    return n;
  };
  return {
    discountType: b.discount_type,
    discountValueForInitial: value('discount_value_for_initial', b.discount_value_for_initial),
    discountValueForRecurring: value('discount_value_for_recurring', b.discount_value_for_recurring),
  };
}

/** An edit of a coupon's terms: a value not sent keeps the current one while the discount type stays (else 0). */
export function editedCouponTerms(current: CouponTerms, edit: Partial<CouponTermsWire>): CouponTerms {
  const type = edit.discount_type ?? current.discountType;
  const shown = (v: number) => (current.discountType === 'fixed' ? v / 100 : v);
  const keep = type === current.discountType;
  return couponTerms({
    discount_type: type,
    discount_value_for_initial: edit.discount_value_for_initial ?? (keep ? shown(current.discountValueForInitial) : 0),
    discount_value_for_recurring: edit.discount_value_for_recurring ?? (keep ? shown(current.discountValueForRecurring) : 0),
  });
}

export const offerSettingsView = (s: ResubscribeOfferSettings): ResubscribeOfferSettingsView => ({ ...s, recurring_price: s.recurring_price_cents / 100 });

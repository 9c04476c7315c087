import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMOTION_SETTINGS } from './promotion-settings';
import { couponCheckAnswer, couponTerms, editedCouponTerms, offerSettingsView, ribbonView } from './views';

const prices = { membership_price_cents: 2000, recurring_membership_price_cents: 1500 };

describe('promotion views', () => {
  it('shows no ribbon without a promotion', () => {
    const viewer = { isStaff: false, isSubscriber: false, hasSubscribedBefore: false };
    expect(ribbonView('SUBSCRIPTION', { current: null, currentEnded: false, knownIds: [] }, viewer, '2026-05-01T00:00:00.000Z', true, DEFAULT_PROMOTION_SETTINGS.subscription)).toBeNull();
  });

  it('reads fixed coupon values as dollars and percentages as typed', () => {
    expect(couponTerms({ discount_type: 'fixed', discount_value_for_initial: '5', discount_value_for_recurring: 0 })).toEqual({ discountType: 'fixed', discountValueForInitial: 500, discountValueForRecurring: 0 });
    expect(couponTerms({ discount_type: 'percentage', discount_value_for_initial: '12.5', discount_value_for_recurring: 10 }).discountValueForInitial).toBe(12.5);
    expect(() => couponTerms({ discount_type: 'percentage', discount_value_for_initial: ' ', discount_value_for_recurring: 0 })).toThrow('Enter a discount between 0 and 100 percent.');
    expect(() => couponTerms({ discount_type: 'fixed', discount_value_for_initial: 'x', discount_value_for_recurring: 0 })).toThrow('Please enter a valid amount');
  });

  it('keeps the values not sent in an edit while the type stays, else starts them at 0', () => {
    const current = { discountType: 'fixed' as const, discountValueForInitial: 500, discountValueForRecurring: 250 };
    expect(editedCouponTerms(current, { discount_value_for_initial: 7 })).toEqual({ discountType: 'fixed', discountValueForInitial: 700, discountValueForRecurring: 250 });
    expect(editedCouponTerms(current, { discount_type: 'percentage', discount_value_for_initial: 10 })).toEqual({ discountType: 'percentage', discountValueForInitial: 10, discountValueForRecurring: 0 });
  });

  it('prices the membership with a coupon next to the list prices', () => {
    const a = couponCheckAnswer({ couponId: 'c', code: 'SAVE5', discount: { discountType: 'fixed', initialValue: 500, recurringValue: 0 } }, prices, false);
    expect(a.discount_value_for_initial).toBe(5);
    expect(a.prices).toEqual({ initial_cents: 1500, recurring_cents: 1500, list_initial_cents: 2000, list_recurring_cents: 1500 });
  });

  it('shows the resubscribe price in dollars beside the cents', () => {
    const s = { enabled: true, for_subscribers_only: false, give_free_month_subscription: 1, recurring_price_cents: 999, promo_banner_text: '' };
    expect(offerSettingsView(s)).toMatchObject({ recurring_price: 9.99, recurring_price_cents: 999 });
  });
});

// Bundles, tiers and the change of tier in the subscription decider.
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { addDays, rebillAt, subscriptionDecider, upgradeChargeCents, type SubscriptionEvent } from './subscription';

const t0 = '2026-01-01T00:00:00.000Z';
const bundle = { months: 3, discountPercent: 20 };

/** A fan on the 3-month bundle of the base tier at $23.98, paid at t0. */
const onBundle: SubscriptionEvent[] = [
  {
    type: 'SubscriptionRequested',
    data: {
      userId: 'u', paymentId: 'p1', amountCents: 2398, recurringCents: 2398, period: 1, requestedAt: t0, kind: 'initial', attempt: 1, immediate: false, periodDays: 90, renews: true,
      promotionId: null, couponCode: null, billingApi: 'v2', tierId: 'base', renewalPeriodDays: 90, bundle,
    },
  },
];
const started = (paymentId: string, at: string, days: number, tierId = 'base', recurringCents = 999, b: typeof bundle | null = null): SubscriptionEvent => ({
  type: 'SubscriptionStarted',
  data: {
    userId: 'u', paymentId, paymentMethod: 'visa •••• 4242', amountCents: recurringCents, recurringCents, period: 1, startedAt: at, expiresAt: addDays(at, days),
    nextBillingAt: rebillAt(addDays(at, days), days), kind: 'initial', promotionId: null, couponCode: null, billingApi: 'v2', tierId, renewalPeriodDays: days, bundle: b,
  },
});

describe('bundles', () => {
  it('a bundle is charged once up front and paid through its months; it renews as the same bundle at the same price', () => {
    const s = given(subscriptionDecider, onBundle).when({ type: 'StartSubscription', paymentId: 'p1', paymentMethod: 'visa •••• 4242', at: t0 }).then([
      {
        type: 'SubscriptionStarted',
        data: {
          userId: 'u', paymentId: 'p1', paymentMethod: 'visa •••• 4242', amountCents: 2398, recurringCents: 2398, period: 1, startedAt: t0, expiresAt: addDays(t0, 90),
          nextBillingAt: rebillAt(addDays(t0, 90), 90), kind: 'initial', promotionId: null, couponCode: null, billingApi: 'v2', tierId: 'base', renewalPeriodDays: 90, bundle,
        },
      },
    ]);
    const due = addDays(t0, 89.5);
    const events = subscriptionDecider.decide({ type: 'RequestRebill', userId: 'u', paymentIdFor: () => 'r1', at: due }, s);
    expect(events[0].data).toMatchObject({ amountCents: 2398, recurringCents: 2398, periodDays: 90, renewalPeriodDays: 90, bundle, tierId: 'base', kind: 'rebill' });
  });

  it('a monthly membership is not due a month early, and renews for 30 days at the price it joined at', () => {
    const s = given(subscriptionDecider, [started('p1', t0, 30, 'vip', 2499)]).state;
    expect(subscriptionDecider.decide({ type: 'RequestRebill', userId: 'u', paymentIdFor: () => 'r1', at: addDays(t0, 20) }, s)).toEqual([]);
    const [e] = subscriptionDecider.decide({ type: 'RequestRebill', userId: 'u', paymentIdFor: () => 'r1', at: addDays(t0, 29.5) }, s);
    expect(e.data).toMatchObject({ amountCents: 2499, periodDays: 30, tierId: 'vip' });
  });
});

describe('change of tier', () => {
  const change = (at: string, over: Partial<{ tierId: string; fromRank: number; toRank: number; recurringCents: number }> = {}) =>
    ({ type: 'ChangeTier' as const, userId: 'u', paymentId: 'up1', tierId: 'vip', fromRank: 0, toRank: 10, recurringCents: 2499, at, ...over });

  it('an upgrade charges the difference for the days left, rounded half up to the cent, and switches on capture', () => {
    // 15 days left of 30: (2499 − 999) × 15 / 30 = 750.
    const at = addDays(t0, 15);
    const s = given(subscriptionDecider, [started('p1', t0, 30)]).when(change(at)).then([
      {
        type: 'SubscriptionRequested',
        data: {
          userId: 'u', paymentId: 'up1', amountCents: 750, recurringCents: 2499, period: 1, requestedAt: at, kind: 'upgrade', attempt: 1, immediate: false, periodDays: 0, renews: true,
          promotionId: null, couponCode: null, billingApi: 'v2', tierId: 'vip', renewalPeriodDays: 30, bundle: null,
        },
      },
    ]);
    const after = given(subscriptionDecider, [started('p1', t0, 30), ...subscriptionDecider.decide(change(at), given(subscriptionDecider, [started('p1', t0, 30)]).state)])
      .when({ type: 'StartSubscription', paymentId: 'up1', paymentMethod: 'visa', at })
      .then([
        {
          type: 'SubscriptionTierChanged',
          data: { userId: 'u', tierId: 'vip', recurringCents: 2499, previousTierId: 'base', previousRecurringCents: 999, paymentId: 'up1', amountCents: 750, reason: 'upgrade', changedAt: at },
        },
      ]);
    expect(after).toMatchObject({ tierId: 'vip', recurringCents: 2499, expiresAt: addDays(t0, 30), pending: null });
    expect(s.pending?.kind).toBe('upgrade');
  });

  it('a day begun counts as left: an upgrade on the last hours charges one day', () => {
    expect(upgradeChargeCents({ fromCents: 999, toCents: 2499, periodDays: 30, expiresAt: addDays(t0, 30), at: addDays(t0, 29.9) })).toBe(50); // 1500 / 30
    expect(upgradeChargeCents({ fromCents: 999, toCents: 2499, periodDays: 30, expiresAt: addDays(t0, 30), at: addDays(t0, 30) })).toBe(0);
    expect(upgradeChargeCents({ fromCents: 999, toCents: 1000, periodDays: 30, expiresAt: addDays(t0, 30), at: addDays(t0, 20) })).toBe(0); // 0.33 → 0
    expect(upgradeChargeCents({ fromCents: 999, toCents: 1002, periodDays: 30, expiresAt: addDays(t0, 30), at: addDays(t0, 25) })).toBe(1); // 0.5 → 1
  });

  it('bundle + upgrade: the difference of the two bundle prices over the bundle days left', () => {
    // 3-month base bundle 2398 → VIP bundle 5998 (2499 × 3 × 0.8), 45 of 90 days left: 3600 × 45 / 90 = 1800.
    const at = addDays(t0, 45);
    const [e] = subscriptionDecider.decide(change(at, { recurringCents: 5998 }), given(subscriptionDecider, [started('p1', t0, 90, 'base', 2398, bundle)]).state);
    expect(e.data).toMatchObject({ amountCents: 1800, recurringCents: 5998, renewalPeriodDays: 90, bundle });
  });

  it("a member whose price is above the new tier's pays nothing now and switches at once (price changed after subscribing)", () => {
    given(subscriptionDecider, [started('p1', t0, 30, 'base', 2999)]).when(change(addDays(t0, 10))).then([
      {
        type: 'SubscriptionTierChanged',
        data: { userId: 'u', tierId: 'vip', recurringCents: 2499, previousTierId: 'base', previousRecurringCents: 2999, paymentId: null, amountCents: 0, reason: 'upgrade', changedAt: addDays(t0, 10) },
      },
    ]);
  });

  it('a downgrade takes effect at the next renewal: nothing charged now, the rebill is on the lower tier', () => {
    const at = addDays(t0, 10);
    const events = [started('p1', t0, 30, 'vip', 2499)];
    const s = given(subscriptionDecider, events).when(change(at, { tierId: 'base', fromRank: 10, toRank: 0, recurringCents: 999 })).then([
      { type: 'SubscriptionTierChangeScheduled', data: { userId: 'u', tierId: 'base', recurringCents: 999, effectiveAt: addDays(t0, 30), scheduledAt: at } },
    ]);
    expect(s.tierId).toBe('vip');
    const [rebill] = subscriptionDecider.decide({ type: 'RequestRebill', userId: 'u', paymentIdFor: () => 'r1', at: addDays(t0, 29.5) }, s);
    expect(rebill.data).toMatchObject({ amountCents: 999 });
    expect(given(subscriptionDecider, [...events, ...subscriptionDecider.decide(change(at, { tierId: 'base', fromRank: 10, toRank: 0, recurringCents: 999 }), given(subscriptionDecider, events).state), rebill]).state.pending).toMatchObject({ tierId: 'base', recurringCents: 999 });
  });

  it('refuses the same tier, a cancelled membership and a change while a payment is under way', () => {
    given(subscriptionDecider, [started('p1', t0, 30, 'vip', 2499)]).when(change(addDays(t0, 1), { fromRank: 10 })).thenThrows('You are already on this tier.', { status: 409 });
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancelled', data: { userId: 'u', reason: null, otherReason: null, requestFrom: 'membership_page', by: 'fan', cancelledAt: addDays(t0, 1), expiresAt: addDays(t0, 30) },
    };
    given(subscriptionDecider, [started('p1', t0, 30), cancelled]).when(change(addDays(t0, 2))).thenThrows(/reactivate/, { code: 'NOT_RENEWING' });
    const s = given(subscriptionDecider, [started('p1', t0, 30)]).state;
    const pending = subscriptionDecider.decide(change(addDays(t0, 5)), s);
    given(subscriptionDecider, [started('p1', t0, 30), ...pending]).when({ ...change(addDays(t0, 5)), paymentId: 'other' }).thenThrows(/being processed/, { status: 409 });
    given(subscriptionDecider, [started('p1', t0, 30), ...pending]).when(change(addDays(t0, 5))).then([]);
  });

  it("an upgrade's refund puts the member back on the tier and price they had", () => {
    const at = addDays(t0, 15);
    const base = [started('p1', t0, 30)];
    const req = subscriptionDecider.decide(change(at), given(subscriptionDecider, base).state);
    const done = subscriptionDecider.decide({ type: 'StartSubscription', paymentId: 'up1', paymentMethod: 'visa', at }, given(subscriptionDecider, [...base, ...req]).state);
    const s = given(subscriptionDecider, [...base, ...req, ...done]).when({ type: 'RevokeForReversal', paymentId: 'up1', reason: 'refund', at: addDays(t0, 16) }).then([
      {
        type: 'SubscriptionTierChanged',
        data: { userId: 'u', tierId: 'base', recurringCents: 999, previousTierId: 'vip', previousRecurringCents: 2499, paymentId: null, amountCents: 0, reason: 'reversal', changedAt: addDays(t0, 16) },
      },
    ]);
    expect(s).toMatchObject({ tierId: 'base', recurringCents: 999, expiresAt: addDays(t0, 30) });
  });
});

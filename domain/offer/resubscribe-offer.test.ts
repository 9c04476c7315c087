import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider';
import { given } from '../shared/given-when-then';
import {
  acceptResubscribeOffer,
  DEFAULT_RESUBSCRIBE_OFFER,
  isEligibleForResubscribeOffer,
  offerBanner,
  resubscribeOfferDecider,
  resubscribeQuote,
  type MembershipHistory,
  type ResubscribeOfferCommand,
  type ResubscribeOfferSettings,
} from './resubscribe-offer';

const at = '2026-03-10T12:00:00.000Z';
const save = (changes: Partial<ResubscribeOfferSettings>): ResubscribeOfferCommand => ({ type: 'SaveResubscribeOfferSettings', changes, actorId: 'admin1', at });
const settings = (over: Partial<ResubscribeOfferSettings> = {}): ResubscribeOfferSettings => ({ ...DEFAULT_RESUBSCRIBE_OFFER, enabled: true, recurring_price_cents: 799, ...over });
const lapsed = { isStaff: false, membership: 'lapsed' as const };

const thrown = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a throw');
};

describe('resubscribeOfferDecider', () => {
  it('starts switched off', () => {
    expect(resubscribeOfferDecider.initialState()).toEqual(DEFAULT_RESUBSCRIBE_OFFER);
    expect(DEFAULT_RESUBSCRIBE_OFFER.enabled).toBe(false);
  });

  it('saves what changed, trimming the banner text', () => {
    const s = given(resubscribeOfferDecider)
      .when(save({ enabled: true, give_free_month_subscription: 2, recurring_price_cents: 999, promo_banner_text: '  Two months on us  ' }))
      .then([{ type: 'ResubscribeOfferSettingsSaved', data: { changes: { enabled: true, give_free_month_subscription: 2, promo_banner_text: 'Two months on us' }, actorId: 'admin1', savedAt: at } }]);
    expect(s.give_free_month_subscription).toBe(2);
  });

  it('no change, no event', () => {
    given(resubscribeOfferDecider).when(save({ enabled: false, give_free_month_subscription: 0 })).then([]);
  });

  it.each([-1, 0, 1, 12])('accepts %d free months', (n) => {
    expect(resubscribeOfferDecider.decide(save({ give_free_month_subscription: n, enabled: true }), resubscribeOfferDecider.initialState())).toHaveLength(1);
  });

  it.each([-2, 13, 1.5])('refuses %d free months', (n) => {
    given(resubscribeOfferDecider).when(save({ give_free_month_subscription: n })).thenThrows('Invalid request.', { details: { field: 'give_free_month_subscription' } });
  });

  it.each([0, -5, 9.99])('refuses a recurring price of %d cents', (cents) => {
    given(resubscribeOfferDecider).when(save({ recurring_price_cents: cents })).thenThrows('Please enter a valid amount', { details: { field: 'recurring_price' } });
  });

  it('refuses an over-long banner', () => {
    given(resubscribeOfferDecider).when(save({ promo_banner_text: 'x'.repeat(251) })).thenThrows('Banner text cannot be more than 250 characters.');
  });
});

describe('eligibility', () => {
  it.each([
    ['never', true, false],
    ['never', false, true],
    ['active', true, false],
    ['active', false, false],
    ['cancelled', true, true],
    ['cancelled', false, true],
    ['lapsed', true, true],
    ['lapsed', false, true],
  ] as [MembershipHistory, boolean, boolean][])('%s, for_subscribers_only %s → %s', (membership, forSubscribersOnly, ok) => {
    expect(isEligibleForResubscribeOffer(settings({ for_subscribers_only: forSubscribersOnly }), { isStaff: false, membership })).toBe(ok);
  });

  it('never for staff, never when switched off', () => {
    expect(isEligibleForResubscribeOffer(settings(), { isStaff: true, membership: 'lapsed' })).toBe(false);
    expect(isEligibleForResubscribeOffer(settings({ enabled: false }), lapsed)).toBe(false);
  });

  it('the banner shows only to the eligible', () => {
    expect(offerBanner(settings({ promo_banner_text: 'Come back' }), lapsed)).toMatchObject({ promo_banner_text: 'Come back', quote: { kind: 'reduced_price' } });
    expect(offerBanner(settings(), { isStaff: false, membership: 'active' })).toBeNull();
  });
});

describe('resubscribeQuote: free months, 0 and -1', () => {
  it.each([
    [0, { kind: 'reduced_price', chargeNowCents: 799, freeDays: 0, recurringCents: 799, paymentMethodRequired: true }],
    [-1, { kind: 'free', chargeNowCents: 0, freeDays: 30, recurringCents: null, paymentMethodRequired: false }],
    [1, { kind: 'free_months', chargeNowCents: 0, freeDays: 30, recurringCents: 799, paymentMethodRequired: true }],
    [3, { kind: 'free_months', chargeNowCents: 0, freeDays: 90, recurringCents: 799, paymentMethodRequired: true }],
  ])('%d → %j', (n, quote) => {
    expect(resubscribeQuote(settings({ give_free_month_subscription: n }))).toEqual(quote);
  });
});

describe('acceptResubscribeOffer', () => {
  it('by card', () => {
    expect(acceptResubscribeOffer(settings(), lapsed, { method: 'card', walletCents: 0 }).chargeNowCents).toBe(799);
  });

  it("crypto with an empty wallet: 'Please Add Funds in wallet to subscribe.'", () => {
    for (const n of [0, 2]) {
      const e = thrown(() => acceptResubscribeOffer(settings({ give_free_month_subscription: n }), lapsed, { method: 'crypto_currency', walletCents: 0 }));
      expect(e).toBeInstanceOf(DomainError);
      expect({ message: e.message, code: e.code, status: e.status }).toEqual({ message: 'Please Add Funds in wallet to subscribe.', code: 'WALLET_EMPTY', status: 402 });
    }
  });

  it('free months with an empty wallet open Add Funds with every preset (shortfall 0)', () => {
    const e = thrown(() => acceptResubscribeOffer(settings({ give_free_month_subscription: 2 }), lapsed, { method: 'crypto_currency', walletCents: 0 }));
    expect(e.details).toEqual({ priceCents: 0, balanceCents: 0, shortfallCents: 0, addFundsCents: 0 });
  });

  it('reduced price the wallet does not cover: the shortfall rounded up', () => {
    const e = thrown(() => acceptResubscribeOffer(settings(), lapsed, { method: 'crypto_currency', walletCents: 500 }));
    expect({ message: e.message, code: e.code }).toEqual({ message: 'Please Add Funds in wallet to subscribe.', code: 'INSUFFICIENT_FUNDS' });
    expect(e.details).toEqual({ priceCents: 799, balanceCents: 500, shortfallCents: 299, addFundsCents: 300 });
  });

  it('crypto with a non-zero wallet is accepted for free months', () => {
    expect(acceptResubscribeOffer(settings({ give_free_month_subscription: 1 }), lapsed, { method: 'crypto_currency', walletCents: 1 }).kind).toBe('free_months');
    expect(acceptResubscribeOffer(settings(), lapsed, { method: 'crypto_currency', walletCents: 799 }).kind).toBe('reduced_price');
  });

  it('the free (-1) offer needs no wallet', () => {
    expect(acceptResubscribeOffer(settings({ give_free_month_subscription: -1 }), lapsed, { method: 'crypto_currency', walletCents: 0 }).kind).toBe('free');
  });

  it('refused to the ineligible', () => {
    expect(thrown(() => acceptResubscribeOffer(settings(), { isStaff: false, membership: 'active' }, { method: 'card', walletCents: 0 })).code).toBe('OFFER_NOT_AVAILABLE');
  });
});

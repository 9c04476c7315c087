import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import {
  addFundsAmountCents,
  addFundsOptions,
  applyCoupon,
  DEFAULT_WALLET_SETTINGS,
  discountedCents,
  fundPresetsCents,
  insufficientFunds,
  isAcceptableTopUpCents,
  isValidPercent,
  isValidTrialPeriod,
  lockedContentPriceCents,
  membershipPrices,
  migrationPriceCents,
  parseOtherAmount,
  parseTipAmount,
  payPerMessageCharge,
  subscriptionPromotionPrices,
  subscriptionQuote,
  walletShortfallCents,
  type MembershipPriceSettings,
  type WalletSettings,
} from './pricing';

const thrown = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a throw');
};

describe('lockedContentPriceCents: ceil(amount × (100 − percent) / 100) on whole dollars', () => {
  it.each([
    [2000, 50, 1000],
    [1500, 10, 1400], // 13.5 → 14
    [700, 10, 700], // 6.3 → 7
    [500, 80, 100],
    [45000, 80, 9000],
    [45000, 10, 40500],
    [9900, 33, 6700], // 66.33 → 67
    [2000, null, 2000],
    [1250, 50, 700], // a chat price with cents: 6.25 → 7 (whole dollars)
    [1999, 50, 1000], // 9.995 → 10
  ] as const)('%d¢ at %s%% → %d¢', (amount, percent, expected) => {
    expect(lockedContentPriceCents(amount, percent)).toBe(expected);
  });

  it('is exact for every cent amount from $0.01 to $450 at every promotion percent (10..80)', () => {
    const bad: string[] = [];
    for (let cents = 1; cents <= 45_000; cents++) {
      for (let p = 10; p <= 80; p++) {
        const exact = Math.floor((cents * (100 - p) + 9_999) / 10_000) * 100;
        if (lockedContentPriceCents(cents, p) !== exact) bad.push(`${cents}@${p}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('never charges more than the price and never less than the exact discount', () => {
    for (const [a, p] of [[500, 10], [1234, 37], [45000, 80], [100, 80]]) {
      const price = lockedContentPriceCents(a, p);
      expect(price).toBeLessThanOrEqual(Math.ceil(a / 100) * 100);
      expect(price * 100).toBeGreaterThanOrEqual(a * (100 - p));
    }
  });
});

const settings: MembershipPriceSettings = {
  membership_price_cents: 1999,
  recurring_membership_price_cents: 1499,
  returning_membership_price_cents: 999,
  returning_recurring_membership_price_cents: 1299,
};

describe('membershipPrices', () => {
  it('a new fan pays the regular prices for a 30-day month', () => {
    expect(membershipPrices(settings, false)).toEqual({ kind: 'regular', initialCents: 1999, recurringCents: 1499, initialPeriodDays: 30 });
  });

  it('a returning fan pays the returning prices', () => {
    expect(membershipPrices(settings, true)).toEqual({ kind: 'returning', initialCents: 999, recurringCents: 1299, initialPeriodDays: 30 });
  });

  it.each([
    [{ returning_membership_price_cents: 0, returning_recurring_membership_price_cents: 0 }, 'regular', 1999, 1499],
    [{ returning_membership_price_cents: null, returning_recurring_membership_price_cents: null }, 'regular', 1999, 1499],
    [{ returning_membership_price_cents: undefined, returning_recurring_membership_price_cents: undefined }, 'regular', 1999, 1499],
    [{ returning_membership_price_cents: 999, returning_recurring_membership_price_cents: 0 }, 'returning', 999, 1499],
    [{ returning_membership_price_cents: 0, returning_recurring_membership_price_cents: 1299 }, 'returning', 1999, 1299],
  ] as const)('unset returning prices fall back one by one: %j', (over, kind, initial, recurring) => {
    expect(membershipPrices({ ...settings, ...over }, true)).toEqual({ kind, initialCents: initial, recurringCents: recurring, initialPeriodDays: 30 });
  });

  it('migration is charged at the returning recurring price, else the recurring price', () => {
    expect(migrationPriceCents(settings)).toBe(1299);
    expect(migrationPriceCents({ ...settings, returning_recurring_membership_price_cents: 0 })).toBe(1499);
  });
});

describe('trial periods and subscription promotion prices', () => {
  it.each([
    [1, true],
    [7, true],
    [29, true],
    [30, true], // "1 month"
    [0, false],
    [31, false],
    [2.5, false],
    [-1, false],
  ])('initial period %d days valid: %s', (days, ok) => {
    expect(isValidTrialPeriod(days)).toBe(ok);
  });

  it('a trial offer sets the first period; otherwise it is a month', () => {
    expect(subscriptionPromotionPrices({ initialCents: 100, recurringCents: 999, trialPeriodDays: 3 })).toEqual({ initialCents: 100, recurringCents: 999, initialPeriodDays: 3 });
    expect(subscriptionPromotionPrices({ initialCents: 500, recurringCents: 999, trialPeriodDays: null })).toEqual({ initialCents: 500, recurringCents: 999, initialPeriodDays: 30 });
  });
});

describe('coupon discounts: percentage or fixed, 2-decimal rounding, never below 0', () => {
  it.each([
    [1999, 'percentage', 50, 1000], // 999.5 → 1000 (half up)
    [1999, 'percentage', 10, 1799], // 1799.1
    [999, 'percentage', 15, 849], // 849.15
    [999, 'percentage', 12.5, 874], // 874.125
    [1000, 'percentage', 33.33, 667], // 666.7
    [1, 'percentage', 50, 1], // 0.5 → 1
    [999, 'percentage', 100, 0],
    [999, 'percentage', 0, 999],
    [1999, 'fixed', 500, 1499],
    [1999, 'fixed', 1999, 0],
    [1999, 'fixed', 5000, 0], // never below 0
    [1999, 'fixed', 0, 1999],
  ] as const)('%d¢ − %s %d → %d¢', (price, type, value, expected) => {
    expect(discountedCents(price, type, value)).toBe(expected);
  });

  it('agrees with round-half-up to the cent for every whole percent on many prices', () => {
    for (const price of [1, 99, 100, 999, 1499, 1999, 4999, 12345]) {
      for (let p = 0; p <= 100; p++) {
        expect(discountedCents(price, 'percentage', p)).toBe(Math.floor((price * (100 - p) + 50) / 100));
      }
    }
  });

  it.each([
    [50, true],
    [12.5, true],
    [33.33, true],
    [0, true],
    [100, true],
    [33.333, false],
    [101, false],
    [-1, false],
    [Number.NaN, false],
  ])('percent %d valid: %s', (p, ok) => {
    expect(isValidPercent(p)).toBe(ok);
  });

  const month = { initialCents: 1999, recurringCents: 1499, initialPeriodDays: 30 };
  it('applies to the initial and the recurring price', () => {
    expect(applyCoupon(month, { discountType: 'percentage', initialValue: 50, recurringValue: 10 })).toEqual({ initialCents: 1000, recurringCents: 1349, initialPeriodDays: 30 });
    expect(applyCoupon(month, { discountType: 'fixed', initialValue: 1000, recurringValue: 500 })).toEqual({ initialCents: 999, recurringCents: 999, initialPeriodDays: 30 });
  });

  it('the recurring discount applies only when non-zero', () => {
    expect(applyCoupon(month, { discountType: 'percentage', initialValue: 20, recurringValue: 0 })).toEqual({ initialCents: 1599, recurringCents: 1499, initialPeriodDays: 30 });
  });

  it('a recurring-only coupon leaves the initial price', () => {
    expect(applyCoupon(month, { discountType: 'fixed', initialValue: 0, recurringValue: 499 })).toEqual({ initialCents: 1999, recurringCents: 1000, initialPeriodDays: 30 });
  });
});

describe('subscriptionQuote', () => {
  const promotion = { promotionId: 'promo1', terms: { initialCents: 499, recurringCents: 999, trialPeriodDays: 7 } };
  const coupon50 = { code: 'HALF', discount: { discountType: 'percentage' as const, initialValue: 50, recurringValue: 0 } };
  const coupon90 = { code: 'BIG', discount: { discountType: 'percentage' as const, initialValue: 90, recurringValue: 90 } };
  const list = { initialCents: 1999, recurringCents: 1499, initialPeriodDays: 30 };

  it('list price with nothing applied', () => {
    expect(subscriptionQuote({ settings, hasSubscribedBefore: false })).toEqual({ ...list, source: 'regular', listPrices: list, promotionId: null, couponCode: null });
  });

  it('returning price for a former subscriber', () => {
    const q = subscriptionQuote({ settings, hasSubscribedBefore: true });
    expect(q.source).toBe('returning');
    expect(q.initialCents).toBe(999);
  });

  it('the promotion sets the price and the trial period', () => {
    expect(subscriptionQuote({ settings, hasSubscribedBefore: false, promotion })).toEqual({
      initialCents: 499,
      recurringCents: 999,
      initialPeriodDays: 7,
      source: 'promotion',
      listPrices: list,
      promotionId: 'promo1',
      couponCode: null,
    });
  });

  it('the coupon applies to the list price', () => {
    expect(subscriptionQuote({ settings, hasSubscribedBefore: false, coupon: coupon50 })).toMatchObject({ initialCents: 1000, recurringCents: 1499, source: 'coupon', couponCode: 'HALF' });
  });

  it('promotion and coupon do not stack: the lower charge now wins', () => {
    expect(subscriptionQuote({ settings, hasSubscribedBefore: false, promotion, coupon: coupon50 })).toMatchObject({ initialCents: 499, source: 'promotion', couponCode: null });
    expect(subscriptionQuote({ settings, hasSubscribedBefore: false, promotion, coupon: coupon90 })).toMatchObject({ initialCents: 200, recurringCents: 150, initialPeriodDays: 30, source: 'coupon', promotionId: null });
  });

  it('on a tie the promotion wins', () => {
    const tie = { code: 'TIE', discount: { discountType: 'fixed' as const, initialValue: 1500, recurringValue: 0 } };
    expect(subscriptionQuote({ settings, hasSubscribedBefore: false, promotion, coupon: tie }).source).toBe('promotion');
  });
});

describe('wallet shortfall and Add Funds', () => {
  it.each([
    [2000, 0, 2000, 2000],
    [2000, 1250, 750, 800],
    [2000, 1999, 1, 100],
    [2000, 1900, 100, 100],
    [2000, 2000, 0, 0],
    [2000, 5000, 0, 0],
    [1250, 1000, 250, 300],
    [707, 6, 701, 800],
  ])('price %d¢, balance %d¢ → shortfall %d¢, add %d¢', (price, balance, shortfall, add) => {
    expect(walletShortfallCents(price, balance)).toBe(shortfall);
    expect(addFundsAmountCents(shortfall)).toBe(add);
  });

  it('insufficientFunds is a 402 carrying the shortfall rounded up', () => {
    const e = insufficientFunds(2000, 1250);
    expect(e).toBeInstanceOf(DomainError);
    expect(e.status).toBe(402);
    expect(e.code).toBe('INSUFFICIENT_FUNDS');
    expect(e.details).toEqual({ priceCents: 2000, balanceCents: 1250, shortfallCents: 750, addFundsCents: 800 });
    expect(insufficientFunds(10, 0, 'Custom.').message).toBe('Custom.');
  });

  it.each([
    ['10,20,50,100', [1000, 2000, 5000, 10000]],
    [' 50 , 10,20 ,10', [1000, 2000, 5000]],
    ['10,abc,,-5,0,12.5,7.999', [1000, 1250]],
    ['', []],
  ])('presets %j → %j', (text, cents) => {
    expect(fundPresetsCents(text)).toEqual(cents);
  });

  const wallet: WalletSettings = { add_fund_default_options: '10,20,50,100', add_fund_minimum_amount: 5, add_fund_maximum_amount: 500 };
  it.each([
    [0, [1000, 2000, 5000, 10000], null],
    [750, [1000, 2000, 5000, 10000], 800],
    [1000, [2000, 5000, 10000], 1000], // strictly above: $10 itself is the pre-filled amount
    [1001, [2000, 5000, 10000], 1100],
    [4999, [10000], 5000],
    [20000, [], 20000],
    [100, [1000, 2000, 5000, 10000], 500], // $1 short with a $5 minimum top-up: the minimum, since $1 would be refused
    [499, [1000, 2000, 5000, 10000], 500],
  ])('shortfall %d¢ → presets %j, suggested %s', (shortfall, presets, suggested) => {
    expect(addFundsOptions(wallet, shortfall)).toEqual({ presetsCents: presets, suggestedCents: suggested });
  });

  describe("'Other amount'", () => {
    it.each([
      ['5', 500],
      ['5.5', 550],
      ['20.05', 2005],
      [' 100 ', 10000],
      ['500', 50000],
      ['500.99', 50099], // integer part 500 is within the bounds
      ['05', 500],
    ])('%j → %d¢', (text, cents) => {
      expect(parseOtherAmount(text, wallet)).toBe(cents);
    });

    it.each(['', '   ', 'abc', '12.345', '-5', '1e3', '$20', '20,5', '.5', '20.'])('%j → Please enter a valid amount', (text) => {
      const e = thrown(() => parseOtherAmount(text, wallet));
      expect(e).toBeInstanceOf(ValidationError);
      expect(e.message).toBe('Please enter a valid amount');
      expect(e.details).toEqual({ field: 'amount' });
    });

    it.each(['4.99', '0', '501', '1000', '0.50'])('%j → Choose a fund amount between 5 and 500', (text) => {
      expect(thrown(() => parseOtherAmount(text, wallet)).message).toBe('Choose a fund amount between 5 and 500');
    });

    it('a zero amount is never valid, even with a minimum of 0', () => {
      expect(thrown(() => parseOtherAmount('0.00', { ...wallet, add_fund_minimum_amount: 0 })).message).toBe('Please enter a valid amount');
    });

    it('uses the settings bounds in the message', () => {
      expect(thrown(() => parseOtherAmount('1', DEFAULT_WALLET_SETTINGS)).message).toBe('Choose a fund amount between 5 and 1000');
    });
  });

  it.each([
    [1000, true], // a preset
    [50000, true],
    [50099, true],
    [50100, false],
    [499, false],
    [0, false],
    [12.5, false],
  ])('top-up of %d¢ acceptable: %s', (cents, ok) => {
    expect(isAcceptableTopUpCents(wallet, cents)).toBe(ok);
  });

  it('a preset outside the bounds is still acceptable (the creator offered it)', () => {
    expect(isAcceptableTopUpCents({ ...wallet, add_fund_default_options: '1000' }, 100000)).toBe(true);
  });
});

describe('tips and pay-per-message', () => {
  const bounds = { tips_minimum_amount: 5, tips_maximum_amount: 200 };
  it.each([
    ['5', 500],
    ['20.00', 2000],
    ['200.75', 20075], // integer comparison
  ])('tip %j → %d¢', (text, cents) => {
    expect(parseTipAmount(text, bounds)).toBe(cents);
  });

  it.each(['4.99', '201', '0'])('tip %j → Choose a tip between 5 and 200', (text) => {
    expect(thrown(() => parseTipAmount(text, bounds)).message).toBe('Choose a tip between 5 and 200');
  });

  it.each(['', 'x', '1.234'])('tip %j → Please enter a valid amount', (text) => {
    expect(thrown(() => parseTipAmount(text, bounds)).message).toBe('Please enter a valid amount');
  });

  it('a credit above 0 makes the message free', () => {
    expect(payPerMessageCharge(2, 300)).toEqual({ chargeCents: 0, usesCredit: true });
    expect(payPerMessageCharge(0, 300)).toEqual({ chargeCents: 300, usesCredit: false });
  });
});

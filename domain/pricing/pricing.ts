// Pricing: every amount a fan is asked to pay, in integer cents, from the spec's formulas. The two rounding primitives (promotion ceil, whole-dollar shortfall) live in
// domain/shared/money.ts and are re-exported here; everything else that turns settings, a promotion, a coupon
// or a wallet balance into a price is in this module, once.
//
// Rounding, and why:
// - Locked-content promotion: ceil(amount × (100 − percent) / 100) on WHOLE DOLLARS. A wallet
//   shortfall and a discount are rounded up to whole dollars, locked prices are whole numbers and the
//   formula works on the dollar amount the site shows. So $15 at 10% off is $14 (13.5 → 14), not $13.50.
// - Coupon discounts: "rounded to 2 decimals" = to the cent, half up, in exact integer arithmetic.
//   A fixed discount never takes a price below 0.
// - Wallet shortfall (price − balance) is rounded UP to whole dollars for the Add Funds form.
// Settings amounts the spec names in dollars (add_fund_*, tips_*) stay dollars in settings; prices are cents.
import { DomainError } from '../shared/decider';
import { promotionPriceCents, roundUpToWholeDollarCents } from '../shared/money';
import { ValidationError } from '../shared/validation';

export { promotionPriceCents, roundUpToWholeDollarCents };

// ---------------------------------------------------------------------------------------------------------
// Locked content (posts, chat and mass messages)

export const PROMOTION_DISCOUNT_MIN = 10;
export const PROMOTION_DISCOUNT_MAX = 80;
export const PROMOTION_DISCOUNT_DEFAULT = 50;

/** The price of a locked item with the discount of a locked-content promotion, or the plain price (null). */
export function lockedContentPriceCents(amountCents: number, discountPercent: number | null): number {
  return discountPercent === null ? amountCents : promotionPriceCents(amountCents, discountPercent);
}

// ---------------------------------------------------------------------------------------------------------
// Subscriptions

/** One paid period of a membership (the subscription decider's PERIOD_DAYS), and a trial "1 month". */
export const MONTH_DAYS = 30;

export interface SubscriptionPrices {
  /** Charged now, for the first period. */
  initialCents: number;
  /** Charged at each renewal. */
  recurringCents: number;
  /** Length of the first period: 30, or 1..29 days for a trial offer. */
  initialPeriodDays: number;
}

/** Membership prices from site settings. Returning prices of 0 or null mean "not set: use the regular price". */
export interface MembershipPriceSettings {
  membership_price_cents: number;
  recurring_membership_price_cents: number;
  returning_membership_price_cents?: number | null;
  returning_recurring_membership_price_cents?: number | null;
}

const isSet = (cents: number | null | undefined): cents is number => typeof cents === 'number' && cents > 0;

/**
 * Regular or returning-member prices. A fan who subscribed before (and is not subscribed now) pays the
 * returning prices when the creator set them; each of the two falls back to its regular price on its own.
 */
export function membershipPrices(settings: MembershipPriceSettings, hasSubscribedBefore: boolean): SubscriptionPrices & { kind: 'regular' | 'returning' } {
  const initial = hasSubscribedBefore && isSet(settings.returning_membership_price_cents) ? settings.returning_membership_price_cents : null;
  const recurring = hasSubscribedBefore && isSet(settings.returning_recurring_membership_price_cents) ? settings.returning_recurring_membership_price_cents : null;
  return {
    kind: initial !== null || recurring !== null ? 'returning' : 'regular',
    initialCents: initial ?? settings.membership_price_cents,
    recurringCents: recurring ?? settings.recurring_membership_price_cents,
    initialPeriodDays: MONTH_DAYS,
  };
}

/** Subscription migration is charged at returning_recurring_membership_price, else the recurring price. */
export const migrationPriceCents = (settings: MembershipPriceSettings): number =>
  isSet(settings.returning_recurring_membership_price_cents) ? settings.returning_recurring_membership_price_cents : settings.recurring_membership_price_cents;

/** Trial initial period: 1 to 29 days, or 30 for "1 month". */
export const TRIAL_PERIOD_MIN_DAYS = 1;
export const TRIAL_PERIOD_MAX_DAYS = MONTH_DAYS;
export const isValidTrialPeriod = (days: number): boolean => Number.isInteger(days) && days >= TRIAL_PERIOD_MIN_DAYS && days <= TRIAL_PERIOD_MAX_DAYS;

/** What a subscription promotion sets: its own initial and recurring amounts, and an optional trial period. */
export interface SubscriptionPromotionTerms {
  initialCents: number;
  recurringCents: number;
  /** null: not a trial offer (the first period is a normal month). */
  trialPeriodDays: number | null;
}

export const subscriptionPromotionPrices = (terms: SubscriptionPromotionTerms): SubscriptionPrices => ({
  initialCents: terms.initialCents,
  recurringCents: terms.recurringCents,
  initialPeriodDays: terms.trialPeriodDays ?? MONTH_DAYS,
});

// ---------------------------------------------------------------------------------------------------------
// Coupon discounts

export type DiscountType = 'percentage' | 'fixed';

/**
 * A coupon's discount. For 'percentage' the values are percents (0..100, at most 2 decimals); for 'fixed'
 * they are cents. `recurring` 0 leaves the renewal price alone.
 */
export interface CouponDiscount {
  discountType: DiscountType;
  initialValue: number;
  recurringValue: number;
}

/** Percent with at most two decimals, as hundredths of a percent (basis points): 12.5 → 1250. */
function basisPoints(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(bp - percent * 100) > 1e-6 || bp < 0 || bp > 10_000) throw new RangeError(`bad percent ${percent}`);
  return bp;
}

export const isValidPercent = (percent: number): boolean => {
  try {
    basisPoints(percent);
    return true;
  } catch {
    return false;
  }
};

/** One price after one discount value: percent rounded half up to the cent, fixed floored at 0. */
export function discountedCents(priceCents: number, discountType: DiscountType, value: number): number {
  if (discountType === 'fixed') return Math.max(0, priceCents - value);
  // price × (100 − percent) / 100 in cents = price × (10000 − bp) / 10000; integer numerator, half up.
  const n = priceCents * (10_000 - basisPoints(value));
  return Math.floor((n + 5_000) / 10_000);
}

/** The coupon applied to a set of prices. The recurring discount applies only when non-zero. */
export function applyCoupon(prices: SubscriptionPrices, coupon: CouponDiscount): SubscriptionPrices {
  return {
    initialCents: discountedCents(prices.initialCents, coupon.discountType, coupon.initialValue),
    recurringCents: coupon.recurringValue !== 0 ? discountedCents(prices.recurringCents, coupon.discountType, coupon.recurringValue) : prices.recurringCents,
    initialPeriodDays: prices.initialPeriodDays,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The subscribe page: one quote from all of the above

export interface SubscriptionQuote extends SubscriptionPrices {
  /** Which price the fan gets. */
  source: 'regular' | 'returning' | 'promotion' | 'coupon' | 'link' | 'bundle';
  /** Regular (or returning) prices before any promotion or coupon: the struck-through price. */
  listPrices: SubscriptionPrices;
  promotionId: string | null;
  couponCode: string | null;
}

/**
 * Price of a new subscription. The caller passes only a promotion the fan is eligible for (see
 * domain/promotion) and only a coupon that checked valid (see domain/coupon). A promotion and a coupon do not
 * stack: the coupon applies to the list price, and the fan gets whichever of the two charges less now (the
 * promotion on a tie, since it needs no code).
 */
export function subscriptionQuote(input: {
  settings: MembershipPriceSettings;
  hasSubscribedBefore: boolean;
  promotion?: { promotionId: string; terms: SubscriptionPromotionTerms } | null;
  coupon?: { code: string; discount: CouponDiscount } | null;
  /** A verified subscription link's prices (domain/subscription-link): what staff offered wins over the rest. */
  link?: { initialCents: number; recurringCents: number } | null;
}): SubscriptionQuote {
  const { kind, ...list } = membershipPrices(input.settings, input.hasSubscribedBefore);
  if (input.link) {
    return { initialCents: input.link.initialCents, recurringCents: input.link.recurringCents, initialPeriodDays: MONTH_DAYS, source: 'link', listPrices: list, promotionId: null, couponCode: null };
  }
  let best: SubscriptionQuote = { ...list, source: kind, listPrices: list, promotionId: null, couponCode: null };
  if (input.promotion) {
    best = { ...subscriptionPromotionPrices(input.promotion.terms), source: 'promotion', listPrices: list, promotionId: input.promotion.promotionId, couponCode: null };
  }
  if (input.coupon) {
    const withCoupon = applyCoupon(list, input.coupon.discount);
    if (!input.promotion || withCoupon.initialCents < best.initialCents) {
      best = { ...withCoupon, source: 'coupon', listPrices: list, promotionId: null, couponCode: input.coupon.code };
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Wallet: shortfall and the Add Funds form

/** wallet_settings: presets are comma-separated dollars; min and max are whole dollars. */
export interface WalletSettings {
  add_fund_default_options: string;
  add_fund_minimum_amount: number;
  add_fund_maximum_amount: number;
}

/** Until the creator sets them (the spec gives no defaults; these are ours). */
export const DEFAULT_WALLET_SETTINGS: WalletSettings = {
  add_fund_default_options: '10,25,50,100,200',
  add_fund_minimum_amount: 5,
  add_fund_maximum_amount: 1000,
};

/** How much the wallet lacks for a price (0 when it is enough). */
export const walletShortfallCents = (priceCents: number, balanceCents: number): number => Math.max(0, priceCents - balanceCents);

/** The Add Funds amount for a shortfall: rounded up to whole dollars. */
export const addFundsAmountCents = (shortfallCents: number): number => roundUpToWholeDollarCents(Math.max(0, shortfallCents));

export interface InsufficientFundsDetails {
  [key: string]: unknown;
  priceCents: number;
  balanceCents: number;
  shortfallCents: number;
  /** What the Add Funds form opens with. */
  addFundsCents: number;
}

export const INSUFFICIENT_FUNDS = 'Insufficient wallet balance. Please add funds.';

/** The "insufficient funds" answer: status 402, with the shortfall the fan site opens Add Funds with. */
export function insufficientFunds(priceCents: number, balanceCents: number, message = INSUFFICIENT_FUNDS): DomainError {
  const shortfallCents = walletShortfallCents(priceCents, balanceCents);
  const details: InsufficientFundsDetails = { priceCents, balanceCents, shortfallCents, addFundsCents: addFundsAmountCents(shortfallCents) };
  return new DomainError(message, 'INSUFFICIENT_FUNDS', 402, details);
}

/** The presets of wallet_settings in cents, ascending, duplicates and unreadable entries dropped. */
export function fundPresetsCents(options: string): number[] {
  const cents = options
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,7}(\.\d{1,2})?$/.test(s))
    .map((s) => Math.round(Number(s) * 100))
    .filter((c) => c > 0);
  return [...new Set(cents)].sort((a, b) => a - b);
}

export interface AddFundsOptions {
  /** Preset buttons: only those above the shortfall (all of them when there is none). */
  presetsCents: number[];
  /** Pre-filled amount: the shortfall rounded up to whole dollars, or null when the form opens without one. */
  suggestedCents: number | null;
}

/**
 * What the Add Funds form offers: only the preset amounts above the remaining amount
 * needed. "Above" is strict: the rounded shortfall itself is the pre-filled amount, so a preset equal to it
 * would repeat it. A shortfall of 0 (form opened from the wallet page) offers every preset (0 means
 * the full list).
 */
export function addFundsOptions(settings: WalletSettings, shortfallCents: number): AddFundsOptions {
  const presets = fundPresetsCents(settings.add_fund_default_options);
  if (shortfallCents <= 0) return { presetsCents: presets, suggestedCents: null };
  // A shortfall below the smallest top-up (a $1 gap with a $5 minimum) suggests the minimum: less would be refused.
  const suggested = Math.max(addFundsAmountCents(shortfallCents), settings.add_fund_minimum_amount * 100);
  return { presetsCents: presets.filter((p) => p > suggested), suggestedCents: suggested };
}

export const VALID_AMOUNT = 'Please enter a valid amount';
export const fundAmountBetween = (min: number, max: number) => `Choose a fund amount between ${min} and ${max}`;

/**
 * The "Other amount" field: not empty, digits with at most 2 decimals ('Please enter a valid
 * amount'), and its INTEGER PART between add_fund_minimum_amount and add_fund_maximum_amount ('Choose a fund
 * amount between {min} and {max}'). So with max 100, "100.50" passes, as the spec words it. Returns cents.
 */
export function parseOtherAmount(text: string, settings: WalletSettings, field = 'amount'): number {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) throw new ValidationError(field, VALID_AMOUNT);
  const [whole, frac = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  const integerPart = Number(whole);
  const { add_fund_minimum_amount: min, add_fund_maximum_amount: max } = settings;
  if (integerPart < min || integerPart > max) throw new ValidationError(field, fundAmountBetween(min, max));
  if (cents <= 0) throw new ValidationError(field, VALID_AMOUNT);
  return cents;
}

/** A top-up amount the server accepts: one of the presets, or an amount the "Other amount" rule accepts. */
export function isAcceptableTopUpCents(settings: WalletSettings, cents: number): boolean {
  if (!Number.isInteger(cents) || cents <= 0) return false;
  if (fundPresetsCents(settings.add_fund_default_options).includes(cents)) return true;
  const whole = Math.floor(cents / 100);
  return whole >= settings.add_fund_minimum_amount && whole <= settings.add_fund_maximum_amount;
}

// ---------------------------------------------------------------------------------------------------------
// Tips and pay-per-message

export const tipBetween = (min: number, max: number) => `Choose a tip between ${min} and ${max}`;

/**
 * A tip amount: digits with at most 2 decimals ('Please enter a valid amount'), compared as an integer with
 * tips_minimum_amount..tips_maximum_amount ('Choose a tip between {min} and {max}'). Returns cents.
 */
export function parseTipAmount(text: string, bounds: { tips_minimum_amount: number; tips_maximum_amount: number }, field = 'amount'): number {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) throw new ValidationError(field, VALID_AMOUNT);
  const [whole, frac = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  const { tips_minimum_amount: min, tips_maximum_amount: max } = bounds;
  if (Number(whole) < min || Number(whole) > max || cents <= 0) throw new ValidationError(field, tipBetween(min, max));
  return cents;
}

/** Pay-per-message: a credit above 0 makes the message free (and uses one credit); otherwise it is charged. */
export function payPerMessageCharge(creditCount: number, amountCents: number): { chargeCents: number; usesCredit: boolean } {
  return creditCount > 0 ? { chargeCents: 0, usesCredit: true } : { chargeCents: amountCents, usesCredit: false };
}

// Resubscribe offer (stream `resubscribe-offer-settings`): win back fans whose membership
// ended or was cancelled. Settings: for_subscribers_only, give_free_month_subscription, recurring_price,
// promo_banner_text (plus an on/off switch).
// - give_free_month_subscription N > 0: N free months (30 days each), then the offer's recurring price; a
//   payment method is needed for the renewals, nothing is charged now.
// - 0: "reduced price only": the offer's recurring price is charged now and at each renewal.
// - -1: "free with no charge": one free month, no payment method asked for, nothing charged now or later (the
//   membership simply ends after the month unless the fan subscribes again).
// - Eligible: not staff, not in a running (renewing) membership; a cancelled-but-still-running member or a
//   former member always, a never-subscribed fan only when for_subscribers_only is off.
// - Paying from the wallet (crypto_currency) needs a non-zero wallet: 'Please Add Funds in wallet to
//   subscribe.'; a charge now the wallet does not cover gives the same message with the shortfall.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { MONTH_DAYS, insufficientFunds } from '../pricing/pricing';
import { ADD_FUNDS_TO_SUBSCRIBE } from '../wallet/wallet';

export const RESUBSCRIBE_OFFER_STREAM = 'resubscribe-offer-settings';
export const FREE_MONTHS_MIN = -1;
export const FREE_MONTHS_MAX = 12;
export const BANNER_TEXT_MAX = 250;

export interface ResubscribeOfferSettings {
  enabled: boolean;
  for_subscribers_only: boolean;
  /** -1 free with no charge, 0 reduced price only, N > 0 free months. */
  give_free_month_subscription: number;
  recurring_price_cents: number;
  promo_banner_text: string;
}

export const DEFAULT_RESUBSCRIBE_OFFER: ResubscribeOfferSettings = {
  enabled: false,
  for_subscribers_only: true,
  give_free_month_subscription: 0,
  recurring_price_cents: 999,
  promo_banner_text: 'We miss you! Come back at a special price.',
};

export type ResubscribeOfferEvent = DomainEvent<'ResubscribeOfferSettingsSaved', { changes: Partial<ResubscribeOfferSettings>; actorId: string; savedAt: string }>;
export type ResubscribeOfferCommand = { type: 'SaveResubscribeOfferSettings'; changes: Partial<ResubscribeOfferSettings>; actorId: string; at: string };

function validate(c: Partial<ResubscribeOfferSettings>): Partial<ResubscribeOfferSettings> {
  const out = { ...c };
  if (c.give_free_month_subscription !== undefined) {
    const n = c.give_free_month_subscription;
    if (!Number.isInteger(n) || n < FREE_MONTHS_MIN || n > FREE_MONTHS_MAX) throw new ValidationError('give_free_month_subscription', 'Invalid request.');
  }
  if (c.recurring_price_cents !== undefined && !(Number.isInteger(c.recurring_price_cents) && c.recurring_price_cents > 0))
    throw new ValidationError('recurring_price', 'Please enter a valid amount');
  if (c.promo_banner_text !== undefined) {
    out.promo_banner_text = c.promo_banner_text.trim();
    if (out.promo_banner_text.length > BANNER_TEXT_MAX) throw new ValidationError('promo_banner_text', `Banner text cannot be more than ${BANNER_TEXT_MAX} characters.`);
  }
  for (const f of ['enabled', 'for_subscribers_only'] as const) if (c[f] !== undefined && typeof c[f] !== 'boolean') throw new ValidationError(f, 'Invalid request.');
  return out;
}

export const resubscribeOfferDecider: Decider<ResubscribeOfferCommand, ResubscribeOfferEvent, ResubscribeOfferSettings> = {
  initialState: () => ({ ...DEFAULT_RESUBSCRIBE_OFFER }),
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
  decide(command, state) {
    const valid = validate(command.changes);
    const changes = Object.fromEntries(
      Object.entries(valid).filter(([k, v]) => v !== undefined && state[k as keyof ResubscribeOfferSettings] !== v),
    ) as Partial<ResubscribeOfferSettings>;
    return Object.keys(changes).length ? [{ type: 'ResubscribeOfferSettingsSaved', data: { changes, actorId: command.actorId, savedAt: command.at } }] : [];
  },
};

// ---------------------------------------------------------------------------------------------------------

/** never: no membership ever; active: running and renewing; cancelled: cancelled, still running (status '1'); lapsed: ended. */
export type MembershipHistory = 'never' | 'active' | 'cancelled' | 'lapsed';

export interface OfferViewer {
  isStaff: boolean;
  membership: MembershipHistory;
}

export function isEligibleForResubscribeOffer(settings: ResubscribeOfferSettings, viewer: OfferViewer): boolean {
  if (!settings.enabled || viewer.isStaff) return false;
  switch (viewer.membership) {
    case 'active':
      return false;
    case 'cancelled':
    case 'lapsed':
      return true;
    case 'never':
      return !settings.for_subscribers_only;
  }
}

export interface ResubscribeQuote {
  kind: 'free_months' | 'reduced_price' | 'free';
  /** Charged when the fan accepts. */
  chargeNowCents: number;
  /** Days before the first charge (free months × 30). */
  freeDays: number;
  /** Charged at each renewal; null: no renewal (the -1 offer). */
  recurringCents: number | null;
  /** A card or a wallet must be on file. */
  paymentMethodRequired: boolean;
}

export function resubscribeQuote(settings: ResubscribeOfferSettings): ResubscribeQuote {
  const n = settings.give_free_month_subscription;
  if (n === -1) return { kind: 'free', chargeNowCents: 0, freeDays: MONTH_DAYS, recurringCents: null, paymentMethodRequired: false };
  if (n === 0) return { kind: 'reduced_price', chargeNowCents: settings.recurring_price_cents, freeDays: 0, recurringCents: settings.recurring_price_cents, paymentMethodRequired: true };
  return { kind: 'free_months', chargeNowCents: 0, freeDays: n * MONTH_DAYS, recurringCents: settings.recurring_price_cents, paymentMethodRequired: true };
}

/**
 * Accepting the offer with a payment method. Wallet (crypto_currency): an empty wallet is refused with
 * 'Please Add Funds in wallet to subscribe.' whenever a payment method is needed; a charge now the wallet
 * does not cover, likewise with the shortfall. Throws DomainError (402), or returns the quote.
 */
export function acceptResubscribeOffer(
  settings: ResubscribeOfferSettings,
  viewer: OfferViewer,
  payment: { method: 'card' | 'crypto_currency'; walletCents: number },
): ResubscribeQuote {
  if (!isEligibleForResubscribeOffer(settings, viewer)) throw new DomainError('Invalid request.', 'OFFER_NOT_AVAILABLE', 400);
  const quote = resubscribeQuote(settings);
  if (payment.method === 'crypto_currency' && quote.paymentMethodRequired) {
    if (payment.walletCents <= 0 || payment.walletCents < quote.chargeNowCents) {
      // With nothing to charge now the shortfall is 0: the Add Funds form opens with every preset.
      const e = insufficientFunds(quote.chargeNowCents, Math.max(0, payment.walletCents), ADD_FUNDS_TO_SUBSCRIBE);
      throw new DomainError(e.message, payment.walletCents <= 0 ? 'WALLET_EMPTY' : 'INSUFFICIENT_FUNDS', 402, e.details);
    }
  }
  return quote;
}

/** GET /api/offer/check-offer: what the resubscribe ribbon shows, or null. */
export function offerBanner(settings: ResubscribeOfferSettings, viewer: OfferViewer): { promo_banner_text: string; quote: ResubscribeQuote } | null {
  return isEligibleForResubscribeOffer(settings, viewer) ? { promo_banner_text: settings.promo_banner_text, quote: resubscribeQuote(settings) } : null;
}

/** The console's report of fans who came back through the offer (GET /api/resubscribe-offer/report). */
export interface ResubscribeOfferReport {
  rows: {
    _id: string;
    user: { _id: string; name: string; email: string };
    accepted_at: string;
    /** What the offer charged at once (0: free months). */
    charged_cents: number;
    recurring_cents: number;
    renews: boolean;
    payment_method: string;
    expires_at: string;
    /** active, or what took the period back: refund | void | chargeback */
    status: string;
  }[];
  total: number;
  /** How many came back on free months. */
  free: number;
  /** Kept from offer payments (taken-back periods excluded), in cents. */
  charged_cents: number;
  page: number;
  total_pages: number;
}

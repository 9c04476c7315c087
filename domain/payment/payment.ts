// Payment aggregate (stream `payment-<id>`): one attempt to take money for one purpose. The payment id is the
// gateway's idempotency key, so asking the gateway again after a crash returns the same charge, never a second one.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export type PaymentPurpose =
  | { kind: 'unlock'; postId: string }
  | { kind: 'subscription'; period: number; /** The tier paid for (absent: the base tier). */ tierId?: string }
  /** A tip to the creator (domain/tip): the tip stream holds its note; nothing is unlocked. */
  | { kind: 'tip'; tipFrom: 'tips_page' | 'chat' | 'live'; isAnonymous: boolean; /** a live tip: the session it was offered in */ sessionId?: string }
  /** A locked chat message bought by its fan (domain/chat). */
  | { kind: 'chat_unlock'; messageId: string }
  /** A fan's own chat message under pay-per-message: delivered once this is captured (domain/chat). */
  | { kind: 'pay_per_message'; messageId: string }
  /** One delivered minute of a one-to-one live session billed from the wallet (domain/live; issue 15). */
  | { kind: 'live_minute'; sessionId: string; minute: number }
  /**
   * Money a fan paid in crypto (domain/wallet/crypto-topup) into their own wallet: held for them, not earnings.
   * Its payment id is the crypto payment's, and it is captured once the provider reported the money paid.
   */
  | { kind: 'wallet_top_up'; currency: string }
  /** A shop order (domain/shop-order): its id is the payment id; paid, its stock is sold and it is fulfilled. */
  | { kind: 'shop_order'; orderId: string }
  /** A booked one-to-one chat slot (domain/chat-booking): its id is the payment id; paid, the slot is the fan's. */
  | { kind: 'chat_booking'; bookingId: string };

/**
 * How a payment is taken: a saved card at the card provider, the fan's prepaid wallet (domain/wallet), or crypto
 * the provider already received (a wallet top-up).
 */
export type PaymentMethod = 'card' | 'wallet' | 'crypto';

export interface CardRef {
  cardId: string;
  brand: string;
  last4: string;
  /**
   * A card typed for this payment and not saved yet: the provider's token and what is saved with it once the
   * payment is captured (never the number or CVV). Absent for a saved card.
   */
  unsaved?: { cardToken: string; expMonth: string; expYear: string; billingCountry: string; fingerprint?: string };
  /**
   * The provider whose own payment page the fan types the card into (CCBill's FlexForm): nothing is charged from
   * here, and only the provider's verified notice captures or declines the payment.
   */
  hosted?: string;
  /**
   * A renewal the provider billed on its own (its notice named this transaction): the money is already taken, so
   * the payment is captured with it, however late; the page's abandonment rule is for first sales only.
   */
  providerRenewal?: string;
}

/** A fan who never finishes the provider's payment page: the payment is declined this long after it was requested. */
export const HOSTED_FORM_TTL_MS = 2 * 60 * 60 * 1000;
export const FORM_ABANDONED = 'FORM_ABANDONED';

/** The card of a payment made on a provider's page (no number, brand or last 4 is known here). */
export const hostedCard = (provider: string): CardRef => ({ cardId: `hosted:${provider}`, brand: provider === 'ccbill' ? 'CCBill' : provider, last4: '', hosted: provider });

/** How a payment's card is shown ('visa •••• 4242', or the provider's name for its own page). */
export const cardLabel = (card: CardRef): string => (card.hosted ? card.brand : `${card.brand} •••• ${card.last4}`);

/**
 * A payment waiting for the provider's page: declined as abandoned once HOSTED_FORM_TTL_MS has passed since it was
 * requested, null (keep waiting) before. A renewal the provider billed is no form: it is captured with the
 * provider's transaction, whenever it is finished.
 */
export function hostedFormOutcome(request: { requestedAt: string; card: CardRef | null }, now: string): GatewayOutcome | null {
  if (request.card?.providerRenewal) return { status: 'captured', gatewayTransactionId: request.card.providerRenewal };
  if (Date.parse(now) - Date.parse(request.requestedAt) < HOSTED_FORM_TTL_MS) return null;
  return { status: 'declined', failureCode: FORM_ABANDONED, message: 'The payment was not completed on the payment page.', allowCascade: true };
}

export type PaymentEvent =
  /**
   * `card` is null for a wallet payment (the wallet debit's purchase id is the payment id). `requestKey`: the
   * Idempotency-Key of the fan's request that started it (absent for payments the site starts itself, such as
   * rebills): one key never makes two captures, and the ledger holds it.
   */
  | DomainEvent<'PaymentRequested', { paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; currency: 'USD'; method: PaymentMethod; card: CardRef | null; requestedAt: string; requestKey?: string }>
  | DomainEvent<'PaymentCaptured', { paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; currency: 'USD'; method: PaymentMethod; card: CardRef | null; gatewayTransactionId: string; capturedAt: string; requestKey?: string }>
  | DomainEvent<'PaymentFailed', { paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; failureCode: string; message: string; allowCascade: boolean; failedAt: string }>
  /** Money taken back after a capture: by the creator (refund), before settlement (void) or by the card holder's bank (chargeback). */
  | DomainEvent<'PaymentReversed', PaymentReversal>
  /**
   * Part of a captured payment given back by staff (e.g. some lines of a shop order): once per `refundId`, never
   * more in all than was captured. The payment stays captured; a later reversal takes back only what is left.
   */
  | DomainEvent<'PaymentPartlyRefunded', PaymentReversal & { kind: 'refund'; refundId: string }>
  /**
   * The provider took money a second time for this payment (the fan paid the same page twice, e.g. in two tabs):
   * `reference` is the second sale at the provider. It buys nothing and is owed back to the fan.
   */
  | DomainEvent<'PaymentDuplicateSaleCaptured', DuplicateSale & { capturedAt: string }>
  /** That second sale given back at the provider (once per sale). */
  | DomainEvent<'PaymentDuplicateSaleRefunded', DuplicateSale & { gatewayTransactionId: string; refundedAt: string }>;

export interface DuplicateSale {
  paymentId: string;
  userId: string;
  purpose: PaymentPurpose;
  /** The provider's id of the second sale (CCBill's subscription id). */
  reference: string;
  amountCents: number;
  currency: string;
}

export type ReversalKind = 'refund' | 'void' | 'chargeback';

export interface PaymentReversal {
  paymentId: string;
  userId: string;
  purpose: PaymentPurpose;
  kind: ReversalKind;
  /** What goes back to the card holder: the whole capture, less what was refunded in part before. */
  amountCents: number;
  /** The provider's id of the notice that told us (webhook event id), or 'staff:<userId>' when staff acted. */
  source: string;
  reason: string | null;
  reversedAt: string;
}

/**
 * The source of a refund the payment process made by itself: the money came in for something that was gone by then
 * (a booked slot or the last item taken meanwhile), so the fan got nothing and is told why (the refund mails).
 */
export const NOT_DELIVERED_SOURCE = 'system:not_delivered';

/** A refund of money taken for something the fan never got (the process's own, with its reason). */
export const refundedNotDelivered = (r: Pick<PaymentReversal, 'kind' | 'source'>): boolean => r.kind === 'refund' && r.source === NOT_DELIVERED_SOURCE;

/** Shown next to a fan's totals: each chargeback counts as a 25 dollar penalty. */
export const CHARGEBACK_PENALTY_CENTS = 2500;

/** What the gateway said about the charge. */
export type GatewayOutcome =
  | { status: 'captured'; gatewayTransactionId: string }
  | { status: 'declined'; failureCode: string; message: string; allowCascade: boolean };

export type PaymentCommand =
  /** By card (the default) with `card`, or from the wallet with `method: 'wallet'` and no card. */
  | { type: 'RequestPayment'; paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; method?: PaymentMethod; card: CardRef | null; at: string; requestKey?: string | null }
  | { type: 'RecordGatewayOutcome'; outcome: GatewayOutcome; at: string }
  | { type: 'RecordReversal'; kind: ReversalKind; source: string; reason?: string | null; at: string }
  | { type: 'RecordPartialRefund'; refundId: string; amountCents: number; source: string; reason?: string | null; at: string }
  | { type: 'RecordDuplicateSale'; reference: string; amountCents: number; currency?: string; at: string }
  | { type: 'RecordDuplicateSaleRefund'; reference: string; gatewayTransactionId: string; at: string };

export type PaymentStatus = 'none' | 'requested' | 'captured' | 'failed' | 'reversed';

export interface PaymentState {
  status: PaymentStatus;
  request: Extract<PaymentEvent, { type: 'PaymentRequested' }>['data'] | null;
  gatewayTransactionId: string | null;
  failure: { failureCode: string; message: string; allowCascade: boolean } | null;
  reversal: ReversalKind | null;
  /** Why the money came back (the reversal's reason), once reversed. */
  reversalReason?: string | null;
  /** Refunded in part so far, by refund id (cents). */
  partRefunds: Record<string, number>;
  refundedCents: number;
  /** Second sales at the provider for this payment, by reference: captured (owed back) or refunded. */
  duplicateSales: Record<string, { status: 'captured' | 'refunded'; amountCents: number; currency: string }>;
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: () => ({ status: 'none', request: null, gatewayTransactionId: null, failure: null, reversal: null, partRefunds: {}, refundedCents: 0, duplicateSales: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentRequested':
        return { ...state, status: 'requested', request: event.data };
      case 'PaymentCaptured':
        return { ...state, status: 'captured', gatewayTransactionId: event.data.gatewayTransactionId };
      case 'PaymentFailed':
        return { ...state, status: 'failed', failure: { failureCode: event.data.failureCode, message: event.data.message, allowCascade: event.data.allowCascade } };
      case 'PaymentReversed':
        return { ...state, status: 'reversed', reversal: event.data.kind, reversalReason: event.data.reason };
      case 'PaymentPartlyRefunded':
        return { ...state, partRefunds: { ...state.partRefunds, [event.data.refundId]: event.data.amountCents }, refundedCents: state.refundedCents + event.data.amountCents };
      case 'PaymentDuplicateSaleCaptured':
      case 'PaymentDuplicateSaleRefunded': {
        const { reference, amountCents, currency } = event.data;
        const status = event.type === 'PaymentDuplicateSaleCaptured' ? 'captured' : 'refunded';
        return { ...state, duplicateSales: { ...state.duplicateSales, [reference]: { status, amountCents, currency } } };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestPayment': {
        // A retry of the same payment: already requested. The id is another fan's (a client-chosen id reused): refused.
        if (state.status !== 'none') {
          if (state.request && state.request.userId !== command.userId) throw new DomainError('Invalid request.', 'PAYMENT_ID_TAKEN', 409);
          return [];
        }
        if (!Number.isInteger(command.amountCents) || command.amountCents <= 0)
          throw new DomainError('Invalid request.', 'INVALID_AMOUNT', 400, { field: 'amount' });
        const method = command.method ?? 'card';
        if (method === 'card' && !command.card) throw new DomainError('Please add a card to continue.', 'CARD_REQUIRED', 400, { field: 'card_id' });
        return [
          {
            type: 'PaymentRequested',
            data: { paymentId: command.paymentId, userId: command.userId, purpose: command.purpose, amountCents: command.amountCents, currency: 'USD', method, card: method === 'card' ? command.card : null, requestedAt: command.at, ...(command.requestKey ? { requestKey: command.requestKey } : {}) },
          },
        ];
      }
      case 'RecordGatewayOutcome': {
        if (state.status !== 'requested' && state.status !== 'none') return []; // outcome already recorded
        if (!state.request) throw new DomainError('Invalid request.', 'PAYMENT_NOT_REQUESTED', 409);
        const r = state.request;
        if (command.outcome.status === 'captured') {
          return [
            {
              type: 'PaymentCaptured',
              data: { paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, amountCents: r.amountCents, currency: r.currency, method: r.method, card: r.card, gatewayTransactionId: command.outcome.gatewayTransactionId, capturedAt: command.at, ...(r.requestKey ? { requestKey: r.requestKey } : {}) },
            },
          ];
        }
        return [
          {
            type: 'PaymentFailed',
            data: { paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, amountCents: r.amountCents, failureCode: command.outcome.failureCode, message: command.outcome.message, allowCascade: command.outcome.allowCascade, failedAt: command.at },
          },
        ];
      }
      case 'RecordReversal':
        return decideReversal(command, state);
      case 'RecordPartialRefund':
        return decidePartialRefund(command, state);
      case 'RecordDuplicateSale':
      case 'RecordDuplicateSaleRefund':
        return decideDuplicateSale(command, state);
    }
  },
};

/**
 * A reversal applies once, to a captured payment. A notice about a payment we have not seen captured yet (the
 * provider's notices arrive in any order) is refused with 409, so the provider delivers it again later.
 * A second reversal of the same payment (a repeat notice, or a chargeback after a refund) changes nothing, and
 * so does a notice about a declined charge.
 */
function decideReversal(command: Extract<PaymentCommand, { type: 'RecordReversal' }>, state: PaymentState): PaymentEvent[] {
  // Nothing to give back: already reversed, or the charge was declined (a notice about it is stale).
  if (state.status === 'reversed' || state.status === 'failed') return [];
  if (state.status !== 'captured' || !state.request) throw new DomainError('The payment is not captured yet.', 'PAYMENT_NOT_CAPTURED', 409);
  const r = state.request;
  return [
    {
      type: 'PaymentReversed',
      data: { paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, kind: command.kind, amountCents: r.amountCents - state.refundedCents, source: command.source, reason: command.reason ?? null, reversedAt: command.at },
    },
  ];
}

export const PART_REFUND_UNAVAILABLE =
  "This payment's card provider cannot refund part of a payment here: refund the whole order, or refund the part in the provider's own console.";
export const REFUND_EXCEEDS_PAYMENT = 'The refund is more than is left of this payment.';

/** A part refund applies once per refund id (the same id again with the same amount is a retry), to a captured payment. */
function decidePartialRefund(command: Extract<PaymentCommand, { type: 'RecordPartialRefund' }>, state: PaymentState): PaymentEvent[] {
  const seen = state.partRefunds[command.refundId];
  if (seen !== undefined) {
    if (seen !== command.amountCents) throw new DomainError('Invalid request.', 'REFUND_ID_REUSED', 409);
    return [];
  }
  if (state.status === 'reversed') throw new DomainError('This payment has already been refunded, voided or charged back.', 'ALREADY_REVERSED', 409);
  if (state.status !== 'captured' || !state.request) throw new DomainError('Only a captured payment can be refunded.', 'PAYMENT_NOT_CAPTURED', 409);
  if (!Number.isInteger(command.amountCents) || command.amountCents <= 0) throw new DomainError('Invalid request.', 'INVALID_AMOUNT', 400, { field: 'amount' });
  const r = state.request;
  if (state.refundedCents + command.amountCents > r.amountCents) throw new DomainError(REFUND_EXCEEDS_PAYMENT, 'REFUND_TOO_LARGE', 409);
  return [
    {
      type: 'PaymentPartlyRefunded',
      data: {
        paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, kind: 'refund', refundId: command.refundId, amountCents: command.amountCents,
        source: command.source, reason: command.reason ?? null, reversedAt: command.at,
      },
    },
  ];
}

/**
 * A second sale for a payment whose first sale captured it: recorded once per provider reference (the first sale's
 * own reference is no duplicate), and refunded once. A refund of a sale not recorded is refused.
 */
function decideDuplicateSale(command: Extract<PaymentCommand, { type: 'RecordDuplicateSale' | 'RecordDuplicateSaleRefund' }>, state: PaymentState): PaymentEvent[] {
  const r = state.request;
  if (!r) throw new DomainError('Invalid request.', 'PAYMENT_NOT_REQUESTED', 409);
  const known = state.duplicateSales[command.reference];
  if (command.type === 'RecordDuplicateSale') {
    if (known || command.reference === state.gatewayTransactionId) return [];
    if (state.status !== 'captured' && state.status !== 'reversed') throw new DomainError('The payment is not captured yet.', 'PAYMENT_NOT_CAPTURED', 409);
    if (!Number.isInteger(command.amountCents) || command.amountCents <= 0) throw new DomainError('Invalid request.', 'INVALID_AMOUNT', 400, { field: 'amount' });
    return [
      {
        type: 'PaymentDuplicateSaleCaptured',
        data: { paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, reference: command.reference, amountCents: command.amountCents, currency: command.currency ?? r.currency, capturedAt: command.at },
      },
    ];
  }
  if (known?.status === 'refunded') return [];
  if (!known) throw new DomainError('No such second sale of this payment.', 'DUPLICATE_SALE_NOT_FOUND', 404);
  return [
    {
      type: 'PaymentDuplicateSaleRefunded',
      data: {
        paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, reference: command.reference, amountCents: known.amountCents, currency: known.currency,
        gatewayTransactionId: command.gatewayTransactionId, refundedAt: command.at,
      },
    },
  ];
}

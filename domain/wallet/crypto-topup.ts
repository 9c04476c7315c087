// Crypto top-up payment (stream `crypto-payment-<paymentId>`): the sandbox/provider flow.
// Choose a currency → a payment id and amount are generated (Created; 15 minutes to pay start now) → Start
// Crypto Payment: the gateway's address, reference and QR are shown (Started, status waiting) → the provider
// reports (paid, underpaid, failed, expired), each report idempotent by its provider event id; the fan site
// polls every 5 seconds until is_payment_confirmed. Failure or expiry shows 'Payment failed.'.
//
// Only a paid payment credits the wallet (a process manager turns CryptoPaymentPaid into the wallet's
// CreditTopUp with the same payment id, so a crash or a repeated confirmation credits once).
// What real crypto sites do, and so do we:
// - Underpaid (less than the amount arrived): NOT credited automatically. Until the window ends the fan may
//   send the difference (a later report with the full amount makes it paid). After that the money is held and
//   staff settle it: SettleUnderpaid credits exactly what was received (never the amount asked for).
// - Overpaid: the whole received amount is credited (it is the fan's money).
// - A payment confirmed after the 15 minutes (or after a failed/expired report) is still honoured: money that
//   arrived is never lost; the window only limits how long the quoted rate is offered.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { fundAmountBetween, isAcceptableTopUpCents, VALID_AMOUNT, type WalletSettings } from '../pricing/pricing';

export const cryptoPaymentStream = (paymentId: string) => `crypto-payment-${paymentId}`;

export const CRYPTO_PAYMENT_WINDOW_MS = 15 * 60_000;
export const CRYPTO_POLL_INTERVAL_MS = 5_000;
export const PAYMENT_FAILED = 'Payment failed.';
export const UNDERPAID_MESSAGE = 'We received less than the amount due. Our support team will add what you sent to your wallet.';

export type CryptoPaymentStatus = 'none' | 'created' | 'waiting' | 'underpaid' | 'paid' | 'expired' | 'failed';

/** What the gateway returns when the payment starts. */
export interface CryptoPaymentInstructions {
  address: string;
  referenceNo: string;
  /** Amount in the chosen cryptocurrency, as the gateway writes it (a decimal string). */
  cryptoAmount: string;
  qr: string;
  posId: string;
}

export type CryptoPaymentEvent =
  | DomainEvent<'CryptoPaymentCreated', { paymentId: string; userId: string; currency: string; amountCents: number; createdAt: string; expiresAt: string }>
  | DomainEvent<'CryptoPaymentStarted', { paymentId: string; startedAt: string } & CryptoPaymentInstructions>
  | DomainEvent<'CryptoPaymentUnderpaid', { paymentId: string; providerEventId: string; amountCents: number; receivedCents: number; at: string }>
  | DomainEvent<
      'CryptoPaymentPaid',
      { paymentId: string; userId: string; currency: string; amountCents: number; creditCents: number; providerEventId: string | null; settledBy: string | null; paidAt: string }
    >
  | DomainEvent<'CryptoPaymentExpired', { paymentId: string; providerEventId: string | null; expiredAt: string }>
  | DomainEvent<'CryptoPaymentFailed', { paymentId: string; providerEventId: string; reason: string; failedAt: string }>;

export type ProviderStatus = 'pending' | 'paid' | 'underpaid' | 'failed' | 'expired';

export type CryptoPaymentCommand =
  | { type: 'CreateCryptoPayment'; paymentId: string; userId: string; currency: string; amountCents: number; walletSettings: WalletSettings; at: string }
  | ({ type: 'StartCryptoPayment'; paymentId: string; at: string } & CryptoPaymentInstructions)
  /** A provider report (webhook or status poll). `receivedCents`: USD value received so far, per the provider. */
  | { type: 'RecordProviderEvent'; paymentId: string; providerEventId: string; status: ProviderStatus; receivedCents: number; reason?: string; at: string }
  /** The scheduler, at or after expiresAt. */
  | { type: 'ExpireCryptoPayment'; paymentId: string; at: string }
  /** Staff credit what an underpaid payment received. */
  | { type: 'SettleUnderpaid'; paymentId: string; actorId: string; at: string };

export interface CryptoPaymentState {
  status: CryptoPaymentStatus;
  paymentId: string | null;
  userId: string | null;
  currency: string | null;
  amountCents: number;
  expiresAt: string | null;
  instructions: CryptoPaymentInstructions | null;
  receivedCents: number;
  creditCents: number;
  providerEventIds: string[];
  /** What confirmed the payment paid: the provider's event id, or `settled:<staff id>` for an underpaid one. */
  paidBy: string | null;
}

const CURRENCY = /^[A-Z0-9]{2,12}$/;
const OPEN: CryptoPaymentStatus[] = ['created', 'waiting'];

/** What confirmed a crypto payment paid: the provider's event id, or `settled:<staff id>` for an underpaid one staff settled. */
export const paidBy = (d: { providerEventId: string | null; settledBy: string | null }) => d.providerEventId ?? (d.settledBy ? `settled:${d.settledBy}` : null);

const seen = (state: CryptoPaymentState, id: string | null) => (id ? [...state.providerEventIds, id] : state.providerEventIds);

export const cryptoPaymentDecider: Decider<CryptoPaymentCommand, CryptoPaymentEvent, CryptoPaymentState> = {
  initialState: () => ({
    status: 'none',
    paymentId: null,
    userId: null,
    currency: null,
    amountCents: 0,
    expiresAt: null,
    instructions: null,
    receivedCents: 0,
    creditCents: 0,
    providerEventIds: [],
    paidBy: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CryptoPaymentCreated':
        return { ...state, status: 'created', paymentId: event.data.paymentId, userId: event.data.userId, currency: event.data.currency, amountCents: event.data.amountCents, expiresAt: event.data.expiresAt };
      case 'CryptoPaymentStarted': {
        const { address, referenceNo, cryptoAmount, qr, posId } = event.data;
        return { ...state, status: 'waiting', instructions: { address, referenceNo, cryptoAmount, qr, posId } };
      }
      case 'CryptoPaymentUnderpaid':
        return { ...state, status: 'underpaid', receivedCents: event.data.receivedCents, providerEventIds: seen(state, event.data.providerEventId) };
      case 'CryptoPaymentPaid':
        return { ...state, status: 'paid', receivedCents: Math.max(state.receivedCents, event.data.creditCents), creditCents: event.data.creditCents, providerEventIds: seen(state, event.data.providerEventId), paidBy: paidBy(event.data) };
      case 'CryptoPaymentExpired':
        return { ...state, status: 'expired', providerEventIds: seen(state, event.data.providerEventId) };
      case 'CryptoPaymentFailed':
        return { ...state, status: 'failed', providerEventIds: seen(state, event.data.providerEventId) };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateCryptoPayment') {
      if (state.status !== 'none') return []; // the same payment id again: already generated
      const currency = command.currency.trim().toUpperCase();
      if (!CURRENCY.test(currency)) throw new ValidationError('currency', 'Invalid request.');
      const s = command.walletSettings;
      if (!Number.isInteger(command.amountCents) || command.amountCents <= 0) throw new ValidationError('amount', VALID_AMOUNT);
      if (!isAcceptableTopUpCents(s, command.amountCents)) throw new ValidationError('amount', fundAmountBetween(s.add_fund_minimum_amount, s.add_fund_maximum_amount));
      return [
        {
          type: 'CryptoPaymentCreated',
          data: {
            paymentId: command.paymentId,
            userId: command.userId,
            currency,
            amountCents: command.amountCents,
            createdAt: command.at,
            expiresAt: new Date(Date.parse(command.at) + CRYPTO_PAYMENT_WINDOW_MS).toISOString(),
          },
        },
      ];
    }
    if (state.status === 'none' || !state.paymentId || !state.userId || !state.currency || !state.expiresAt) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
    const expired = Date.parse(command.at) >= Date.parse(state.expiresAt);
    const paid = (creditCents: number, providerEventId: string | null, settledBy: string | null): CryptoPaymentEvent => ({
      type: 'CryptoPaymentPaid',
      data: { paymentId: state.paymentId!, userId: state.userId!, currency: state.currency!, amountCents: state.amountCents, creditCents, providerEventId, settledBy, paidAt: command.at },
    });

    switch (command.type) {
      case 'StartCryptoPayment': {
        if (state.status === 'waiting') return []; // started already (a retried click)
        if (state.status !== 'created') throw new DomainError(PAYMENT_FAILED, 'CRYPTO_PAYMENT_CLOSED', 409);
        if (expired) throw new DomainError(PAYMENT_FAILED, 'CRYPTO_PAYMENT_EXPIRED', 410);
        const { address, referenceNo, cryptoAmount, qr, posId } = command;
        if (!address.trim() || !referenceNo.trim()) throw new DomainError(PAYMENT_FAILED, 'CRYPTO_GATEWAY_INCOMPLETE', 502);
        return [{ type: 'CryptoPaymentStarted', data: { paymentId: state.paymentId, address, referenceNo, cryptoAmount, qr, posId, startedAt: command.at } }];
      }
      case 'RecordProviderEvent': {
        if (state.providerEventIds.includes(command.providerEventId) || state.status === 'paid') return [];
        if (!Number.isInteger(command.receivedCents) || command.receivedCents < 0) throw new DomainError('Invalid request.', 'INVALID_AMOUNT', 400);
        switch (command.status) {
          case 'pending':
            return [];
          case 'paid':
          case 'underpaid': {
            const received = command.receivedCents;
            if (received >= state.amountCents) return [paid(received, command.providerEventId, null)];
            if (received === 0) throw new DomainError('Invalid request.', 'INVALID_AMOUNT', 400);
            if (state.status === 'underpaid' && received <= state.receivedCents) return [];
            return [{ type: 'CryptoPaymentUnderpaid', data: { paymentId: state.paymentId, providerEventId: command.providerEventId, amountCents: state.amountCents, receivedCents: received, at: command.at } }];
          }
          case 'failed':
            // Money already received (underpaid) is held for staff; a failure report does not discard it.
            if (state.status === 'underpaid' || state.status === 'failed') return [];
            return [{ type: 'CryptoPaymentFailed', data: { paymentId: state.paymentId, providerEventId: command.providerEventId, reason: command.reason ?? PAYMENT_FAILED, failedAt: command.at } }];
          case 'expired':
            if (!OPEN.includes(state.status)) return [];
            return [{ type: 'CryptoPaymentExpired', data: { paymentId: state.paymentId, providerEventId: command.providerEventId, expiredAt: command.at } }];
        }
        // Every status returns above, and tsc holds it so (`status` is `never` here); at run time a status
        // outside the type changes nothing rather than running the next case (expiring the payment).
        const _unknown: never = command.status;
        return [];
      }
      case 'ExpireCryptoPayment':
        if (!OPEN.includes(state.status) || !expired) return [];
        return [{ type: 'CryptoPaymentExpired', data: { paymentId: state.paymentId, providerEventId: null, expiredAt: command.at } }];
      case 'SettleUnderpaid':
        if (state.status === 'paid') return [];
        if (state.status !== 'underpaid') throw new DomainError('Invalid request.', 'NOT_UNDERPAID', 409);
        return [paid(state.receivedCents, null, command.actorId)];
    }
  },
};

/** The answer of get-transaction-status the fan site polls (every 5 s until confirmed or done). */
export interface CryptoPaymentView {
  status: CryptoPaymentStatus;
  is_payment_confirmed: boolean;
  /** Stop polling: confirmed, failed, expired, or underpaid after the window. */
  done: boolean;
  /** Seconds left of the 15 minutes (0 once over). */
  seconds_left: number;
  /** Credited to the wallet (cents), once paid. */
  credit_cents: number;
  message: string | null;
}

/** The status as the fan sees it at `now`: an open payment past its 15 minutes reads as expired. */
export function cryptoPaymentView(state: CryptoPaymentState, now: string): CryptoPaymentView {
  const left = state.expiresAt ? Math.max(0, Math.ceil((Date.parse(state.expiresAt) - Date.parse(now)) / 1000)) : 0;
  const status: CryptoPaymentStatus = OPEN.includes(state.status) && left === 0 ? 'expired' : state.status;
  const message = status === 'failed' || status === 'expired' ? PAYMENT_FAILED : status === 'underpaid' ? UNDERPAID_MESSAGE : null;
  return {
    status,
    is_payment_confirmed: status === 'paid',
    done: status === 'paid' || status === 'failed' || status === 'expired' || (status === 'underpaid' && left === 0),
    seconds_left: OPEN.includes(status) || status === 'underpaid' ? left : 0,
    credit_cents: state.creditCents,
    message,
  };
}

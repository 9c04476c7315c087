// Wallet (stream `wallet-<userId>`): a fan's prepaid balance in integer cents (USD), funded by crypto top-ups
// and spent on purchases when the default payment method is crypto_currency: post unlocks, chat
// messages, tips, pay-per-message and subscriptions.
// - Credited once per crypto payment id (a repeated confirmation is a no-op).
// - Debited once per purchase id (a retried or double-clicked purchase is a no-op); never below 0: a debit
//   the balance does not cover is refused with status 402 and the shortfall, rounded up to whole dollars, for
//   the Add Funds form (domain/pricing insufficientFunds).
// - A refund credits back (part of) a wallet purchase, once per refund id, never more than was paid.
// Every event carries the balance after it, so the wallet history is a plain projection.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { formatMoney } from '../shared/money';
import { insufficientFunds } from '../pricing/pricing';
import type { PaymentPurpose } from '../payment/payment';
import { factsOf } from '../payment/purchase-kinds';

export const walletStream = (userId: string) => `wallet-${userId}`;

export { LOW_BALANCE_FOR_MESSAGE, ADD_FUNDS_TO_SUBSCRIBE } from '../payment/purchase-kinds';
export const AMOUNT_ADDED = 'Amount Successfully Added.';

/** What a wallet debit pays for: the payment's own purpose. */
export type WalletPurchase = PaymentPurpose;

export type WalletEvent =
  | DomainEvent<'WalletCredited', { userId: string; paymentId: string; currency: string; amountCents: number; balanceCents: number; creditedAt: string }>
  | DomainEvent<'WalletDebited', { userId: string; purchaseId: string; purchase: WalletPurchase; amountCents: number; balanceCents: number; debitedAt: string }>
  | DomainEvent<'WalletRefunded', { userId: string; refundId: string; purchaseId: string; amountCents: number; reason: string; balanceCents: number; refundedAt: string }>;

export type WalletCommand =
  /** A confirmed crypto top-up (see crypto-topup.ts): only a paid payment gets here. */
  | { type: 'CreditTopUp'; userId: string; paymentId: string; currency: string; amountCents: number; at: string }
  | { type: 'DebitWallet'; userId: string; purchaseId: string; purchase: WalletPurchase; amountCents: number; at: string }
  | { type: 'RefundToWallet'; userId: string; refundId: string; purchaseId: string; amountCents: number; reason: string; at: string };

export interface WalletState {
  userId: string | null;
  balanceCents: number;
  /** Crypto payment id → amount credited. */
  topUps: Record<string, number>;
  /** Purchase id → amount paid and refunded so far. */
  debits: Record<string, { amountCents: number; refundedCents: number; purchase: WalletPurchase }>;
  /** Refund id → amount. */
  refunds: Record<string, number>;
}

const positiveCents = (n: number) => Number.isInteger(n) && n > 0;
const invalidAmount = () => new DomainError('Invalid request.', 'INVALID_AMOUNT', 400, { field: 'amount' });

/** The refusal for a purchase the balance does not cover, in the words the spec uses for its flow. */
export function walletShortfallError(purchase: WalletPurchase, priceCents: number, balanceCents: number): DomainError {
  return insufficientFunds(priceCents, balanceCents, factsOf(purchase).shortfallMessage);
}

/** The success message of a wallet purchase: the remainder stays in the wallet. */
export const walletPurchaseMessage = (balanceCents: number): string =>
  balanceCents > 0 ? `Payment successful. The remaining ${formatMoney(balanceCents)} stays in your wallet.` : 'Payment successful. Your wallet balance is now $0.00.';

export const walletDecider: Decider<WalletCommand, WalletEvent, WalletState> = {
  initialState: () => ({ userId: null, balanceCents: 0, topUps: {}, debits: {}, refunds: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'WalletCredited':
        return { ...state, userId: event.data.userId, balanceCents: event.data.balanceCents, topUps: { ...state.topUps, [event.data.paymentId]: event.data.amountCents } };
      case 'WalletDebited':
        return {
          ...state,
          userId: event.data.userId,
          balanceCents: event.data.balanceCents,
          debits: { ...state.debits, [event.data.purchaseId]: { amountCents: event.data.amountCents, refundedCents: 0, purchase: event.data.purchase } },
        };
      case 'WalletRefunded': {
        const d = state.debits[event.data.purchaseId];
        return {
          ...state,
          balanceCents: event.data.balanceCents,
          debits: d ? { ...state.debits, [event.data.purchaseId]: { ...d, refundedCents: d.refundedCents + event.data.amountCents } } : state.debits,
          refunds: { ...state.refunds, [event.data.refundId]: event.data.amountCents },
        };
      }
    }
  },
  decide(command, state) {
    if (!positiveCents(command.amountCents)) throw invalidAmount();
    if (state.userId !== null && state.userId !== command.userId) throw new DomainError('Invalid request.', 'WRONG_WALLET', 400);
    switch (command.type) {
      case 'CreditTopUp': {
        const seen = state.topUps[command.paymentId];
        if (seen !== undefined) {
          if (seen !== command.amountCents) throw new DomainError('Invalid request.', 'PAYMENT_ID_REUSED', 409);
          return []; // the same confirmation again
        }
        return [
          {
            type: 'WalletCredited',
            data: { userId: command.userId, paymentId: command.paymentId, currency: command.currency, amountCents: command.amountCents, balanceCents: state.balanceCents + command.amountCents, creditedAt: command.at },
          },
        ];
      }
      case 'DebitWallet': {
        const seen = state.debits[command.purchaseId];
        if (seen) {
          if (seen.amountCents !== command.amountCents || JSON.stringify(seen.purchase) !== JSON.stringify(command.purchase))
            throw new DomainError('Invalid request.', 'PURCHASE_ID_REUSED', 409);
          return []; // already paid: the retry joins the first debit
        }
        if (command.amountCents > state.balanceCents) throw walletShortfallError(command.purchase, command.amountCents, state.balanceCents);
        return [
          {
            type: 'WalletDebited',
            data: { userId: command.userId, purchaseId: command.purchaseId, purchase: command.purchase, amountCents: command.amountCents, balanceCents: state.balanceCents - command.amountCents, debitedAt: command.at },
          },
        ];
      }
      case 'RefundToWallet': {
        const seen = state.refunds[command.refundId];
        if (seen !== undefined) {
          if (seen !== command.amountCents) throw new DomainError('Invalid request.', 'REFUND_ID_REUSED', 409);
          return [];
        }
        const d = state.debits[command.purchaseId];
        if (!d) throw new DomainError('Invalid request.', 'PURCHASE_NOT_FOUND', 404);
        if (command.amountCents > d.amountCents - d.refundedCents)
          throw new DomainError('Invalid request.', 'REFUND_TOO_LARGE', 400, { refundableCents: d.amountCents - d.refundedCents });
        return [
          {
            type: 'WalletRefunded',
            data: {
              userId: command.userId,
              refundId: command.refundId,
              purchaseId: command.purchaseId,
              amountCents: command.amountCents,
              reason: command.reason,
              balanceCents: state.balanceCents + command.amountCents,
              refundedAt: command.at,
            },
          },
        ];
      }
    }
  },
};

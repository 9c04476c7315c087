// What a purchase answers once its payment settled, whichever kind it is and however it was paid: one shape.
// A card payment that failed is an answer (the fan may pick another card); a wallet payment that failed is a
// refusal — 402 with the shortfall when the balance did not cover it, so the fan can add funds and retry — and one
// that succeeded also tells what is left in the wallet. Money taken for something gone by then (a slot or an item
// that went to someone else meanwhile) was refunded at once: not accepted, with the reason (409 from the wallet).
import { DomainError } from '../../domain/shared/decider';
import type { PaymentMethod, PaymentState } from '../../domain/payment/payment';
import { insufficientFunds } from '../../domain/pricing/pricing';
import { SOMETHING_WENT_WRONG, walletBalance } from './wallet-stream';
import type { CommandContext } from '../handle';

export interface PurchaseOutcome {
  accepted: boolean;
  paymentId: string;
  transactionId: string | null;
  message: string;
  /** What was charged (or asked for, when it failed). */
  amountCents: number;
  failureCode?: string;
  allowCascade?: boolean;
  /** How it was paid (absent when nothing was charged). */
  method?: PaymentMethod;
  /** Paid from the wallet: its balance after the payment. */
  balanceCents?: number;
}

/** A settled payment under its id (what `pay` returns). */
export interface SettledPayment {
  paymentId: string;
  payment: PaymentState;
}

/** The one answer of a settled purchase (see above); `successMessage` is what a fan is told when it went through. */
export async function purchaseOutcome(ctx: CommandContext, { paymentId, payment }: SettledPayment, successMessage: string): Promise<PurchaseOutcome> {
  const r = payment.request;
  const amountCents = r?.amountCents ?? 0;
  const method = r?.method ?? 'card';
  if (payment.status === 'reversed') {
    const message = payment.reversalReason ?? 'Your payment was refunded.';
    if (method === 'wallet') throw new DomainError(message, 'REFUNDED_NOT_DELIVERED', 409, { paymentId });
    return { accepted: false, paymentId, transactionId: payment.gatewayTransactionId, message, failureCode: 'REFUNDED_NOT_DELIVERED', allowCascade: false, amountCents, method };
  }
  if (method === 'wallet' && r) {
    const balanceCents = await walletBalance(ctx, r.userId);
    if (payment.status !== 'captured') {
      if (payment.failure?.failureCode === 'INSUFFICIENT_FUNDS') throw insufficientFunds(amountCents, balanceCents);
      throw new DomainError(payment.failure?.message || SOMETHING_WENT_WRONG, payment.failure?.failureCode ?? 'PAYMENT_FAILED', 402);
    }
    return { accepted: true, paymentId, transactionId: payment.gatewayTransactionId, message: successMessage, amountCents, method, balanceCents };
  }
  if (payment.status === 'captured') return { accepted: true, paymentId, transactionId: payment.gatewayTransactionId, message: successMessage, amountCents, method };
  const f = payment.failure;
  return { accepted: false, paymentId, transactionId: null, message: f?.message ?? 'Payment failed.', failureCode: f?.failureCode, allowCascade: f?.allowCascade ?? false, amountCents, method };
}

/** A wallet purchase's outcome: its balance is known. */
export type WalletPurchaseOutcome = PurchaseOutcome & { balanceCents: number };

/** Narrows the outcome of a purchase paid from the wallet (its balance is always told). */
export function fromWallet(outcome: PurchaseOutcome): WalletPurchaseOutcome {
  if (outcome.balanceCents === undefined) throw new Error(`payment ${outcome.paymentId} was not paid from the wallet`);
  return outcome as WalletPurchaseOutcome;
}

// What a purchase answers once its payment settled, whichever kind it is and however it was paid: one shape.
// A card payment that failed is an answer (the fan may pick another card); a wallet payment that failed is a
// refusal — 402 with the shortfall when the balance did not cover it, so the fan can add funds and retry.
import { DomainError } from '../../domain/shared/decider';
import type { PaymentState } from '../../domain/payment/payment';
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
}

export function purchaseOutcome(paymentId: string, payment: PaymentState, successMessage: string): PurchaseOutcome {
  const amountCents = payment.request?.amountCents ?? 0;
  if (payment.status === 'captured') return { accepted: true, paymentId, transactionId: payment.gatewayTransactionId, message: successMessage, amountCents };
  const f = payment.failure;
  return { accepted: false, paymentId, transactionId: null, message: f?.message ?? 'Payment failed.', failureCode: f?.failureCode, allowCascade: f?.allowCascade ?? false, amountCents };
}

export interface WalletPurchaseOutcome {
  paymentId: string;
  amountCents: number;
  /** The wallet's balance after it. */
  balanceCents: number;
}

/** A wallet payment's answer: what was paid and what is left, or the refusal (402) when it was not captured. */
export async function walletOutcome(ctx: CommandContext, userId: string, paymentId: string, payment: PaymentState): Promise<WalletPurchaseOutcome> {
  const balanceCents = await walletBalance(ctx, userId);
  const amountCents = payment.request?.amountCents ?? 0;
  if (payment.status === 'captured') return { paymentId, amountCents, balanceCents };
  if (payment.failure?.failureCode === 'INSUFFICIENT_FUNDS') throw insufficientFunds(amountCents, balanceCents);
  throw new DomainError(payment.failure?.message || SOMETHING_WENT_WRONG, payment.failure?.failureCode ?? 'PAYMENT_FAILED', 402);
}

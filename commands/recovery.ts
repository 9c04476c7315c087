// Resumes payments a crash or a gateway time-out left half-way. Runs at start-up and then periodically.
import type { EventStore } from '../infra/eventstore/port';
import { commandContext } from './handle';
import { refundWalletPayment, resumePayment, type PaymentDeps } from './payment/process';
import { refundDuplicateSale } from './duplicate-sales';
import { finishLineRefunds } from './shop';

/** What the recovery reads from the read models, given by the API wiring (api/payment-reads.ts). */
export interface RecoveryReads {
  /** Payments requested before `olderThanIso` that are neither finished nor followed by their entitlement. */
  unfinishedPayments(olderThanIso: string): Promise<string[]>;
  /** Wallet payments whose staff refund put the money back but whose reversal was not recorded (a crash between). */
  walletRefundsNotReversed(): Promise<string[]>;
  /** Second sales at a provider (its page paid twice) recorded and not refunded yet. */
  secondSalesNotRefunded(): Promise<{ paymentId: string; reference: string }[]>;
  /** Shop orders with line refunds recorded and not paid out yet. */
  lineRefundsNotPaid(): Promise<string[]>;
}

export async function resumeUnfinishedPayments(
  reads: RecoveryReads,
  store: EventStore,
  deps: PaymentDeps,
  options: { olderThanMs: number; now?: () => Date; log?: (message: string) => void },
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const ids = await reads.unfinishedPayments(new Date(now().getTime() - options.olderThanMs).toISOString());
  for (const paymentId of ids) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `recovery-${paymentId}` }, now);
    try {
      const state = await resumePayment(ctx, deps, paymentId);
      options.log?.(`resumed payment ${paymentId}: ${state.status}`);
    } catch (e) {
      options.log?.(`could not resume payment ${paymentId}: ${(e as Error).message}`);
    }
  }
  // A staff refund of a wallet purchase put the money back but stopped before reversing the payment: finish
  // it (the wallet credit is not repeated; the unlock or membership is taken back).
  const refunds = await reads.walletRefundsNotReversed();
  for (const paymentId of refunds) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `recovery-refund-${paymentId}` }, now);
    try {
      await refundWalletPayment(ctx, deps, paymentId, { source: 'recovery', reason: 'Refund' });
      options.log?.(`finished the refund of wallet payment ${paymentId}`);
    } catch (e) {
      options.log?.(`could not finish the refund of wallet payment ${paymentId}: ${(e as Error).message}`);
    }
  }
  // A page paid twice: the second sale was recorded, its refund not (a crash, or the provider did not answer).
  const seconds = await reads.secondSalesNotRefunded();
  for (const { paymentId, reference } of seconds) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `recovery-second-sale-${paymentId}` }, now);
    try {
      await refundDuplicateSale(ctx, deps, paymentId, reference);
      options.log?.(`refunded the second sale ${reference} of payment ${paymentId}`);
    } catch (e) {
      options.log?.(`could not refund the second sale ${reference} of payment ${paymentId}: ${(e as Error).message}`);
    }
  }
  // A line refund the order recorded whose money did not go back yet: pay it out (once, keyed by the refund).
  const orders = await reads.lineRefundsNotPaid();
  for (const orderId of orders) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `recovery-line-refund-${orderId}` }, now);
    try {
      const paid = await finishLineRefunds(ctx, deps, orderId);
      options.log?.(`paid out ${paid} line refund(s) of order ${orderId}`);
    } catch (e) {
      options.log?.(`could not pay out the line refunds of order ${orderId}: ${(e as Error).message}`);
    }
  }
  return ids.length + refunds.length + seconds.length + orders.length;
}

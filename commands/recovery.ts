// Resumes payments a crash or a gateway time-out left half-way. Runs at start-up and then periodically.
import type { Kysely } from 'kysely';
import type { EventStore } from '../infra/eventstore/port';
import type { CardGateway } from '../infra/payments/port';
import { unfinishedPayments, walletRefundsNotReversed } from '../projections/transactions';
import { commandContext } from './handle';
import { resumePayment } from './payments';
import { refundWalletPayment } from './wallet';

export async function resumeUnfinishedPayments(
  db: Kysely<any>,
  store: EventStore,
  gateway: CardGateway,
  options: { olderThanMs: number; now?: () => Date; log?: (message: string) => void },
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const ids = await unfinishedPayments(db, new Date(now().getTime() - options.olderThanMs).toISOString());
  for (const paymentId of ids) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `recovery-${paymentId}` }, now);
    try {
      const state = await resumePayment(ctx, { gateway }, paymentId);
      options.log?.(`resumed payment ${paymentId}: ${state.status}`);
    } catch (e) {
      options.log?.(`could not resume payment ${paymentId}: ${(e as Error).message}`);
    }
  }
  // A staff refund of a wallet purchase put the money back but stopped before reversing the payment: finish
  // it (the wallet credit is not repeated; the unlock or membership is taken back).
  const refunds = await walletRefundsNotReversed(db);
  for (const paymentId of refunds) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `recovery-refund-${paymentId}` }, now);
    try {
      await refundWalletPayment(ctx, paymentId, { source: 'recovery', reason: 'Refund' });
      options.log?.(`finished the refund of wallet payment ${paymentId}`);
    } catch (e) {
      options.log?.(`could not finish the refund of wallet payment ${paymentId}: ${(e as Error).message}`);
    }
  }
  return ids.length + refunds.length;
}

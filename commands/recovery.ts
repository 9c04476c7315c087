// Resumes payments a crash or a gateway time-out left half-way. Runs at start-up and then periodically.
import type { Kysely } from 'kysely';
import type { EventStore } from '../infra/eventstore/port';
import type { CardGateway } from '../infra/payments/port';
import { unfinishedPayments } from '../projections/transactions';
import { commandContext } from './handle';
import { resumePayment } from './payments';

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
  return ids.length;
}

// The read-model side of the payment commands' ports: commands/ name what they need to read (RecoveryReads,
// RebillReads, the renewal payment method) and the API wiring answers it from the projections, so commands/
// never import projections/.
import type { RecoveryReads } from '../commands/recovery';
import type { PayWith, RebillReads } from '../commands/subscriptions';
import { secondSalesNotRefunded, unfinishedPayments, walletRefundsNotReversed } from '../projections/transactions';
import { dueSubscriptions } from '../projections/subscribers';
import { lineRefundsNotPaid } from '../projections/shop-orders';
import { findWallet } from '../projections/wallet';
import type { ReadDb } from '../projections/schema';

export const recoveryReads = (db: ReadDb): RecoveryReads => ({
  unfinishedPayments: (olderThanIso) => unfinishedPayments(db, olderThanIso),
  walletRefundsNotReversed: () => walletRefundsNotReversed(db),
  secondSalesNotRefunded: () => secondSalesNotRefunded(db),
  lineRefundsNotPaid: () => lineRefundsNotPaid(db),
});

export const rebillReads = (db: ReadDb): RebillReads => ({
  dueSubscriptions: (nowIso, limit) => dueSubscriptions(db, nowIso, limit),
});

/** The renewal payment method from the read models: the wallet when the fan's default is crypto_currency. */
export const paymentMethodFromReadModel =
  (db: ReadDb) =>
  async (userId: string): Promise<PayWith> =>
    (await findWallet(db, userId).catch(() => undefined))?.default_method === 'crypto_currency' ? 'wallet' : 'card';

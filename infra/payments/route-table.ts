// Where each payment went: the table the card and crypto routers share. A payment is pinned to a provider before
// the provider is first asked, and the first pin wins, so a retry, a refund or a recovery after a crash asks the
// same provider whatever the console says by then.
import type { Database } from '../db/database';

export interface PaymentRoutes<G> {
  /** The provider of that name, or a loud wiring error when this server has none. */
  named(provider: string): G;
  /** The provider a payment was pinned to, null when none was. */
  providerOf(paymentId: string): Promise<string | null>;
  /** Pins the payment to `provider` unless it is pinned already; answers the provider it is pinned to. */
  pin(paymentId: string, provider: string): Promise<string>;
}

type RouteTables = Record<string, { payment_id: string; provider: string }>;

export async function paymentRoutes<G>(database: Database, table: 'card_payments' | 'crypto_routes', kind: string, providers: Record<string, G>): Promise<PaymentRoutes<G>> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS payment_router;
    CREATE TABLE IF NOT EXISTS payment_router.${table} (payment_id text PRIMARY KEY, provider text NOT NULL);
  `);
  const db = database.db.withTables<RouteTables>().withSchema('payment_router');
  const providerOf = async (paymentId: string) =>
    (await db.selectFrom(table).select('provider').where('payment_id', '=', paymentId).executeTakeFirst())?.provider ?? null;
  return {
    named(provider) {
      const g = providers[provider];
      if (!g) throw new Error(`The ${kind} provider ${provider} is not available on this server.`);
      return g;
    },
    providerOf,
    async pin(paymentId, provider) {
      await db.insertInto(table).values({ payment_id: paymentId, provider }).onConflict((c) => c.column('payment_id').doNothing()).execute();
      return (await providerOf(paymentId)) ?? provider;
    },
  };
}

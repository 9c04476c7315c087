// The payment providers' books as the ledger holds them against the event log: the sandboxes' own tables, and
// each real provider's word read over its API (CCBill, Sticky.io, ForumPay) for the payments that went to it.
// `npm run ledger` and every test server's closing check read them through this one module. A provider whose
// books cannot be read (no answer, refused credentials, not configured) is named, never taken for zero.
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { CardProvider } from './port';
import { sandboxNetCents } from './sandbox-card-gateway';
import { sandboxCryptoReceived } from './sandbox-crypto-gateway';

/** A provider the ledger could not read, and what it answered (never a secret: the adapters keep them out of errors). */
export interface UnreadableBooks {
  provider: string;
  reason: string;
}

export interface ProviderBooksSources {
  database: Database;
  /** The real card providers by the router's name for them; opened on demand (the CLI opens only the ones payments went to). */
  cardProvider: (name: string) => Promise<Pick<CardProvider, 'books'> | null>;
  /** ForumPay's word on what it received for each started payment; null when no payment went to it. */
  forumpay: () => Promise<{ received(): Promise<Map<string, number>> } | null>;
}

export interface ProviderBooks {
  /** The card providers' net (captured, not given back), or null when none could be read in full. */
  cardNetCents(): Promise<number | null>;
  /** What the crypto providers received per payment of ours, or null when one could not be read. */
  cryptoReceived(): Promise<Map<string, number> | null>;
  /** The providers whose books could not be read, after the two reads above. */
  unreadable: UnreadableBooks[];
}

/** Books far enough back to hold every payment the log knows of. */
const SINCE_EVER = '2000-01-01T00:00:00.000Z';

const tableExists = async (database: Database, qualified: string) =>
  !!(await sql<{ t: string | null }>`SELECT to_regclass(${qualified})::text AS t`.execute(database.db)).rows[0]?.t;

/** The providers (other than the sandbox) the router sent payments to, from its table when there is one. */
async function routedProviders(database: Database, table: 'card_payments' | 'crypto_routes'): Promise<string[]> {
  if (!(await tableExists(database, `payment_router.${table}`))) return [];
  const r = await sql<{ provider: string }>`SELECT DISTINCT provider FROM ${sql.table(`payment_router.${table}`)} WHERE provider <> 'sandbox' ORDER BY provider`.execute(database.db);
  return r.rows.map((x) => x.provider);
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function providerBooks(sources: ProviderBooksSources): ProviderBooks {
  const { database } = sources;
  const unreadable: UnreadableBooks[] = [];
  return {
    unreadable,
    async cardNetCents() {
      const hasSandbox = await tableExists(database, 'sandbox_gateway.charges');
      const used = await routedProviders(database, 'card_payments');
      if (!hasSandbox && used.length === 0) return null;
      let net = hasSandbox ? await sandboxNetCents(database) : 0;
      let complete = true;
      for (const provider of used) {
        try {
          const adapter = await sources.cardProvider(provider);
          if (!adapter?.books) throw new Error('this server has no adapter that can read its books.');
          const entries = await adapter.books(SINCE_EVER);
          net += entries.filter((b) => b.status === 'captured').reduce((sum, b) => sum + b.amountCents, 0);
        } catch (e) {
          unreadable.push({ provider, reason: reasonOf(e) });
          complete = false;
        }
      }
      return complete ? net : null;
    },
    async cryptoReceived() {
      const received = await sandboxCryptoReceived(database);
      if (!(await routedProviders(database, 'crypto_routes')).includes('forumpay')) return received;
      try {
        const forumpay = await sources.forumpay();
        if (!forumpay) throw new Error('this server has no ForumPay adapter.');
        return new Map([...received, ...(await forumpay.received())]);
      } catch (e) {
        unreadable.push({ provider: 'forumpay', reason: reasonOf(e) });
        return null;
      }
    },
  };
}

// The auditor's check: replays the whole event log into the ledger (domain/ledger) and holds it against the
// money read models and the payment provider's books. Used by `npm run ledger` and after every test server.
import type { ReadModels } from './schema';
import { sql, type Kysely } from 'kysely';
import type { EventStore, Position, RecordedEvent } from '../infra/eventstore/port';
import type { AnyDomainEvent } from './events';
import { emptyLedger, foldLedger, ledgerDiscrepancies, walletDiscrepancies, type Ledger, type LedgerFigures, type WalletFigures } from '../domain/ledger/ledger';
import { walletBalances } from './wallet';

export interface LedgerReport {
  ledger: Ledger;
  figures: LedgerFigures;
  /** The wallets' side: the read model's balances, the top-up report rows, the crypto provider's books. */
  wallet: WalletFigures;
  events: number;
  problems: string[];
}

/** The log holds the domain's events only: each recorded event is the union's member its type names. */
const asDomainEvent = (e: RecordedEvent<string, unknown>): AnyDomainEvent => e as AnyDomainEvent;

export async function replayLedger(store: EventStore): Promise<{ ledger: Ledger; events: number }> {
  let ledger = emptyLedger();
  let after: Position | null = null;
  let events = 0;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5000 });
    if (batch.length === 0) break;
    for (const e of batch) ledger = foldLedger(ledger, asDomainEvent(e));
    events += batch.length;
    after = batch[batch.length - 1].position;
  }
  return { ledger, events };
}

export async function checkLedger(
  store: EventStore,
  db: Kysely<ReadModels>,
  providerNetCents: () => Promise<number | null>,
  /** The crypto provider's received cents per payment (top-ups), when it can be asked. */
  cryptoReceived: () => Promise<Map<string, number> | null> = async () => null,
): Promise<LedgerReport> {
  const { ledger, events } = await replayLedger(store);
  const earnings = await sql<{ c: string }>`SELECT COALESCE(sum(cents), 0) AS c FROM rm.earnings_daily`.execute(db);
  // Wallet top-ups are report rows of their own: the fan's money held, not earnings.
  // So are a page's second sales and their refunds: money owed back to the fan, not earnings.
  const transactions = await sql<{ c: string; t: string; d: string }>`SELECT COALESCE(sum(amount_cents) FILTER (WHERE type NOT IN ('wallet_topup', 'second_sale', 'second_sale_refund')), 0) AS c,
    COALESCE(sum(amount_cents) FILTER (WHERE type = 'wallet_topup'), 0) AS t,
    COALESCE(sum(amount_cents) FILTER (WHERE type IN ('second_sale', 'second_sale_refund')), 0) AS d FROM rm.transactions WHERE status = 'captured'`.execute(db);
  const bySource = await sql<{ source: string; c: string }>`SELECT source, COALESCE(sum(cents), 0) AS c FROM rm.earnings_daily GROUP BY source`.execute(db);
  // The reports' read model, where it exists yet (a data folder last served by an older version has none).
  const hasReports = (await sql`SELECT 1 FROM information_schema.tables WHERE table_schema = 'rm' AND table_name = 'report_payments'`.execute(db)).rows.length > 0;
  const reports = hasReports
    ? (await sql<{ source: string; c: string }>`SELECT ledger_source AS source, COALESCE(sum(amount_cents), 0) AS c FROM rm.report_payments GROUP BY ledger_source`.execute(db)).rows
    : null;
  const figures: LedgerFigures = {
    earningsCents: Number(earnings.rows[0].c),
    transactionsCents: Number(transactions.rows[0].c),
    providerCents: await providerNetCents(),
    duplicateSaleTransactionsCents: Number(transactions.rows[0].d),
    earningsBySourceCents: Object.fromEntries(bySource.rows.map((r) => [r.source, Number(r.c)])),
    ...(reports
      ? { reportsCents: reports.reduce((n, r) => n + Number(r.c), 0), reportsBySourceCents: Object.fromEntries(reports.map((r) => [r.source, Number(r.c)])) }
      : {}),
  };
  const wallet: WalletFigures = { readModelBalances: await walletBalances(db), topUpTransactionsCents: Number(transactions.rows[0].t), cryptoReceived: await cryptoReceived() };
  return { ledger, figures, wallet, events, problems: [...ledgerDiscrepancies(ledger, figures), ...walletDiscrepancies(ledger, wallet)] };
}

// `npm run ledger`: the auditor's check. Replays the whole event log into the ledger (captures, refunds, voids,
// chargebacks, per source and per fan) and holds it against the earnings and transactions reports and the
// sandbox provider's books. Exit codes (infra/cli/exit-codes.ts): 0 the books agree, 1 they disagree, 2 usage or
// configuration, 3 the PGlite data folder is in use by the server, 4 cannot connect, 5 other failure. Opens the
// store the configuration names, like the server does. An entry point of projections/ (like rebuild-cli.ts):
// it wires the configured stores to the ledger check, so infra/ never imports projections/.
import { sql } from 'kysely';
import { loadConfig } from '../infra/config.js';
import { openEventStoreFromConfig } from '../infra/eventstore/open.js';
import { checkLedger } from './ledger-check.js';
import { netCents } from '../domain/ledger/ledger.js';
import { sandboxNetCents } from '../infra/payments/sandbox-card-gateway.js';
import { sandboxCryptoReceived } from '../infra/payments/sandbox-crypto-gateway.js';
import { EXIT, reportCliFailure } from '../infra/cli/exit-codes.js';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function main(): Promise<number> {
  let opened;
  try {
    opened = await openEventStoreFromConfig(loadConfig());
  } catch (e) {
    return reportCliFailure(e, 'ledger');
  }
  try {
    const tableExists = async (schema: string, table: string) =>
      !!(await sql`SELECT 1 FROM information_schema.tables WHERE table_schema = ${schema} AND table_name = ${table}`.execute(opened.database.db)).rows.length;
    if (!(await tableExists('rm', 'earnings_daily'))) {
      console.error('ledger: no read models here yet: start the server once (npm start) or run npm run rebuild.');
      return EXIT.failed;
    }
    const hasSandbox = await tableExists('sandbox_gateway', 'charges');
    const r = await checkLedger(opened.store, opened.database.db, async () => (hasSandbox ? sandboxNetCents(opened.database) : null), () => sandboxCryptoReceived(opened.database));
    const l = r.ledger;
    console.log(`events replayed          ${r.events.toLocaleString()}`);
    console.log(`captures                 ${l.captures}   ${dollars(l.capturedCents)}`);
    console.log(`refunds / voids          ${dollars(l.refundedCents)} / ${dollars(l.voidedCents)}`);
    console.log(`chargebacks              ${l.chargebacks}   ${dollars(l.chargedBackCents)}`);
    console.log(`net (event log)          ${dollars(netCents(l))}   subscriptions ${dollars(l.netBySource.subscriptions)}, unlocks ${dollars(l.netBySource.unlocks)}, tips ${dollars(l.netBySource.tips)}, chat ${dollars(l.netBySource.chat)}`);
    console.log(`earnings report          ${dollars(r.figures.earningsCents)}`);
    console.log(`transactions report      ${dollars(r.figures.transactionsCents)}`);
    console.log(`reports (issue 17)       ${r.figures.reportsCents === undefined ? 'not built yet' : dollars(r.figures.reportsCents)}`);
    console.log(`payment provider (net)   ${r.figures.providerCents === null ? 'not available' : dollars(r.figures.providerCents)}`);
    console.log(`wallets                  top-ups ${dollars(l.wallet.toppedUpCents)}, spent ${dollars(l.wallet.debitedCents)}, refunded ${dollars(l.wallet.refundedCents)}, held ${dollars(l.wallet.toppedUpCents - l.wallet.debitedCents + l.wallet.refundedCents)}`);
    if (r.problems.length) {
      console.log(`\nLEDGER DISAGREES:\n  ${r.problems.join('\n  ')}`);
      return EXIT.booksDisagree;
    }
    console.log('\nThe books agree.');
    return EXIT.ok;
  } catch (e) {
    return reportCliFailure(e, 'ledger');
  } finally {
    await opened.close().catch(() => {});
  }
}

process.exitCode = await main();

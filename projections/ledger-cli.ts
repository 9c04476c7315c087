// `npm run ledger`: the auditor's check. Replays the whole event log into the ledger (captures, refunds, voids,
// chargebacks, per source and per fan) and holds it against the earnings and transactions reports and the
// providers' books: the sandboxes' tables, and CCBill, Sticky.io and ForumPay asked over their APIs with the
// settings saved in the console, for the payments that went to them. Exit codes (infra/cli/exit-codes.ts): 0 the
// books agree, 1 they disagree, 2 usage or configuration, 3 the PGlite data folder is in use by the server, 4 cannot
// connect, 5 other failure, 7 the books that could be read agree but a provider's could not be read. Opens the
// store the configuration names, like the server does. An entry point of projections/ (like rebuild-cli.ts):
// it wires the configured stores to the ledger check, so infra/ never imports projections/.
import { sql } from 'kysely';
import { loadConfig, type Config } from '../infra/config.js';
import { openEventStoreFromConfig } from '../infra/eventstore/open.js';
import type { Database } from '../infra/db/database.js';
import { checkLedger } from './ledger-check.js';
import { storedProviderSettings } from './payment-provider-settings.js';
import { netCents } from '../domain/ledger/ledger.js';
import { unsealedProviderSettings, type PaymentProvider, type ProviderSettingsOf } from '../domain/payment-providers/provider-settings.js';
import { sealedBox, settingsKey } from '../infra/secrets/sealed-box.js';
import { providerBooks } from '../infra/payments/provider-books.js';
import { createCcbillProvider } from '../infra/payments/ccbill/provider.js';
import { combinedCcbillSettings } from '../infra/payments/ccbill/settings.js';
import { createStickyIoProvider } from '../infra/payments/sticky-io/index.js';
import { createForumPayGateway } from '../infra/payments/forumpay/gateway.js';
import { forumPayAdapterSettings } from '../infra/payments/forumpay/settings.js';
import { EXIT, reportCliFailure } from '../infra/cli/exit-codes.js';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The real providers' adapters as the server opens them, with the settings saved in the console (secrets opened here only). */
function savedProviders(cfg: Config, database: Database) {
  const box = sealedBox(settingsKey({ envKey: cfg.FANCLUB_SETTINGS_KEY, dataDir: cfg.dataDir }));
  const saved = async <P extends PaymentProvider>(provider: P): Promise<ProviderSettingsOf[P] | null> => {
    const row = await storedProviderSettings(database.db, provider);
    return row ? unsealedProviderSettings(provider, row.stored, (sealed) => box.open(sealed)) : null;
  };
  const timeoutMs = cfg.FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS;
  return providerBooks({
    database,
    async cardProvider(name) {
      if (name === 'ccbill') {
        const endpoints = { ...(cfg.FANCLUB_CCBILL_REST_URL && { rest: cfg.FANCLUB_CCBILL_REST_URL }), ...(cfg.FANCLUB_CCBILL_DATALINK_URL && { datalink: cfg.FANCLUB_CCBILL_DATALINK_URL }) };
        const settings = async () => combinedCcbillSettings(await saved('ccbill'), await saved('ccbill-rest-api'), await saved('ccbill-datalink'));
        return createCcbillProvider({ database, settings, endpoints, timeoutMs });
      }
      if (name === 'sticky-io') {
        return createStickyIoProvider({ database, settings: () => saved('sticky-io'), endpoints: cfg.FANCLUB_STICKY_IO_API_URL ? { api: cfg.FANCLUB_STICKY_IO_API_URL } : undefined, timeoutMs });
      }
      return null;
    },
    forumpay: async () =>
      createForumPayGateway({ database, settings: async () => forumPayAdapterSettings(await saved('forumpay')), endpoints: cfg.FANCLUB_FORUMPAY_API_URL ? { api: cfg.FANCLUB_FORUMPAY_API_URL } : undefined, timeoutMs }),
  });
}

async function main(): Promise<number> {
  let opened;
  let cfg: Config;
  try {
    cfg = loadConfig();
    opened = await openEventStoreFromConfig(cfg);
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
    const books = savedProviders(cfg, opened.database);
    const r = await checkLedger(opened.store, opened.database.db, books.cardNetCents, books.cryptoReceived);
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
    for (const u of books.unreadable) console.log(`${`${u.provider}'s books`.padEnd(25)}could not be read: ${u.reason}`);
    console.log(`wallets                  top-ups ${dollars(l.wallet.toppedUpCents)}, spent ${dollars(l.wallet.debitedCents)}, refunded ${dollars(l.wallet.refundedCents)}, held ${dollars(l.wallet.toppedUpCents - l.wallet.debitedCents + l.wallet.refundedCents)}`);
    if (r.problems.length) {
      console.log(`\nLEDGER DISAGREES:\n  ${r.problems.join('\n  ')}`);
      return EXIT.booksDisagree;
    }
    if (books.unreadable.length) {
      console.log(`\nThe books read agree, but ${books.unreadable.map((u) => u.provider).join(' and ')} could not be read: check the provider's settings and that it can be reached, then run again.`);
      return EXIT.providerUnreachable;
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

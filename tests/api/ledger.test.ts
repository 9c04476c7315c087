// The auditor's ledger check that runs when every test server closes (tests/support/server.ts): it must pass on
// honest books and name the disagreement when a report or the provider drifts from the event log.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { startTestServer, TEST_CARD_FORM } from '../support/server';

describe('ledger check (pglite)', () => {
  it('agrees on honest books and names each report that drifts from the event log', async () => {
    const t = await startTestServer('pglite', {}, { ledgerCheck: false });
    try {
      const fan = (await t.call('POST', '/api/users/register', { name: 'Fan', email: 'ledger@example.com', password: 'fan password 1' })).body.data.token;
      const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan });
      expect(sub.body.data.accepted).toBe(true);
      const { store, database } = t.server.services;
      const honest = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(honest.problems).toEqual([]);
      expect(honest.ledger.capturedCents).toBe(999);
      expect(honest.figures).toEqual({
        earningsCents: 999, transactionsCents: 999, providerCents: 999, earningsBySourceCents: { subscriptions: 999 }, reportsCents: 999, reportsBySourceCents: { subscriptions: 999 },
        duplicateSaleTransactionsCents: 0,
      });

      await sql`UPDATE rm.earnings_daily SET cents = cents + 100`.execute(database.db);
      await sql`UPDATE sandbox_gateway.charges SET amount_cents = amount_cents + 1`.execute(database.db);
      const drifted = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(drifted.problems).toEqual([
        'earnings report 1099 ≠ captures − refunds − voids − chargebacks 999',
        'payment provider net 1000 ≠ event log net 999',
        'earnings from subscriptions 1099 ≠ event log 999',
      ]);
    } finally {
      await t.close();
    }
  });

  it('names the reports\' read model when it drifts from the event log (issue 17)', async () => {
    const t = await startTestServer('pglite', {}, { ledgerCheck: false });
    try {
      const fan = (await t.call('POST', '/api/users/register', { name: 'Fan', email: 'ledger.reports@example.com', password: 'fan password 1' })).body.data.token;
      expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan })).body.data.accepted).toBe(true);
      const { store, database } = t.server.services;
      expect((await checkLedger(store, database.db, () => sandboxNetCents(database))).problems).toEqual([]);
      await sql`UPDATE rm.report_payments SET amount_cents = amount_cents - 100`.execute(database.db);
      expect((await checkLedger(store, database.db, () => sandboxNetCents(database))).problems).toEqual(['reports 899 ≠ event log net 999', 'reports from subscriptions 899 ≠ event log 999']);
    } finally {
      await t.close();
    }
  });

  it('fails the test server\'s close when the books disagree', async () => {
    const t = await startTestServer('pglite');
    await sql`INSERT INTO rm.earnings_daily (day, source, cents, count) VALUES ('2026-01-01', 'unlocks', 500, 1)`.execute(t.server.services.database.db);
    await expect(t.close()).rejects.toThrow(/Ledger check failed:\nearnings report 500 ≠ captures − refunds − voids − chargebacks 0\nearnings from unlocks 500 ≠ event log 0/);
  });
});

// The concurrent case on the Postgres server (its row locks and transactions are not PGlite's): twenty parallel
// unlocks of one post under twenty Idempotency-Keys through CCBill (the simulator) charge one unlock, the rest
// answer 'Content already unlocked.' or the same unlock. The test server's closing ledger check holds CCBill's books
// against the log, and is seen to fail while a sale added at the simulator behind our back is there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePostgresServer } from '../support/postgres';
import { ledgerProblems, startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { siteForPurchases } from '../support/provider-money';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

describe.skipIf(!(await requirePostgresServer()))('money through CCBill on the Postgres server', () => {
  let sim: CcbillSimulator;
  let t: TestServer;
  let fan: string;
  let lockedPost: (dollars: number) => Promise<string>;
  const sales = () => [...sim.sales.values()];

  beforeAll(async () => {
    sim = await startCcbillSimulator();
    t = await startTestServer('postgres', {
      FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
      FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '5000',
    });
    let admin: string;
    ({ admin, fan, lockedPost } = await siteForPurchases(() => t.base, 'Postgres Money Fan'));
    const c = sim.config;
    for (const [provider, body] of [
      ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
      ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
      ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
    ] as const) {
      expect((await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin })).status).toBe(200);
    }
    const first = await t.call('POST', '/api/v2/purchase/send-tip', { amount: 5, ...TEST_CARD_FORM, cardNumber: '4111111111111111', cvv: '456' }, { token: fan });
    expect(first.body.data, JSON.stringify(first.body)).toMatchObject({ accepted: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('twenty parallel unlocks of one post under twenty keys: one sale at CCBill; the ledger check fails while a sale is added behind our back', async () => {
    const postId = await lockedPost(9);
    const before = sales().length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 9 }, { token: fan, headers: { 'idempotency-key': `pg-unlock-${i}` } })),
    );
    const summary = answers.map((a) => `${a.status} ${a.body?.code ?? a.body?.message ?? ''}`).join(', ');
    expect(answers.filter((a) => a.status >= 500), summary).toEqual([]);
    const accepted = answers.filter((a) => a.body.data?.accepted);
    expect(new Set(accepted.map((a) => a.body.data.transactionId)).size, summary).toBe(1);
    for (const a of answers) if (!a.body.data?.accepted) expect([a.status, a.body.message], summary).toEqual([409, 'Content already unlocked.']);
    expect(sales().length).toBe(before + 1);

    expect(await ledgerProblems(t.server)).toEqual([]);
    const [sale] = sales();
    const extra = { ...sale, subscriptionId: `0${String(Date.now()).slice(-9)}999999998` };
    sim.sales.set(extra.subscriptionId, extra);
    expect((await ledgerProblems(t.server)).join('\n')).toMatch(/payment provider net \d+ ≠ event log net \d+/);
    sim.sales.delete(extra.subscriptionId);
    expect(await ledgerProblems(t.server)).toEqual([]);
  });
});

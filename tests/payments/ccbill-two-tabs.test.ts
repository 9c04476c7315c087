// A fan opens CCBill's payment page for one payment in two tabs and pays in both: CCBill makes two sales and sends
// two NewSaleSuccess notices naming the same payment of ours. The first captures the payment; the second is
// recorded as money taken (PaymentDuplicateSaleCaptured) and refunded through DataLink once
// (PaymentDuplicateSaleRefunded), staff see both rows in the transactions report, repeats change nothing, and the
// ledger check (CCBill's books included) names nothing. On PGlite and the Postgres server; then a real process
// kill between recording the second sale and refunding it: the next start refunds it, once.
// Also: a CCBill renewal whose recording was cut short and finished more than two hours later is captured, never
// declined as an abandoned form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePostgresServer } from '../support/postgres';
import { ledgerProblems, startTestServer, type TestServer } from '../support/server';
import { call, runLedger, startKillableSite, ADMIN_PASSWORD, type KillableSite } from '../support/provider-money';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { EXIT } from '../../infra/cli/exit-codes';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';
import { commandContext, handle } from '../../commands/handle';
import { hostedCard, paymentDecider, paymentStream } from '../../domain/payment/payment';
import { renewalPaymentId } from '../../commands/hosted-notices';

const ccbillEnv = (sim: CcbillSimulator) => ({
  FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
  FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
  FANCLUB_CCBILL_FLEXFORMS_URL: sim.endpoints.flexForms,
  FANCLUB_CCBILL_WEBHOOK_SOURCES: '127.0.0.1/32,::1/128,::ffff:127.0.0.1/128',
  FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '3000',
});

async function configure(base: string, admin: string, sim: CcbillSimulator) {
  const c = sim.config;
  for (const [provider, body] of [
    ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
    ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
    ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
  ] as const) {
    const r = await call(base, 'POST', `/api/settings/payment-providers/${provider}`, body, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}

/** The fan on CCBill's form in a tab of its own (each GET is a new form session): a CVV above 300 is approved. */
async function payInTab(url: string) {
  const html = await (await fetch(url)).text();
  const session = /name="session" value="([0-9a-f]+)"/.exec(html)?.[1];
  expect(session, html).toBeTruthy();
  const paid = await fetch(url.split('?')[0], {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: session!, cardNum: '4111111111111111', expMonth: '04', expYear: '2030', cvv2: '400', nameOnCard: 'Ann Lee' }),
  });
  expect(paid.status).toBe(302);
}

/** A fan registered on the site and a payment of theirs waiting on CCBill's page (a membership). */
async function startHostedMembership(base: string, name: string) {
  const r = await call(base, 'POST', '/api/users/register', { name, email: `${name}@example.com`, password: `${name} password 123` });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const fan = r.body.data.token as string;
  const start = await call(base, 'POST', '/api/ccbill/subscribe_user', {}, fan, { 'idempotency-key': `${name}-1` });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return { fan, userId: r.body.data.userId as string, paymentId: start.body.data.payment_id as string, url: start.body.data.url as string };
}

const salesOfPayment = (sim: CcbillSimulator, paymentId: string) =>
  sim.outbox.filter((n) => n.eventType === 'NewSaleSuccess' && n.fields['X-payment_id'] === paymentId).map((n) => sim.sales.get(n.fields.subscriptionId)!);

for (const backend of ['pglite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !(await requirePostgresServer()))(`one CCBill page paid in two tabs (${backend})`, () => {
    let sim: CcbillSimulator;
    let t: TestServer;
    let admin: string;

    beforeAll(async () => {
      sim = await startCcbillSimulator();
      t = await startTestServer(backend, ccbillEnv(sim));
      sim.setWebhook({ url: `${t.base}/api/webhooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      await configure(t.base, admin, sim);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await sim?.close();
    });
    const events = async (type: string, paymentId: string) =>
      (await t.server.services.store.readStream(paymentStream(paymentId))).filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);

    it('the second sale is recorded and refunded through DataLink once; one membership; staff see both; the ledger agrees', async () => {
      const { fan, userId, paymentId, url } = await startHostedMembership(t.base, `two-tabs-${backend}`);
      await payInTab(url);
      await payInTab(url);
      const [first, second] = salesOfPayment(sim, paymentId);
      expect(second).toBeTruthy();
      // Both notices at once, as CCBill may send them.
      const ids = sim.pendingNotices().map((n) => n.id);
      const statuses = await Promise.all(ids.map((id) => sim.deliver({ ids: [id] })));
      expect(statuses.flat().map((d) => d.status)).toEqual([200, 200]);

      const captured = await events('PaymentCaptured', paymentId);
      expect(captured).toHaveLength(1);
      const mine = captured[0].gatewayTransactionId as string;
      const other = mine === first.subscriptionId ? second : first;
      expect(await events('PaymentDuplicateSaleCaptured', paymentId)).toEqual([expect.objectContaining({ reference: other.subscriptionId, amountCents: 999, userId })]);
      expect(await events('PaymentDuplicateSaleRefunded', paymentId)).toEqual([expect.objectContaining({ reference: other.subscriptionId, amountCents: 999, gatewayTransactionId: other.subscriptionId })]);
      expect(other.refunds).toBe(1);
      expect(sim.sales.get(mine)!.refunds).toBe(0);
      const started = (await t.server.services.store.readStream(`subscription-${userId}`)).filter((e) => e.type === 'SubscriptionStarted');
      expect(started).toHaveLength(1);
      const notice = (await t.server.services.store.readAll({ maxCount: 100_000 })).filter((e) => e.type === 'GatewayNoticeReceived' && (e.data as { paymentId: string }).paymentId === paymentId);
      expect(notice.map((e) => (e.data as { result: string }).result).sort()).toEqual(['applied', 'refused']);

      // Every notice again, twice: nothing more is refunded or recorded.
      expect((await sim.deliver({ ids, times: 2 })).map((d) => d.status)).toEqual([200, 200, 200, 200]);
      expect(other.refunds).toBe(1);
      expect(await events('PaymentDuplicateSaleRefunded', paymentId)).toHaveLength(1);

      // CCBill's own notice of that refund names the second sale: the payment and its membership stay.
      const refundNotices = sim.pendingNotices().filter((n) => n.eventType === 'Refund' && n.fields.subscriptionId === other.subscriptionId);
      expect(refundNotices).toHaveLength(1);
      expect((await sim.deliver({ ids: refundNotices.map((n) => n.id), times: 2 })).map((d) => d.status)).toEqual([200, 200]);
      expect(await events('PaymentReversed', paymentId)).toEqual([]);
      expect(await events('PaymentDuplicateSaleRefunded', paymentId)).toHaveLength(1);
      expect((await t.server.services.store.readStream(`subscription-${userId}`)).map((e) => e.type)).not.toContain('SubscriptionRevoked');

      // Staff: the second sale and its refund in the transactions report; the fan sees them in their payments.
      await expect
        .poll(async () => (await t.call('GET', '/admin-api/transactions?limit=50', undefined, { token: admin })).body.filter((r: { user_id: string }) => r.user_id === userId).map((r: { type: string; amount_cents: number; gateway_transaction_id: string }) => [r.type, r.amount_cents, r.gateway_transaction_id]).sort())
        .toEqual([['second_sale', 999, other.subscriptionId], ['second_sale_refund', -999, other.subscriptionId], ['subscription', 999, mine]].sort());
      const own = (await t.call('GET', '/api/users/payments', undefined, { token: fan })).body.data;
      expect(JSON.stringify(own)).toContain('second_sale_refund');
      expect(await ledgerProblems(t.server)).toEqual([]);
      // CCBill's books: the first sale taken, the second refunded.
      const books = await t.server.services.cardProviders.ccbill.books!('2000-01-01T00:00:00.000Z');
      expect(books.filter((b) => b.paymentId === paymentId).map((b) => [b.providerReference, b.status]).sort()).toEqual([[mine, 'captured'], [other.subscriptionId, 'refunded']].sort());
    });

    it('a CCBill renewal finished more than two hours after its recording began is captured, not declined as abandoned', async () => {
      const { userId, paymentId, url } = await startHostedMembership(t.base, `late-renewal-${backend}`);
      await payInTab(url);
      expect((await sim.deliverUntilAcknowledged(3))).toEqual([]);
      // What a crash right after the renewal's request left: requested, not captured (as hosted-notices writes it).
      const transactionId = '0230000000000000001';
      const renewalId = renewalPaymentId('ccbill', transactionId);
      const { store, database, purchases } = t.server.services;
      const ctx = commandContext(store, { userId: null, role: 'system', correlationId: 'late-renewal' });
      await handle(ctx, `subscription-${userId}`, (await import('../../domain/subscription/subscription')).subscriptionDecider, {
        type: 'RequestProviderRenewal', paymentId: renewalId, amountCents: 999, periodDays: 30, at: ctx.now(),
      });
      await handle(ctx, paymentStream(renewalId), paymentDecider, {
        type: 'RequestPayment', paymentId: renewalId, userId, purpose: { kind: 'subscription', period: 2 }, amountCents: 999,
        card: { ...hostedCard('ccbill'), providerRenewal: transactionId }, at: ctx.now(),
      });
      const later = () => new Date(Date.now() + 3 * 3_600_000);
      await expect
        .poll(async () => {
          await resumeUnfinishedPayments(recoveryReads(database.db), store, purchases, { olderThanMs: 0, now: later });
          return (await store.readStream(paymentStream(renewalId))).map((e) => e.type);
        })
        .toEqual(['PaymentRequested', 'PaymentCaptured']);
      expect((await store.readStream(paymentStream(renewalId)))[1].data).toMatchObject({ gatewayTransactionId: transactionId });
      const started = (await store.readStream(`subscription-${userId}`)).filter((e) => e.type === 'SubscriptionStarted').map((e) => (e.data as { period: number }).period);
      expect(started).toEqual([1, 2]);
      // CCBill's notice of that renewal, delivered late, changes nothing more (its books take the renewal).
      const sale = salesOfPayment(sim, paymentId)[0];
      sim.emit('RenewalSuccess', { subscriptionId: sale.subscriptionId, transactionId, billedAmount: '9.99', billedCurrencyCode: '840' });
      expect((await sim.deliver({ ids: [sim.outbox.at(-1)!.id] })).map((d) => d.status)).toEqual([200]);
      expect((await store.readStream(paymentStream(renewalId))).map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentCaptured']);
      expect(await ledgerProblems(t.server)).toEqual([]);
    });
  });
}

describe('one CCBill page paid in two tabs, with a process kill between recording the second sale and refunding it', () => {
  let sim: CcbillSimulator;
  let site: KillableSite;
  let admin: string;

  beforeAll(async () => {
    sim = await startCcbillSimulator();
    site = await startKillableSite(ccbillEnv(sim));
    admin = (await call(site.child.base, 'POST', '/api/users/login', { email: 'admin@fanclub.local', password: ADMIN_PASSWORD })).body.data.token;
    await configure(site.child.base, admin, sim);
    sim.setWebhook({ url: `${site.webhookBase}/api/webhooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await sim?.close();
  });

  it('the next start refunds the second sale exactly once; the ledger agrees with CCBill', async () => {
    const { paymentId, url } = await startHostedMembership(site.child.base, 'two-tabs-crash');
    await payInTab(url);
    await payInTab(url);
    const [first, second] = salesOfPayment(sim, paymentId);
    const [firstNotice, secondNotice] = sim.pendingNotices();
    expect((await sim.deliver({ ids: [firstNotice.id] })).map((d) => d.status)).toEqual([200]);

    // The next process dies right after recording the second sale.
    await site.kill();
    const doomed = await site.start({ FANCLUB_FAILPOINT: 'duplicate-sale-recorded' });
    const lost = await sim.deliver({ ids: [secondNotice.id] });
    expect(lost[0].status).not.toBe(200);
    expect(await doomed.exited).toBe('SIGKILL');
    expect(first.refunds + second.refunds).toBe(0);

    // A new start: its recovery sweep refunds the recorded second sale (CCBill's redelivery would find it done).
    const next = await site.start();
    await expect.poll(() => second.refunds, { timeout: 30_000, interval: 100 }).toBe(1);
    expect(first.refunds).toBe(0);
    expect((await sim.deliver({ ids: [secondNotice.id], times: 2 })).map((d) => d.status)).toEqual([200, 200]);
    expect(second.refunds).toBe(1);
    const transactions = async () => (await call(next.base, 'GET', '/admin-api/transactions?limit=50', undefined, admin)).body.map((r: { type: string }) => r.type).sort();
    await expect.poll(transactions).toEqual(['second_sale', 'second_sale_refund', 'subscription']);
    await site.kill();
    // The ledger reads CCBill's books at its own pace: not the short provider time limit the payments above use.
    const ledger = await runLedger({ ...site.env, FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '30000' });
    expect(ledger.code, ledger.stdout + ledger.stderr).toBe(EXIT.ok);
    expect(ledger.stdout).toContain('The books agree.');
  }, 120_000);
});

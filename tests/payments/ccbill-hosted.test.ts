// Payments on CCBill's own page (FlexForms) through the CCBill simulator, over HTTP: a fan subscribes with
// POST /api/ccbill/subscribe_user, is sent to the simulator's form, pays there, and only CCBill's verified webhook
// (posted by the simulator to /api/webhooks/ccbill) starts the membership. Repeats, reordering, a forged sale, a sale
// of another amount (refunded through DataLink, nothing granted), a form never paid (declined by the recovery
// sweep), the same Idempotency-Key (the same payment and URL), CCBill's renewals / renewal failures (our scheduler
// charges nothing), and a fan's cancel through DataLink (and DataLink failing: the spec's message, nothing changed).
// PGlite only: the back end makes no difference here. The server closes with the ledger check (CCBill's books
// include the sales on its page, at the amounts its notices reported).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';

describe('CCBill hosted payment form (simulator) over HTTP', () => {
  let sim: CcbillSimulator;
  let t: TestServer;
  let admin: string;
  const ids = new Map<string, string>();

  const register = async (name: string) => {
    const email = `${name}@example.com`;
    const r = await t.call('POST', '/api/users/register', { name, email, password: `${name} password 123` });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids.set(r.body.data.token, r.body.data.userId);
    return r.body.data.token as string;
  };
  const subscribe = (token: string, key: string, body: Record<string, unknown> = {}) =>
    t.call('POST', '/api/ccbill/subscribe_user', body, { token, headers: { 'idempotency-key': key } });
  const status = async (token: string, paymentId: string) => (await t.call('GET', `/api/ccbill/hosted-payment/${paymentId}`, undefined, { token })).body.data;
  /** The fan on the simulator's FlexForm: a CVV above 300 is approved, others declined. */
  const payOnForm = async (url: string, cvv2 = '400') => {
    const html = await (await fetch(url)).text();
    const session = /name="session" value="([0-9a-f]+)"/.exec(html)?.[1];
    expect(session, html).toBeTruthy();
    return fetch(url.split('?')[0], {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session: session!, cardNum: '4111111111111111', expMonth: '04', expYear: '2030', cvv2, nameOnCard: 'Ann Lee' }),
    });
  };
  const events = async (type: string, userId?: string) =>
    (await t.server.services.store.readAll({ maxCount: 100_000 })).filter((e) => e.type === type && (!userId || (e.data as { userId?: string }).userId === userId));
  const userIdOf = async (token: string) => ids.get(token)!;
  const saleOf = (paymentId: string) => [...sim.sales.values()].find((s) => s.subscriptionId === sim.outbox.find((n) => n.fields['X-payment_id'] === paymentId)?.fields.subscriptionId);

  beforeAll(async () => {
    sim = await startCcbillSimulator();
    t = await startTestServer('pglite', {
      FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
      FANCLUB_CCBILL_FLEXFORMS_URL: sim.endpoints.flexForms,
      FANCLUB_CCBILL_WEBHOOK_SOURCES: '127.0.0.1/32,::1/128,::ffff:127.0.0.1/128',
      FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
    });
    sim.setWebhook({ url: `${t.base}/api/webhooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const fan = await register('hosted-early');
    const early = await t.call('POST', '/api/ccbill/subscribe_user', {}, { token: fan });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/CCBill is not configured: save the CCBill account/);
    // The fan site offers CCBill's page only once it is set up.
    const offered = async () => (await t.call('GET', '/api/app_settings/get', undefined, { token: fan })).body.data.ccbill_hosted_form;
    expect(await offered()).toBe(false);
    const c = sim.config;
    const save = async (provider: string, body: Record<string, unknown>) => expect((await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin })).status).toBe(200);
    await save('ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false });
    await save('ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret });
    await save('ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword });
    expect(await offered()).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  let fan1: string;
  let pay1: string;

  it('round trip: the same key gives the same payment and URL; the redirect back proves nothing; the verified sale starts the membership', async () => {
    fan1 = await register('hosted-one');
    const first = await subscribe(fan1, 'hosted-one-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ action: 'redirect', url: expect.stringContaining(`${sim.endpoints.flexForms}/${sim.config.flexId}?`) });
    pay1 = first.body.data.payment_id;
    expect(first.body.data.url).toContain(`payment_id=${pay1}`);
    expect(first.body.data.url).toContain('initialPrice=9.99');
    expect(first.body.data.url).toContain('recurringPrice=9.99');
    const again = await subscribe(fan1, 'hosted-one-1');
    expect(again.body.data).toEqual(first.body.data);
    expect(await status(fan1, pay1)).toMatchObject({ status: 'requested', purpose: 'subscription', membership_active: false });

    const paid = await payOnForm(first.body.data.url);
    expect(paid.status).toBe(302);
    expect(await status(fan1, pay1)).toMatchObject({ status: 'requested', membership_active: false });
    expect((await sim.deliver()).map((d) => d.status)).toEqual([200]);
    expect(await status(fan1, pay1)).toMatchObject({ status: 'captured', membership_active: true, ccbill_subscription_status: '1' });
    expect(sim.counts.sales).toBe(1);
    // Another fan cannot read this payment.
    expect((await t.call('GET', `/api/ccbill/hosted-payment/${pay1}`, undefined, { token: await register('hosted-nosy') })).status).toBe(404);
  });

  it('the same sale notice twice starts one period; a retry of the request after it is answered as the first time', async () => {
    const sale = sim.outbox.find((n) => n.eventType === 'NewSaleSuccess')!;
    expect((await sim.deliver({ ids: [sale.id], times: 2 })).map((d) => d.status)).toEqual([200, 200]);
    const me = await userIdOf(fan1);
    expect(await events('SubscriptionStarted', me)).toHaveLength(1);
    expect(await events('PaymentCaptured', me)).toHaveLength(1);
    const retry = await subscribe(fan1, 'hosted-one-1');
    expect(retry.body.data.payment_id).toBe(pay1);
    expect(await events('PaymentRequested', me)).toHaveLength(1);
  });

  it("CCBill's renewals: each a captured subscription payment for the next period, once however often delivered; a failure recorded; our scheduler charges nothing", async () => {
    const me = await userIdOf(fan1);
    const subscriptionId = sim.outbox.find((n) => n.eventType === 'NewSaleSuccess')!.fields.subscriptionId;
    const before = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: fan1 })).body.data;
    // Our scheduler at the time the period ends: CCBill bills this membership, not us.
    const offset = 29 * 86_400_000 + 3_600_000;
    t.server.services.clock = () => new Date(Date.now() + offset);
    await t.server.rebillScheduler.tick();
    t.server.services.clock = () => new Date();
    expect(await events('PaymentRequested', me)).toHaveLength(1);
    expect(sim.counts.chargeRequests).toBe(0);

    sim.emit('RenewalSuccess', { subscriptionId, transactionId: '0210000000000000001', billedAmount: '9.99', billedCurrencyCode: '840', renewalDate: '2026-12-29', nextRenewalDate: '2027-01-28' });
    sim.emit('RenewalFailure', { subscriptionId, transactionId: '0210000000000000002', failureCode: 'BE-100', failureReason: 'Insufficient funds', renewalDate: '2027-01-28', nextRetryDate: '2027-01-31' });
    expect((await sim.deliver({ times: 2 })).map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const captures = await events('PaymentCaptured', me);
    expect(captures).toHaveLength(2);
    expect(captures[1].data).toMatchObject({ amountCents: 999, purpose: { kind: 'subscription', period: 2 }, gatewayTransactionId: '0210000000000000001' });
    const failures = await events('SubscriptionPaymentFailed', me);
    expect(failures).toHaveLength(1);
    expect(failures[0].data).toMatchObject({ failureCode: 'BE-100', kind: 'rebill', paymentId: null });
    const after = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: fan1 })).body.data;
    expect(Date.parse(after.expiration_date) - Date.parse(before.expiration_date)).toBe(30 * 86_400_000);
  });

  it('out of order: a renewal before its sale is refused (409) and applied when CCBill delivers it again', async () => {
    const fan2 = await register('hosted-two');
    const start = await subscribe(fan2, 'hosted-two-1');
    await payOnForm(start.body.data.url);
    const sale = sim.pendingNotices().find((n) => n.eventType === 'NewSaleSuccess')!;
    sim.emit('RenewalSuccess', { subscriptionId: sale.fields.subscriptionId, transactionId: '0220000000000000001', billedAmount: '9.99', billedCurrencyCode: '840' });
    expect((await sim.deliver({ order: 'newest' })).map((d) => [d.eventType, d.status])).toEqual([['RenewalSuccess', 409], ['NewSaleSuccess', 200]]);
    expect(await sim.deliverUntilAcknowledged(3)).toEqual([]);
    const me = await userIdOf(fan2);
    expect((await events('PaymentCaptured', me)).map((e) => (e.data as { purpose: { period: number } }).purpose.period)).toEqual([1, 2]);
  });

  it('a forged sale (wrong digest) is refused; a sale of another amount is refunded through DataLink and grants nothing', async () => {
    const fan3 = await register('hosted-three');
    const start = await subscribe(fan3, 'hosted-three-1');
    const paymentId = start.body.data.payment_id;
    sim.emit('NewSaleSuccess', { subscriptionId: '0117240102000000999', transactionId: '0117240102000000999', billedInitialPrice: '9.99', initialPeriod: '30', dynamicPricingValidationDigest: '0'.repeat(32), 'X-payment_id': paymentId });
    const forged = await sim.deliver();
    expect(forged.map((d) => d.status)).toEqual([400]);
    expect(await status(fan3, paymentId)).toMatchObject({ status: 'requested' });

    // A real sale at CCBill whose amount is not the one asked for (its digest is right: CCBill's covers the ids only).
    const subscriptionId = '0117240102000000777';
    sim.sales.set(subscriptionId, { subscriptionId, transactionId: subscriptionId, paymentTokenId: null, amountCents: 100, passThrough: {}, cancelled: false, refunds: 0, voids: 0, createdAt: Date.now() });
    const { createHash } = await import('node:crypto');
    sim.emit('NewSaleSuccess', {
      subscriptionId, transactionId: subscriptionId, billedInitialPrice: '1.00', billedCurrencyCode: '840', initialPeriod: '30',
      dynamicPricingValidationDigest: createHash('md5').update(`${subscriptionId}1${sim.config.salt}`).digest('hex'), 'X-payment_id': paymentId,
    });
    expect((await sim.deliver({ ids: [sim.outbox.at(-1)!.id] })).map((d) => d.status)).toEqual([200]);
    expect(await status(fan3, paymentId)).toMatchObject({ status: 'failed', membership_active: false, message: 'The amount paid did not match the price. The payment was refunded.' });
    expect(sim.sales.get(subscriptionId)!.refunds).toBe(1);
    const notice = (await events('GatewayNoticeReceived')).find((e) => (e.data as { paymentId: string }).paymentId === paymentId && (e.data as { result: string }).result === 'refused');
    expect(notice?.data).toMatchObject({ problem: 'the provider took 1.00 USD for a payment of 9.99 USD; refunded at the provider' });
    // Staff see it in the transactions report as a failed payment with its code.
    await expect.poll(async () => JSON.stringify((await t.call('GET', '/admin-api/transactions?limit=50', undefined, { token: admin })).body)).toContain('AMOUNT_MISMATCH');
  });

  it("a fan's cancel goes to DataLink: when it fails, the spec's message and nothing changed; then 'Subscription Cancelled'", async () => {
    const sale = saleOf(pay1)!;
    sim.fail('datalink', 'http500');
    const failed = await t.call('POST', '/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' }, { token: fan1 });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('There was a problem cancelling your subscription. Please try again after an hour.');
    expect(sale.cancelled).toBe(false);
    expect(await status(fan1, pay1)).toMatchObject({ ccbill_subscription_status: '1', membership_active: true });

    const done = await t.call('POST', '/api/cancel-subscription', { cancellation_reason: 'Too expensive' }, { token: fan1 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ message: 'Subscription Cancelled', data: { cancelled: true, ccbill_subscription_status: '2' } });
    expect(sale.cancelled).toBe(true);
    // CCBill's own Cancellation notice follows and changes nothing more.
    expect((await sim.deliver({ ids: [sim.outbox.at(-1)!.id] })).map((d) => [d.eventType, d.status])).toEqual([['Cancellation', 200]]);
    expect(await events('SubscriptionCancelled', await userIdOf(fan1))).toHaveLength(1);
    const cardUpdate = await t.call('GET', '/api/ccbill/set_payment_method', undefined, { token: fan1 });
    expect(cardUpdate.body.data).toEqual({ action: 'redirect', url: 'https://support.ccbill.com/' });
  });

  it('a form never paid is declined by the recovery sweep after two hours, releasing the pending membership', async () => {
    const fan4 = await register('hosted-four');
    const start = await subscribe(fan4, 'hosted-four-1');
    const paymentId = start.body.data.payment_id;
    const { store, database, purchases } = t.server.services;
    await resumeUnfinishedPayments(recoveryReads(database.db), store, purchases, { olderThanMs: 0 });
    expect(await status(fan4, paymentId)).toMatchObject({ status: 'requested' });
    const later = () => new Date(Date.now() + 2 * 3_600_000 + 60_000);
    await expect.poll(async () => {
      await resumeUnfinishedPayments(recoveryReads(database.db), store, purchases, { olderThanMs: 30_000, now: later });
      return (await status(fan4, paymentId)).status;
    }).toBe('failed');
    const me = await userIdOf(fan4);
    expect((await events('PaymentFailed', me))[0].data).toMatchObject({ failureCode: 'FORM_ABANDONED' });
    expect(await events('SubscriptionPaymentFailed', me)).toHaveLength(1);
    // Released: the fan may start again (a new request, a new payment).
    const again = await subscribe(fan4, 'hosted-four-2');
    expect(again.status).toBe(200);
    expect(again.body.data.payment_id).not.toBe(paymentId);
    // set_payment_method: only for a membership CCBill bills.
    const notBilled = await t.call('GET', '/api/ccbill/set_payment_method', undefined, { token: fan4 });
    expect(notBilled.status).toBe(409);
  });
});

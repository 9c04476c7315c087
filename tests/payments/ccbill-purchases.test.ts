// Card purchases through CCBill's REST API, from the outside: the admin saves the CCBill account, REST API and
// DataLink settings (the REST switch is on by default); from then on a fan's new card is tokenised at CCBill (the
// simulator, over real HTTP) and tips are charged there, the saved card again on the next tip. A charge whose
// answer never came (the sale was made) is answered "not confirmed yet", and the retry under the same
// Idempotency-Key finds the sale instead of charging again. A staff refund goes through DataLink; CCBill's
// webhooks, twice and newest first, change nothing twice; one for another merchant's account is refused.
// PGlite only: the back end makes no difference here. The test server's ledger check holds CCBill's books (its
// sales listing and DataLink's status of each sale) against the event log when it closes.
// A shop order paid there refuses a part (line) refund before recording it, and is refunded whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

describe('card purchases through CCBill (simulator) over HTTP', () => {
  let sim: CcbillSimulator;
  let t: TestServer;
  let admin: string;
  let fan: string;

  const tip = (token: string, body: Record<string, unknown>, key?: string) =>
    t.call('POST', '/api/v2/purchase/send-tip', body, { token, headers: key ? { 'idempotency-key': key } : {} });
  /** The simulator matches a CVV above 300 (CCBill's sandbox rule) and refuses the others. */
  const card = (number: string, cvv = '456') => ({ ...TEST_CARD_FORM, cardNumber: number, cvv });
  const salesOf = (paymentId: string) => [...sim.sales.values()].filter((s) => Object.values(s.passThrough).includes(paymentId));

  beforeAll(async () => {
    sim = await startCcbillSimulator();
    t = await startTestServer(
      'pglite',
      {
        FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
        FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
        FANCLUB_CCBILL_FLEXFORMS_URL: sim.endpoints.flexForms,
        FANCLUB_CCBILL_WEBHOOK_SOURCES: '127.0.0.1/32,::1/128,::ffff:127.0.0.1/128',
        FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
      },
    );
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    fan = (await t.call('POST', '/api/users/register', { name: 'Ccbill Fan', email: 'ccbill.fan@example.com', password: 'ccbill fan password 1' })).body.data.token;
    const c = sim.config;
    const save = async (provider: string, body: Record<string, unknown>) => {
      const r = await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(JSON.stringify(r.body)).not.toMatch(/sim-secret|dlpass|7d901dad245fd0ff6bc20d06/);
    };
    await save('ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false });
    await save('ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret });
    await save('ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('a tip by a new card is a sale at CCBill, and the next one on the saved card another; a CVV CCBill does not match is refused naming it', async () => {
    const refused = await tip(fan, { amount: 12, ...card('4111111111111111', '123') });
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(refused.body).toMatchObject({ success: 0, field: 'cvv', message: "The card's security code does not match." });
    expect(sim.sales.size).toBe(0);
    const first = await tip(fan, { amount: 12, ...card('4111111111111111') });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: true, amount_cents: 1200 });
    expect(salesOf(first.body.data.tip_id)).toHaveLength(1);
    const second = await tip(fan, { amount: 7 });
    expect(second.body.data, JSON.stringify(second.body)).toMatchObject({ accepted: true, amount_cents: 700 });
    expect(salesOf(second.body.data.tip_id)).toHaveLength(1);
  });

  it('the answer never came but the sale was made: "not confirmed yet", and the retry with the same key finds the sale', async () => {
    sim.fail('charge', 'timeoutAfterCommit');
    const key = 'ccbill-tip-retry-0001';
    const lost = await tip(fan, { amount: 15 }, key);
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    expect(lost.body.code).toBe('PAYMENT_UNCONFIRMED');
    const salesAfterLoss = sim.sales.size;
    const retry = await tip(fan, { amount: 15 }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data).toMatchObject({ accepted: true, amount_cents: 1500 });
    expect(sim.sales.size).toBe(salesAfterLoss);
    expect(salesOf(retry.body.data.tip_id)).toHaveLength(1);
  });

  it('a staff refund goes through DataLink; the webhooks, twice and newest first, change nothing twice; one for another account is refused', async () => {
    sim.setWebhook({ url: `${t.base}/api/webhooks/ccbill`, format: 'json' });
    const paid = await tip(fan, { amount: 8 });
    const tipId = paid.body.data.tip_id as string;
    const datalinkBefore = sim.counts.datalink;
    const refund = await t.call('POST', `/admin-api/transactions/${tipId}/refund`, { kind: 'refund', reason: 'Sent twice' }, { token: admin });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(sim.counts.datalink).toBeGreaterThan(datalinkBefore);
    expect(salesOf(tipId)[0].refunds).toBe(1);
    const results = await sim.deliver({ order: 'newest', times: 2 });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await t.call('POST', `/admin-api/transactions/${tipId}/refund`, { kind: 'refund' }, { token: admin })).status).toBe(409);
    expect(salesOf(tipId)[0].refunds).toBe(1);
    // Another merchant's account (the source-address refusal is covered by the verifier's own tests).
    const forged = await fetch(`${t.base}/api/webhooks/ccbill?clientAccnum=900999&clientSubacc=${sim.config.clientSubacc}&eventType=Refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscriptionId: salesOf(tipId)[0].subscriptionId, transactionId: 'x', amount: '8.00' }),
    });
    expect(forged.status).toBe(400);
    expect(salesOf(tipId)[0].refunds).toBe(1);
  });

  it("a shop order paid at CCBill: a refund of one line is refused before anything is recorded (CCBill cannot refund part here); the whole order is refunded", async () => {
    expect((await t.call('POST', '/api/settings/shop', { enabled: true }, { token: admin })).status).toBe(200);
    const made = await t.call('POST', '/admin-api/shop/products', { title: 'Poster', price_cents: 1000, variants: [{ name: 'A2', stock: 5 }], shipping: [{ country: '*', cents: 0 }] }, { token: admin });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await t.call('POST', `/admin-api/shop/products/${made.body.id}/publish`, {}, { token: admin });
    const address = (await t.call('POST', '/api/shop/addresses', { name: 'Ccbill Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' }, { token: fan })).body.data.address_id;
    const items = [{ product_id: made.body.id, variant_id: made.body.variants[0].variant_id, quantity: 2 }];
    const paid = await t.call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: address, items, ...card('4111111111111111') }, { token: fan, headers: { 'idempotency-key': 'ccbill-shop-1' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = paid.body.data.order_id as string;
    expect(salesOf(orderId)).toHaveLength(1);

    const part = await t.call('POST', `/admin-api/shop/orders/${orderId}/refund`, { lines: [{ line_no: 1, quantity: 1 }] }, { token: admin, headers: { 'idempotency-key': 'ccbill-shop-part' } });
    expect(part.status, JSON.stringify(part.body)).toBe(409);
    expect(part.body).toMatchObject({ code: 'PART_REFUND_UNAVAILABLE', message: expect.stringContaining('refund the whole order') });
    const after = (await t.call('GET', `/admin-api/shop/orders/${orderId}`, undefined, { token: admin })).body;
    expect(after).toMatchObject({ status: 'paid', refunded_cents: 0 });
    expect(after.lines[0].refunded_quantity).toBe(0);
    expect(salesOf(orderId)[0].refunds).toBe(0);

    const whole = await t.call('POST', `/admin-api/shop/orders/${orderId}/refund`, { reason: 'Whole order' }, { token: admin, headers: { 'idempotency-key': 'ccbill-shop-whole' } });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(salesOf(orderId)[0].refunds).toBe(1);
    await expect.poll(async () => (await t.call('GET', `/admin-api/shop/orders/${orderId}`, undefined, { token: admin })).body.status).toBe('refunded');
  });
});

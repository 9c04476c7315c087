// Card purchases through Sticky.io, from the outside: the admin saves the Sticky.io settings and switches the
// subscription-billing provider on; from then on a fan's new card is saved at Sticky.io (the simulator, over real
// HTTP) and tips are charged there — the first as a new order, the next on the card on file — while the sandbox's
// cards stay the sandbox's. A charge whose answer never came (the order was made) is answered "not confirmed yet"
// and a retry under the same Idempotency-Key finds the order instead of charging again; a declined card is refused
// naming the field; a staff refund goes to Sticky.io; its postbacks, twice and reversed, change nothing twice; a
// forged postback is refused. PGlite only: the back end makes no difference here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { loggedRequest } from '../../api/app';
import { startStickySimulator, type StickySimulator } from '../simulators/sticky-io/simulator';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';

const PASSWORD = 'sticky-api-password-1';
const POSTBACK_SECRET = 'postback-secret-0123456789abcdef';

describe('card purchases through Sticky.io (simulator) over HTTP', () => {
  let sim: StickySimulator;
  let t: TestServer;
  let admin: string;
  let fan: string;
  let sandboxFan: string;

  const tip = (token: string, body: Record<string, unknown>, key?: string) =>
    t.call('POST', '/api/v2/purchase/send-tip', body, { token, headers: key ? { 'idempotency-key': key } : {} });
  const card = (number: string) => ({ ...TEST_CARD_FORM, cardNumber: number });
  const register = async (name: string) => (await t.call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`, password: `${name} password 1` })).body.data.token as string;
  const approvedForPayment = (paymentId: string) => sim.approvedOrders().filter((o) => JSON.stringify(o).includes(paymentId));

  beforeAll(async () => {
    sim = await startStickySimulator({ password: PASSWORD, postbackDelivery: 'manual' });
    t = await startTestServer('pglite', { FANCLUB_STICKY_IO_API_URL: sim.url, FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '1500' });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    fan = await register('Sticky Fan');
    sandboxFan = await register('Sandbox Fan');
    // Before Sticky.io is on: this fan's card is the sandbox's.
    const early = await tip(sandboxFan, { amount: 6, ...card(SANDBOX_TEST_CARDS.approve) });
    expect(early.body.data, JSON.stringify(early.body)).toMatchObject({ accepted: true });
    // Switched on before its settings are saved: a new card is refused, naming what is missing (the sandbox does
    // not stand in and take it as if it were paid).
    const on = await t.call('PUT', '/admin-api/subscription-settings/site', { is_sticky_io_enabled: true }, { token: admin });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const unsaved = await tip(fan, { amount: 6, ...card('4111111111111111') });
    expect(unsaved.status, JSON.stringify(unsaved.body)).toBe(409);
    expect(unsaved.body).toMatchObject({ success: 0, code: 'PROVIDER_NOT_CONFIGURED', message: "Sticky.io's settings are not saved (console → Settings → Sticky.io)." });
    expect(sim.approvedOrders()).toHaveLength(0);
    const s = sim.account;
    const saved = await t.call('POST', '/api/settings/payment-providers/sticky-io', {
      appKey: 'fanclub-test', apiUsername: sim.credentials.username, apiPassword: PASSWORD, campaignId: s.campaignId, shippingId: s.shippingId,
      offerId: s.offerId, productId: s.productId, billingModelId: s.billingModelId, postbackSecret: POSTBACK_SECRET,
    }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('a tip by a new card is a new order at Sticky.io, the next one an order on the card on file; the sandbox fan stays on the sandbox', async () => {
    const first = await tip(fan, { amount: 12, ...card('4111111111111111') });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: true, amount_cents: 1200 });
    expect(approvedForPayment(first.body.data.tip_id)).toHaveLength(1);
    const second = await tip(fan, { amount: 7 });
    expect(second.body.data, JSON.stringify(second.body)).toMatchObject({ accepted: true, amount_cents: 700 });
    expect(sim.callCount('new_order')).toBe(1);
    expect(sim.callCount('new_order_card_on_file')).toBe(1);
    const charges = sim.callCount();
    const sandbox = await tip(sandboxFan, { amount: 5 });
    expect(sandbox.body.data, JSON.stringify(sandbox.body)).toMatchObject({ accepted: true });
    expect(sim.callCount()).toBe(charges);
  });

  it('a declined card is refused naming the card number, and nothing is charged', async () => {
    const other = await register('Declined Fan');
    const before = sim.approvedOrders().length;
    // Sticky's own test cards fail our card-number check before anything is sent: a real number, declined by the gateway.
    sim.plan('authorize_payment', { kind: 'decline', reason: 'Do Not Honor' });
    const r = await tip(other, { amount: 9, ...card('4012888888881881') });
    expect([402, 200]).toContain(r.status);
    if (r.status === 402) expect(r.body).toMatchObject({ success: 0, field: 'cardNumber' });
    else expect(r.body.data).toMatchObject({ accepted: false });
    expect(sim.approvedOrders().length).toBe(before);
  });

  it('the answer never came but the order was made: "not confirmed yet", and the retry with the same key finds the order instead of charging again', async () => {
    sim.plan('new_order_card_on_file', { kind: 'timeout-after-commit' });
    const key = 'sticky-tip-retry-0001';
    const lost = await tip(fan, { amount: 15 }, key);
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    expect(lost.body.code).toBe('PAYMENT_UNCONFIRMED');
    const ordersAfterLoss = sim.approvedOrders().length;
    const retry = await tip(fan, { amount: 15 }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data).toMatchObject({ accepted: true, amount_cents: 1500 });
    expect(sim.approvedOrders().length).toBe(ordersAfterLoss);
    expect(approvedForPayment(retry.body.data.tip_id)).toHaveLength(1);
  });

  it('a staff refund goes to Sticky.io; its postbacks, twice and reversed, change nothing twice; a forged one is refused', async () => {
    sim.addPostbackProfile({ url: `${t.base}/api/webhooks/sticky-io?token=${POSTBACK_SECRET}&order_id={order_id}&event={event}`, method: 'GET', events: ['approve', 'refund', 'void'] });
    const paid = await tip(fan, { amount: 8 });
    const tipId = paid.body.data.tip_id as string;
    const refund = await t.call('POST', `/admin-api/transactions/${tipId}/refund`, { kind: 'refund', reason: 'Sent twice' }, { token: admin });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const [order] = sim.orders().filter((o) => JSON.stringify(o).includes(tipId));
    expect(['refunded', 'void']).toContain(order.status);
    const head = await t.server.services.store.headPosition();
    const posts = sim.postbacks().filter((p) => p.orderId === order.id).map((p) => p.id).reverse();
    const statuses = await sim.deliverPostbacks({ ids: posts, times: 2 });
    expect(statuses.every((s) => s.status === 200)).toBe(true);
    const again = await t.call('POST', `/admin-api/transactions/${tipId}/refund`, { kind: 'refund' }, { token: admin });
    expect(again.status).toBe(409);
    const forged = await fetch(`${t.base}/api/webhooks/sticky-io?token=wrong-secret-0123456789&order_id=${order.id}&event=refund`);
    expect(forged.status).toBe(400);
    expect(head).not.toBeNull();
    // The postback URL carries the shared secret: a request's log line leaves the webhook's query out.
    expect(loggedRequest({ method: 'GET', url: `/api/webhooks/sticky-io?token=${POSTBACK_SECRET}&order_id=1` }).url).toBe('/api/webhooks/sticky-io');
    expect(loggedRequest({ method: 'GET', url: '/api/blogs?page=2' }).url).toBe('/api/blogs?page=2');
  });
});

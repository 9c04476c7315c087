// The console's provider pages over real HTTP, against the Sticky.io and CCBill simulators (PGlite, one server: the
// back end makes no difference here). Before the settings are saved each route answers 409 "not configured". Then
// fans tip through Sticky.io, and the lookup finds each order by its order id, our payment id and the fan's email,
// beside our payment and its events; an order refunded at Sticky.io behind our back is marked as a disagreement
// until our refund records it; an order Sticky.io made on its own names no payment of ours; an unknown order finds
// nothing; an email of an equal rank finds nothing. The transactions list shows only Sticky.io's payments with their
// order ids, filters, and exports CSV; the products page marks the ids the settings use; the test FlexForm is signed
// as CCBill's own vectors say and opens at the simulator. Roles are refused as the route table says; a disabled API user is a 502 in words, a silent provider a
// 504; no answer carries a secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { startStickySimulator, type StickySimulator } from '../simulators/sticky-io/simulator';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';

const STICKY_PASSWORD = 'sticky-console-pass-31';
const POSTBACK_SECRET = 'console-postback-secret-0123456789';
const SALT = '7d901dad245fd0ff6bc20d06';
const SECRETS = [STICKY_PASSWORD, POSTBACK_SECRET, SALT];

describe('console pages of the payment providers (simulators, pglite)', () => {
  let sim: StickySimulator;
  let ccbill: CcbillSimulator;
  let t: TestServer;
  let admin: string;
  const tokens: Record<string, string> = {};
  const paid: string[] = [];

  const as = (token: string) => ({ token });
  const get = (path: string, token = admin) => t.call('GET', path, undefined, as(token));
  const lookup = (q: string) => get(`/admin-api/sticky-io/lookup?${q}`);
  const tip = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/v2/purchase/send-tip', body, as(token));
  const expectNoSecret = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const s of SECRETS) expect(text).not.toContain(s);
  };
  /** Sticky.io's own API, as another of its users would change an order behind our back. */
  const stickyCall = async (method: string, body: Record<string, unknown>) => {
    const res = await fetch(`${sim.url}/api/v1/${method}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sim.credentials.username}:${STICKY_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, string>;
  };
  const staff = async (role: string, email: string) => {
    const created = await t.call('POST', '/admin-api/users', { name: `Console ${role}`, email, role, password: `${role} password 1` }, as(admin));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return (await t.call('POST', '/api/users/login', { email, password: `${role} password 1` })).body.data.token as string;
  };

  beforeAll(async () => {
    sim = await startStickySimulator({ password: STICKY_PASSWORD, postbackDelivery: 'manual' });
    ccbill = await startCcbillSimulator({ salt: SALT });
    t = await startTestServer('pglite', { FANCLUB_STICKY_IO_API_URL: sim.url, FANCLUB_CCBILL_FLEXFORMS_URL: ccbill.endpoints.flexForms, FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '1500' });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    tokens.support = await staff('support', 'support@console.example.com');
    tokens.model = await staff('model', 'model@console.example.com');
    tokens.otherAdmin = await staff('admin', 'second.admin@console.example.com');
    tokens.fan = (await t.call('POST', '/api/users/register', { name: 'Console Fan', email: 'console.fan@example.com', password: 'fan password 1' })).body.data.token;
    tokens.sandboxFan = (await t.call('POST', '/api/users/register', { name: 'Sandbox Fan', email: 'sandbox.fan@example.com', password: 'fan password 1' })).body.data.token;
    // A sandbox payment before Sticky.io is on: never in its pages.
    const early = await tip(tokens.sandboxFan, { amount: 6, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve });
    expect(early.body.data, JSON.stringify(early.body)).toMatchObject({ accepted: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
    await ccbill?.close();
  });

  it('before the settings are saved: 409 "not configured" for the lookup, the products and the test FlexForm; the list is empty', async () => {
    for (const path of ['/admin-api/sticky-io/lookup?order_id=1', '/admin-api/sticky-io/products']) {
      const r = await get(path);
      expect(r.status, path).toBe(409);
      expect(r.body).toMatchObject({ code: 'NOT_CONFIGURED', message: 'Sticky.io is not configured: save its settings first.' });
    }
    const form = await t.call('POST', '/admin-api/ccbill/test-flex-form', { price: '10.00' }, as(admin));
    expect(form.status).toBe(409);
    expect(form.body.message).toBe('CCBill is not configured: save its settings first.');
    const list = await get('/admin-api/sticky-io/transactions');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });

  it('finds an order by its Sticky.io order id, our payment id and the fan\'s email, beside our payment and its events', async () => {
    const s = sim.account;
    const saved = await t.call('POST', '/api/settings/payment-providers/sticky-io', {
      appKey: 'fanclub-console', apiUsername: sim.credentials.username, apiPassword: STICKY_PASSWORD, campaignId: s.campaignId, shippingId: s.shippingId,
      offerId: s.offerId, productId: s.productId, billingModelId: s.billingModelId, postbackSecret: POSTBACK_SECRET,
    }, as(admin));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.call('PUT', '/admin-api/subscription-settings/site', { is_sticky_io_enabled: true }, as(admin))).status).toBe(200);
    const first = await tip(tokens.fan, { amount: 12, ...TEST_CARD_FORM, cardNumber: '4111111111111111', firstName: 'Casey', lastName: 'Console' });
    expect(first.body.data, JSON.stringify(first.body)).toMatchObject({ accepted: true });
    const second = await tip(tokens.fan, { amount: 7 });
    expect(second.body.data, JSON.stringify(second.body)).toMatchObject({ accepted: true });
    paid.push(first.body.data.tip_id, second.body.data.tip_id);
    const order = sim.orders().find((o) => o.notes.includes(paid[0]))!;

    const byPayment = await lookup(`payment_id=${paid[0]}`);
    expect(byPayment.status, JSON.stringify(byPayment.body)).toBe(200);
    expect(byPayment.body.data.searched_by).toBe('payment_id');
    expect(byPayment.body.data.matches).toHaveLength(1);
    const [match] = byPayment.body.data.matches;
    expect(match.order).toMatchObject({ order_id: order.id, state: 'approved', amount_cents: 1200, card_last4: '1111', card_brand: 'visa', payment_id: paid[0], recurring: true, test: true });
    expect(match.payment).toMatchObject({ payment_id: paid[0], user_email: 'console.fan@example.com', amount_cents: 1200, status: 'captured', provider_reference: order.id, reversal: null });
    expect(match.payment.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['PaymentRequested', 'PaymentCaptured']));
    expect(match.disagreements).toEqual([]);

    const byOrder = await lookup(`order_id=${order.id}`);
    expect(byOrder.body.data.matches).toHaveLength(1);
    expect(byOrder.body.data.matches[0]).toMatchObject({ payment: { payment_id: paid[0] }, order: { order_id: order.id }, disagreements: [] });

    const byEmail = await lookup('email=CONSOLE.FAN@example.com');
    expect(byEmail.body.data.matches.map((m: { payment: { payment_id: string } }) => m.payment.payment_id).sort()).toEqual([...paid].sort());
    expect(byEmail.body.data.matches.every((m: { order: unknown; disagreements: string[] }) => m.order && m.disagreements.length === 0)).toBe(true);
    expectNoSecret([byPayment.body, byOrder.body, byEmail.body]);
  });

  it('marks an order refunded at Sticky.io behind our back as a disagreement, until our refund records it', async () => {
    const order = sim.orders().find((o) => o.notes.includes(paid[1]))!;
    expect((await stickyCall('order_refund', { order_id: order.id, amount: '7.00', keep_recurring: '1' })).response_code).toBe('100');
    const r = await lookup(`order_id=${order.id}`);
    expect(r.body.data.matches[0].order.state).toBe('refunded');
    expect(r.body.data.matches[0].disagreements).toEqual(['Sticky.io has the order refunded; our log has the payment approved.']);
    // The staff refund finds the order already refunded and records the reversal: the two agree again.
    const refund = await t.call('POST', `/admin-api/transactions/${paid[1]}/refund`, { kind: 'refund', reason: 'Refunded at Sticky.io' }, as(admin));
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const after = await lookup(`payment_id=${paid[1]}`);
    expect(after.body.data.matches[0].payment.reversal).toMatchObject({ kind: 'refund', amount_cents: 700 });
    expect(after.body.data.matches[0].disagreements).toEqual([]);
  });

  it('marks an order Sticky.io made on its own (a rebill of its billing model) as naming no payment of ours', async () => {
    const parent = sim.orders().find((o) => o.notes.includes(paid[0]))!;
    const child = sim.rebill(parent.id);
    const r = await lookup(`order_id=${child.id}`);
    expect(r.body.data.matches).toEqual([expect.objectContaining({ payment: null, order: expect.objectContaining({ order_id: child.id, parent_order_id: parent.id, payment_id: null }) })]);
    expect(r.body.data.matches[0].disagreements).toEqual(["The order's notes name no payment of ours."]);
    expect((await lookup(`order_id=${parent.id}`)).body.data.matches[0].order.rebill_order_ids).toEqual([child.id]);
    // Voided at Sticky.io, so its books hold no money our log does not (the ledger check at the end).
    expect((await stickyCall('order_void', { order_id: child.id })).response_code).toBe('100');
  });

  it('finds nothing for an unknown order, a sandbox payment or an account of an equal rank; a search names one key', async () => {
    expect((await lookup('order_id=99999999')).body.data.matches).toEqual([]);
    expect((await lookup('email=sandbox.fan@example.com')).body.data.matches).toEqual([]);
    // A fan who paid through Sticky.io and was then made an admin: an admin sees only lower ranks.
    const promoted = await t.call('POST', '/api/users/register', { name: 'Later Admin', email: 'later.admin@console.example.com', password: 'fan password 1' });
    const own = await tip(promoted.body.data.token, { amount: 5, ...TEST_CARD_FORM, cardNumber: '4111111111111111' });
    expect(own.body.data, JSON.stringify(own.body)).toMatchObject({ accepted: true });
    expect((await lookup('email=later.admin@console.example.com')).body.data.matches).toHaveLength(1);
    const role = await t.call('PUT', `/admin-api/users/${promoted.body.data.userId}`, { role: 'admin' }, as(admin));
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect((await lookup('email=later.admin@console.example.com')).body.data.matches).toEqual([]);
    for (const [q, field] of [['', 'order_id'], ['order_id=1&email=a@b.co', 'email'], ['order_id=12ab', 'order_id'], ['payment_id=a%20b', 'payment_id']]) {
      const r = await lookup(q);
      expect(r.status, q).toBe(400);
      expect(r.body.field, q).toBe(field);
    }
  });

  it('lists only the payments that went through Sticky.io, with their order ids and refunds, filters them, and exports CSV', async () => {
    const list = await get('/admin-api/sticky-io/transactions');
    expect(list.status).toBe(200);
    const rows = list.body as { id: string; payment_id: string; type: string; order_id: string | null; amount_cents: number; user_email: string }[];
    expect(rows.some((r) => r.user_email === 'sandbox.fan@example.com')).toBe(false);
    const ours = rows.filter((r) => paid.includes(r.payment_id));
    expect(ours.map((r) => [r.type, r.amount_cents]).sort()).toEqual([['refund', -700], ['tip', 1200], ['tip', 700]].sort());
    expect(ours.every((r) => r.order_id && sim.order(r.order_id))).toBe(true);
    expect(list.headers.get('content-range')).toMatch(/^sticky-io\/transactions 0-\d+\/4$/);
    const filtered = await get(`/admin-api/sticky-io/transactions?filter=${encodeURIComponent(JSON.stringify({ q: 'console.fan', created_at_gte: '2000-01-01' }))}`);
    expect((filtered.body as unknown[]).length).toBe(3);
    const none = await get(`/admin-api/sticky-io/transactions?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`);
    expect(none.body).toEqual([]);
    const bad = await get(`/admin-api/sticky-io/transactions?filter=${encodeURIComponent(JSON.stringify({ created_at_gte: 'yesterday' }))}`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('filter.created_at_gte');
    const csv = await get('/admin-api/sticky-io/transactions/export', tokens.support);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\n')[0]).toBe('id,date,payment_id,sticky_io_order_id,user_email,type,amount,status,failure_code,card');
    expect(String(csv.body)).toContain(ours[0].order_id!);
  });

  it('shows the campaign\'s products, offers and billing models with the ones the settings use marked', async () => {
    const r = await get('/admin-api/sticky-io/products');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = r.body.data;
    expect(c.campaign).toEqual({ id: '1', name: 'Fanclub memberships', active: true });
    expect(c.products.filter((p: { in_use: boolean }) => p.in_use).map((p: { id: string }) => p.id)).toEqual(['4']);
    expect(c.products[0]).toMatchObject({ name: 'Membership', price_cents: 999 });
    expect(c.offers.map((o: { id: string; in_use: boolean }) => [o.id, o.in_use])).toEqual([['3', true], ['8', false]]);
    expect(c.offers[0].billing_models.map((b: { id: string; in_use: boolean }) => [b.id, b.in_use])).toEqual([['5', true], ['7', false]]);
    expect(c.shipping).toEqual([{ id: '2', name: 'Digital delivery', price_cents: 0, in_use: true }]);
    expect(c.checks.every((x: { ok: boolean }) => x.ok)).toBe(true);
    expectNoSecret(r.body);
  });

  it('a disabled API user is a 502 in words, a provider that does not answer a 504; neither carries a secret', async () => {
    sim.disableUser(true);
    const refused = await get('/admin-api/sticky-io/products');
    sim.disableUser(false);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'PROVIDER_REFUSED', message: 'Sticky.io answered 667 (the API user is disabled): User is disabled.' });
    sim.plan('order_view', { kind: 'timeout-after-commit' });
    const silent = await lookup(`payment_id=${paid[0]}`);
    expect(silent.status).toBe(504);
    expect(silent.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: 'Sticky.io did not answer (timed out). Please try again.' });
    expectNoSecret([refused.body, silent.body]);
  });

  it('signs the test FlexForm as CCBill\'s own vectors say, shows what was signed but never the salt, and the simulator opens it', async () => {
    const account = { clientAccnum: ccbill.config.clientAccnum, clientSubacc: ccbill.config.clientSubacc, flexId: ccbill.config.flexId, liveMode: false };
    expect((await t.call('POST', '/api/settings/payment-providers/ccbill', { ...account, salt: SALT }, as(admin))).status).toBe(200);
    const single = await t.call('POST', '/admin-api/ccbill/test-flex-form', { price: '10.00', initial_period_days: 30 }, as(admin));
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body.data).toMatchObject({
      form_digest: 'a7459445d0e5dc0963fe736dc5cf900b', formula: 'md5(initialPrice + initialPeriod + currencyCode + salt)',
      digest_inputs: [{ name: 'initialPrice', value: '10.00' }, { name: 'initialPeriod', value: '30' }, { name: 'currencyCode', value: '840' }],
      client_accnum: account.clientAccnum, flex_id: account.flexId, live_mode: false,
    });
    const recurring = await t.call('POST', '/admin-api/ccbill/test-flex-form', { price: 10, recurring_price: '10.00', recurring_period_days: 30, rebills: 99, email: 'tester@example.com' }, as(admin));
    expect(recurring.body.data.form_digest).toBe('48f0b12e4307e64edb781c479665c899');
    expect(recurring.body.data.url).toContain('email=tester%40example.com');
    expectNoSecret([single.body, recurring.body]);
    for (const form of [single.body.data, recurring.body.data]) {
      const page = await fetch(form.url);
      expect(page.status, form.url).toBe(200);
      expect(await page.text()).toContain('form');
    }
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'price'], [{ price: 'ten' }, 'price'], [{ price: '0' }, 'price'], [{ price: '5', initial_period_days: 1 }, 'initial_period_days'],
      [{ price: '5', rebills: 3 }, 'recurring_price'], [{ price: '5', recurring_price: '5', rebills: 100 }, 'rebills'], [{ price: '5', email: 'not-an-email' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const r = await t.call('POST', '/admin-api/ccbill/test-flex-form', body, as(admin));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('refuses roles as the route table says: the lookup, products and FlexForm for admins only; the list for the money roles', async () => {
    const adminOnly: [string, string, unknown?][] = [['GET', `/admin-api/sticky-io/lookup?payment_id=${paid[0]}`], ['GET', '/admin-api/sticky-io/products'], ['POST', '/admin-api/ccbill/test-flex-form', { price: '5' }]];
    for (const [method, path, body] of adminOnly) {
      expect((await t.call(method, path, body)).status, `${path} guest`).toBe(401);
      for (const role of ['fan', 'support', 'model']) expect((await t.call(method, path, body, as(tokens[role]))).status, `${path} ${role}`).toBe(403);
      expect((await t.call(method, path, body, as(tokens.otherAdmin))).status, `${path} admin`).toBe(200);
    }
    for (const role of ['support', 'model']) expect((await get('/admin-api/sticky-io/transactions', tokens[role])).status, role).toBe(200);
    expect((await get('/admin-api/sticky-io/transactions', tokens.fan)).status).toBe(403);
    expect((await get('/admin-api/sticky-io/transactions/export', tokens.fan)).status).toBe(403);
  });
});

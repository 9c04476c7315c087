// The Sticky.io adapter against the simulator over real HTTP, its own tables in PGlite.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { ChargeOutcomeUnknown, type CardProvider, type ProviderRequest } from '../../infra/payments/port';
import { CardRefused, createStickyIoNoticeVerifier, createStickyIoProvider, type StickyIoSettings } from '../../infra/payments/sticky-io';
import { startStickySimulator, STICKY_TEST_CARDS, type StickySimulator } from '../simulators/sticky-io/simulator';

const POSTBACK_SECRET = 'pb_' + 'k3'.repeat(20);
let sim: StickySimulator;
let database: Database;
let provider: CardProvider;
let settings: StickyIoSettings | null;
let receiver: http.Server;
let receiverUrl: string;
const received: ProviderRequest[] = [];

const baseSettings = (s: StickySimulator): StickyIoSettings => ({
  appKey: 'fanclub-test',
  apiUsername: s.credentials.username,
  apiPassword: s.credentials.password,
  campaignId: s.account.campaignId,
  shippingId: s.account.shippingId,
  offerId: s.account.offerId,
  productId: s.account.productId,
  billingModelId: s.account.billingModelId,
  postbackSecret: POSTBACK_SECRET,
});
const key = () => `pay_${randomUUID().replace(/-/g, '')}`;
const card = (number: string = STICKY_TEST_CARDS.approve) => ({ number, cvv: '123', expMonth: '06', expYear: '2030', holderName: 'Ada Lovelace' });
const verifier = () => createStickyIoNoticeVerifier({ settings: async () => settings, endpoints: { api: sim.url }, timeoutMs: 2_000 });

beforeAll(async () => {
  sim = await startStickySimulator({ postbackDelivery: 'manual' });
  settings = baseSettings(sim);
  database = await openPglite(undefined);
  provider = await createStickyIoProvider({ database, settings: async () => settings, endpoints: { api: sim.url }, timeoutMs: 400 });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      received.push({
        method: req.method ?? 'GET',
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
        rawBody: Buffer.concat(chunks).toString('utf8'),
        sourceIp: req.socket.remoteAddress ?? '',
      });
      res.end('OK');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/sticky-io`;
  // PGlite's first start (wasm, initdb) is slow on a busy machine.
}, 120_000);

afterEach(() => {
  settings = baseSettings(sim);
  // Past the gateway's duplicate window, so tests do not see each other's charges as duplicates.
  sim.advance(120_000);
});

afterAll(async () => {
  await sim.close();
  await new Promise<void>((r) => receiver.close(() => r()));
  await database.close();
});

describe('Sticky.io card provider', () => {
  it('tests the connection with validate_credentials, without showing the password when refused', async () => {
    expect(await provider.testConnection()).toEqual({ ok: true, message: 'Sticky.io accepted the API credentials.' });
    settings = { ...baseSettings(sim), apiPassword: 'wrong-password-xyz' };
    const refused = await provider.testConnection();
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('200');
    expect(refused.message).not.toContain('wrong-password-xyz');
    settings = null;
    expect(await provider.testConnection()).toEqual({ ok: false, message: 'Sticky.io is not configured: save its settings first.' });
  });

  it('tokenises with authorize_payment (saved customer, voided at once) and keeps only brand and last 4', async () => {
    const calls = sim.callCount('authorize_payment');
    const t = await provider.tokenise(card());
    expect(t).toMatchObject({ brand: 'visa', last4: '4440', expMonth: '06', expYear: '2030' });
    expect(t.cardToken).toMatch(/^[0-9a-f]{32}$/);
    expect(sim.callCount('authorize_payment')).toBe(calls + 1);
    const refused = await provider.tokenise(card(STICKY_TEST_CARDS.decline)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CardRefused);
    expect((refused as CardRefused).outcome).toEqual({ status: 'declined', failureCode: '800', message: 'Do Not Honor', allowCascade: false });
    await expect(provider.tokenise({ ...card(), expMonth: '13' })).rejects.toThrow('expMonth must be a month from 01 to 12.');
  });

  it('charges a card first with new_order, then on file with its first order, once per payment id', async () => {
    const { cardToken } = await provider.tokenise(card());
    const first = key();
    const a = await provider.charge({ idempotencyKey: first, cardToken, amountCents: 999, currency: 'USD', description: 'Membership' });
    expect(a.status).toBe('captured');
    const firstOrder = a.status === 'captured' ? a.gatewayTransactionId : '';
    expect(sim.order(firstOrder)).toMatchObject({ method: 'new_order', totalCents: 999, notes: `fanclub:${first}`, status: 'approved' });

    const charges = sim.callCount();
    expect(await provider.charge({ idempotencyKey: first, cardToken, amountCents: 999, currency: 'USD', description: 'Membership' })).toEqual(a);
    expect(sim.callCount()).toBe(charges);

    const second = key();
    const b = await provider.charge({ idempotencyKey: second, cardToken, amountCents: 500, currency: 'USD', description: 'Tip' });
    expect(b.status).toBe('captured');
    const secondOrder = sim.order(b.status === 'captured' ? b.gatewayTransactionId : '')!;
    expect(secondOrder).toMatchObject({ method: 'new_order_card_on_file', totalCents: 500, notes: `fanclub:${second}`, customerId: sim.order(firstOrder)!.customerId });
    expect(secondOrder.id).not.toBe(firstOrder);
    expect(await provider.lookup(second)).toEqual(b);
    expect(await provider.lookup(key())).toBeNull();
  });

  it('maps a gateway decline onto its reason without the REFID suffix', async () => {
    const { cardToken } = await provider.tokenise(card());
    sim.plan('new_order', { kind: 'decline', reason: 'Insufficient funds' });
    const outcome = await provider.charge({ idempotencyKey: key(), cardToken, amountCents: 1500, currency: 'USD', description: 'Unlock' });
    expect(outcome).toEqual({ status: 'declined', failureCode: '-24', message: 'Your card was declined for insufficient funds. Please update your card details.', allowCascade: false });
    expect(sim.orders().at(-1)!.declineReason).toMatch(/^Insufficient funds REFID:\d+$/);
  });

  it('answers an expired card (356) with the card-update code -23, as the sandbox does', async () => {
    const own = await startStickySimulator();
    try {
      const p = await createStickyIoProvider({ database, settings: async () => baseSettings(own), endpoints: { api: own.url }, timeoutMs: 1_000 });
      const now = new Date();
      const { cardToken } = await p.tokenise({ ...card(), expMonth: String(now.getUTCMonth() + 1).padStart(2, '0'), expYear: String(now.getUTCFullYear()) });
      expect((await p.charge({ idempotencyKey: key(), cardToken, amountCents: 700, currency: 'USD', description: 'Membership' })).status).toBe('captured');
      own.advance(40 * 86_400_000);
      expect(await p.charge({ idempotencyKey: key(), cardToken, amountCents: 700, currency: 'USD', description: 'Renewal' })).toEqual({
        status: 'declined',
        failureCode: '-23',
        message: 'Your card has expired. Please update your card details.',
        allowCascade: false,
      });
    } finally {
      await own.close();
    }
  });

  it('after a timeout once the order was made, asks the books and charges once', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    const ordersBefore = sim.approvedOrders().length;
    sim.plan('new_order', { kind: 'timeout-after-commit' });
    const first = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 1234, currency: 'USD', description: 'Tip' }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ChargeOutcomeUnknown);
    expect(sim.approvedOrders().length).toBe(ordersBefore + 1);

    // Recovery asks again later, past the gateway's duplicate window: only the books can stop a second charge.
    sim.advance(120_000);
    const finds = sim.callCount('order_find');
    const newOrders = sim.callCount('new_order');
    const again = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 1234, currency: 'USD', description: 'Tip' });
    expect(again).toEqual({ status: 'captured', gatewayTransactionId: sim.approvedOrders().at(-1)!.id });
    expect(sim.callCount('order_find')).toBe(finds + 1);
    expect(sim.callCount('new_order')).toBe(newOrders);
    expect(sim.approvedOrders().filter((o) => o.notes === `fanclub:${k}`)).toHaveLength(1);
    expect(await provider.lookup(k)).toEqual(again);
  });

  it('picks its own order by the notes when the search returns others too', async () => {
    const own = await startStickySimulator({ orderFindIgnoresCriteria: true });
    try {
      const p = await createStickyIoProvider({ database, settings: async () => baseSettings(own), endpoints: { api: own.url }, timeoutMs: 400 });
      const { cardToken } = await p.tokenise(card());
      const other = await p.charge({ idempotencyKey: key(), cardToken, amountCents: 1100, currency: 'USD', description: 'Tip' });
      const k = key();
      own.plan('new_order_card_on_file', { kind: 'timeout-after-commit' });
      await expect(p.charge({ idempotencyKey: k, cardToken, amountCents: 1200, currency: 'USD', description: 'Tip' })).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
      own.advance(120_000);
      const outcome = await p.charge({ idempotencyKey: k, cardToken, amountCents: 1200, currency: 'USD', description: 'Tip' });
      const mine = own.orders().find((o) => o.notes === `fanclub:${k}`)!;
      expect(outcome).toEqual({ status: 'captured', gatewayTransactionId: mine.id });
      expect(outcome).not.toEqual(other);
      expect(own.orders()).toHaveLength(2);
    } finally {
      await own.close();
    }
  });

  it('after a reset before anything was made, finds no order and then charges (once)', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    for (const fault of [{ kind: 'reset' as const }, { kind: 'http500' as const }]) {
      // Neither fault carries the call out.
      sim.plan('new_order', fault);
      await expect(provider.charge({ idempotencyKey: k, cardToken, amountCents: 2222, currency: 'USD', description: 'Tip' })).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    }
    expect(sim.orders().filter((o) => o.notes === `fanclub:${k}`)).toHaveLength(0);
    const outcome = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 2222, currency: 'USD', description: 'Tip' });
    expect(outcome.status).toBe('captured');
    expect(sim.orders().filter((o) => o.notes === `fanclub:${k}`)).toHaveLength(1);
  });

  it('two asks at once under one payment make at most one order; the later ask gets the first outcome', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    const ask = () => provider.charge({ idempotencyKey: k, cardToken, amountCents: 2900, currency: 'USD', description: 'Tip' });
    const both = await Promise.allSettled([ask(), ask()]);
    const captured = both.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<unknown>).value);
    expect(captured.length).toBeGreaterThanOrEqual(1);
    for (const r of both) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ChargeOutcomeUnknown);
    expect(sim.orders().filter((o) => o.notes === `fanclub:${k}`)).toHaveLength(1);
    expect(await ask()).toEqual(captured[0]);
  });

  it('a refund asked while the charge\'s outcome is unknown reads the books first and gives the money back', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    sim.plan('new_order', { kind: 'timeout-after-commit' });
    await expect(provider.charge({ idempotencyKey: k, cardToken, amountCents: 3300, currency: 'USD', description: 'Tip' })).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    const order = sim.orders().find((o) => o.notes === `fanclub:${k}`)!;
    expect(await provider.reverse({ idempotencyKey: k, kind: 'refund' })).toEqual({ status: 'reversed', gatewayTransactionId: order.id });
    expect(sim.order(order.id)).toMatchObject({ status: 'refunded', refundedCents: 3300 });
  });

  it('an answer that is not JSON after the order was made counts as unknown, and the books then find the order', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    sim.plan('new_order', { kind: 'garbled' });
    await expect(provider.charge({ idempotencyKey: k, cardToken, amountCents: 3400, currency: 'USD', description: 'Tip' })).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    sim.advance(120_000);
    const outcome = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 3400, currency: 'USD', description: 'Tip' });
    expect(outcome).toEqual({ status: 'captured', gatewayTransactionId: sim.orders().find((o) => o.notes === `fanclub:${k}`)!.id });
    expect(sim.orders().filter((o) => o.notes === `fanclub:${k}`)).toHaveLength(1);
  });

  it('treats 908 as a duplicate: no order under the payment means unknown, never a second charge', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    sim.plan('new_order', { kind: 'already-approved' });
    await expect(provider.charge({ idempotencyKey: k, cardToken, amountCents: 3100, currency: 'USD', description: 'Tip' })).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    expect(sim.orders().filter((o) => o.notes === `fanclub:${k}`)).toHaveLength(0);
  });

  it('a "Duplicate transaction" decline for another payment of the same amount is a decline, not a success', async () => {
    const { cardToken } = await provider.tokenise(card());
    const a = await provider.charge({ idempotencyKey: key(), cardToken, amountCents: 4200, currency: 'USD', description: 'Unlock' });
    expect(a.status).toBe('captured');
    const b = await provider.charge({ idempotencyKey: key(), cardToken, amountCents: 4200, currency: 'USD', description: 'Unlock' });
    expect(b).toMatchObject({ status: 'declined', failureCode: 'duplicate', allowCascade: false });
    expect(sim.approvedOrders().filter((o) => o.totalCents === 4200)).toHaveLength(1);
  });

  it('a refused call (rate limit) charges nothing, is not a decline, and the next ask charges', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    sim.plan('new_order', { kind: 'rate-limit' });
    await expect(provider.charge({ idempotencyKey: k, cardToken, amountCents: 5100, currency: 'USD', description: 'Tip' })).rejects.toThrow(/410/);
    expect((await provider.charge({ idempotencyKey: k, cardToken, amountCents: 5100, currency: 'USD', description: 'Tip' })).status).toBe('captured');
  });

  it('voids, refunds, says already reversed, and never shows secrets in errors', async () => {
    const { cardToken } = await provider.tokenise(card());
    const v = key();
    const voided = await provider.charge({ idempotencyKey: v, cardToken, amountCents: 6000, currency: 'USD', description: 'Membership' });
    const orderId = voided.status === 'captured' ? voided.gatewayTransactionId : '';
    expect(await provider.reverse({ idempotencyKey: v, kind: 'void' })).toEqual({ status: 'reversed', gatewayTransactionId: orderId });
    expect(sim.order(orderId)!.status).toBe('void');
    expect(await provider.reverse({ idempotencyKey: v, kind: 'void' })).toEqual({ status: 'already_reversed', gatewayTransactionId: orderId });

    const r = key();
    const refunded = await provider.charge({ idempotencyKey: r, cardToken, amountCents: 6100, currency: 'USD', description: 'Membership' });
    const refundedOrder = refunded.status === 'captured' ? refunded.gatewayTransactionId : '';
    expect(await provider.reverse({ idempotencyKey: r, kind: 'refund' })).toEqual({ status: 'reversed', gatewayTransactionId: refundedOrder });
    expect(sim.order(refundedOrder)).toMatchObject({ status: 'refunded', refundedCents: 6100 });

    expect(await provider.reverse({ idempotencyKey: key(), kind: 'refund' })).toEqual({ status: 'not_captured' });

    settings = { ...baseSettings(sim), apiPassword: 'another-secret-123' };
    const errors: string[] = [];
    for (const attempt of [
      () => provider.tokenise(card()),
      () => provider.charge({ idempotencyKey: key(), cardToken, amountCents: 6200, currency: 'USD', description: 'x' }),
      () => provider.cancelRecurring({ idempotencyKey: r }),
    ]) {
      await attempt().then(
        () => errors.push('no error'),
        (e: Error) => errors.push(e.message),
      );
    }
    expect(errors).toHaveLength(3);
    for (const m of errors) {
      expect(m).toMatch(/^Sticky\.io answered 200 \(invalid API login credentials\)/);
      expect(m).not.toContain('another-secret-123');
      expect(m).not.toContain(STICKY_TEST_CARDS.approve);
      expect(m).not.toContain(Buffer.from(`${sim.credentials.username}:another-secret-123`).toString('base64'));
    }
  });

  it('a void after a refund at the provider (373) says already reversed', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    const o = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 6300, currency: 'USD', description: 'Membership' });
    const id = o.status === 'captured' ? o.gatewayTransactionId : '';
    await fetch(`${sim.url}/api/v1/order_refund`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sim.credentials.username}:${sim.credentials.password}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: id, amount: '63.00', keep_recurring: '1' }),
    });
    expect(await provider.reverse({ idempotencyKey: k, kind: 'void' })).toEqual({ status: 'already_reversed', gatewayTransactionId: id });
  });

  it('stops rebills with subscription_order_update, idempotently', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    const o = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 6400, currency: 'USD', description: 'Membership' });
    expect(await provider.cancelRecurring({ idempotencyKey: k })).toEqual({ status: 'cancelled' });
    expect(sim.order(o.status === 'captured' ? o.gatewayTransactionId : '')!.recurring).toBe(false);
    expect(await provider.cancelRecurring({ idempotencyKey: k })).toEqual({ status: 'already_cancelled' });
    expect(await provider.cancelRecurring({ idempotencyKey: key() })).toEqual({ status: 'not_found' });
  });

  it('reads its books: captures, refunds and voids with our payment ids', async () => {
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const entries = await provider.books!(since);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.some((e) => e.status === 'voided' && e.paymentId?.startsWith('pay_'))).toBe(true);
    expect(entries.some((e) => e.status === 'refunded' && e.amountCents === 6100)).toBe(true);
  });
});

describe('Sticky.io postbacks', () => {
  const profileUrl = () => `${receiverUrl}?token=${POSTBACK_SECRET}&order_id={order_id}&status={order_status}&event={event}`;

  it('verify the secret, read the order back, and name our payment; repeats and reordering give the same notice ids', async () => {
    sim.addPostbackProfile({ url: profileUrl(), method: 'GET', events: ['approve', 'decline', 'refund', 'void', 'rebill'] });
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    const o = await provider.charge({ idempotencyKey: k, cardToken, amountCents: 7100, currency: 'USD', description: 'Membership' });
    const orderId = o.status === 'captured' ? o.gatewayTransactionId : '';
    await provider.reverse({ idempotencyKey: k, kind: 'refund' });
    const mine = sim.postbacks().filter((p) => p.orderId === orderId);
    expect(mine.map((p) => p.event)).toEqual(['approve', 'refund']);

    // Out of order and twice: the refund first, then the approval, then the refund again.
    received.length = 0;
    await sim.deliverPostbacks({ ids: [mine[1].id, mine[0].id, mine[1].id] });
    expect(received).toHaveLength(3);
    expect(received[0].query.token).toBe(POSTBACK_SECRET);
    const results = await Promise.all(received.map((r) => verifier().verify(r)));
    const ids = results.map((r) => (r.ok ? r.notices.map((n) => `${n.id} ${n.type}`) : [r.reason]));
    // Each postback is read against the order's current state: approved then refunded, with stable ids.
    for (const list of ids) expect(list).toEqual([`${orderId}:approved charge.succeeded`, `${orderId}:refunded charge.refunded`]);
    const first = results[0];
    expect(first.ok && first.notices[0].data).toEqual({ idempotency_key: k, transaction_id: orderId, amount_cents: 7100 });
  });

  it('a declined charge gives charge.failed with the reason; a rebill gives subscription.renewed for the first payment', async () => {
    const { cardToken } = await provider.tokenise(card());
    const k = key();
    sim.plan('new_order', { kind: 'decline', reason: 'Card reported lost' });
    await provider.charge({ idempotencyKey: k, cardToken, amountCents: 7200, currency: 'USD', description: 'Membership' });
    const k2 = key();
    const ok = await provider.charge({ idempotencyKey: k2, cardToken, amountCents: 7300, currency: 'USD', description: 'Membership' });
    const rebill = sim.rebill(ok.status === 'captured' ? ok.gatewayTransactionId : '');
    received.length = 0;
    await sim.deliverPostbacks();
    const verified = await Promise.all(received.map((r) => verifier().verify(r)));
    const notices = verified.flatMap((v) => (v.ok ? v.notices : []));
    expect(notices.find((n) => n.data.idempotency_key === k)).toMatchObject({ type: 'charge.failed', data: { failure_code: '800', message: 'Card reported lost', allow_cascade: false } });
    expect(notices.find((n) => n.type === 'subscription.renewed')).toMatchObject({ id: `${rebill.id}:renewed`, data: { idempotency_key: k2, transaction_id: rebill.id, amount_cents: 7300 } });
  });

  it('refuse a forged token or an unknown order; an order that is not ours gives no notice', async () => {
    const forged: ProviderRequest = { method: 'GET', query: { token: 'x'.repeat(POSTBACK_SECRET.length), order_id: '10000' }, headers: {}, rawBody: '', sourceIp: '127.0.0.1' };
    expect(await verifier().verify(forged)).toEqual({ ok: false, reason: 'The postback token does not match.' });
    expect(await verifier().verify({ ...forged, query: { order_id: '10000' } })).toMatchObject({ ok: false });
    expect(await verifier().verify({ ...forged, query: { token: POSTBACK_SECRET, order_id: '99999999' } })).toEqual({ ok: false, reason: 'Sticky.io knows no order 99999999.' });
    const foreign = await fetch(`${sim.url}/api/v1/new_order`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sim.credentials.username}:${sim.credentials.password}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ campaignId: '1', shippingId: '2', offers: [{ offer_id: '3', product_id: '4', billing_model_id: '5', quantity: '1', price: '1.11' }], creditCardType: 'visa', creditCardNumber: STICKY_TEST_CARDS.approve, expirationDate: '0630', CVV: '1', tranType: 'Sale', notes: 'another shop' }),
    }).then((r) => r.json() as Promise<{ order_id: string }>);
    expect(await verifier().verify({ ...forged, query: { token: POSTBACK_SECRET, order_id: foreign.order_id } })).toEqual({ ok: true, notices: [] });
  });

  it('accept POST profiles with the fields in a URL-encoded body, delivered as they happen', async () => {
    const own = await startStickySimulator();
    try {
      const got = new Promise<ProviderRequest>((resolve) => {
        const server = http.createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => {
            res.end('OK');
            server.close();
            const url = new URL(req.url ?? '/', 'http://localhost');
            resolve({ method: req.method ?? '', query: Object.fromEntries(url.searchParams), headers: { 'content-type': req.headers['content-type'] }, rawBody: Buffer.concat(chunks).toString('utf8'), sourceIp: '127.0.0.1' });
          });
        });
        server.listen(0, '127.0.0.1', () => own.addPostbackProfile({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=${POSTBACK_SECRET}`, method: 'POST', events: ['approve'] }));
      });
      await new Promise((r) => setImmediate(r));
      const p = await createStickyIoProvider({ database, settings: async () => baseSettings(own), endpoints: { api: own.url }, timeoutMs: 1_000 });
      const { cardToken } = await p.tokenise(card());
      const k = key();
      await p.charge({ idempotencyKey: k, cardToken, amountCents: 8100, currency: 'USD', description: 'Tip' });
      const request = await got;
      expect(request.method).toBe('POST');
      const v = await createStickyIoNoticeVerifier({ settings: async () => baseSettings(own), endpoints: { api: own.url } }).verify(request);
      expect(v.ok && v.notices.map((n) => [n.type, n.data.idempotency_key])).toEqual([['charge.succeeded', k]]);
    } finally {
      await own.close();
    }
  });
});

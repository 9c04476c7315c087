// The shop's console calls over real HTTP: refunding chosen lines of a paid order gives back those lines' money only
// (a part refund of the card payment, counted in the ledger check when the server closes) and their stock; the same
// line again is refused with a clear message and nothing moves; the whole refund afterwards takes only what is left.
// The `shop` settings call saves and answers the settings, and the public settings say whether the reader sees the shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { commandContext, handle } from '../../commands/handle';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';
import { orderDecider, shopOrderStream } from '../../domain/shop-order/order';
import { paymentStream } from '../../domain/payment/payment';

const home = { name: 'Ann Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };

export function shopConsoleSuite(backend: Backend, available: boolean, only: 'money' | 'all' = 'all') {
  describe.skipIf(!available)(`the shop's console calls (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    const call = (method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => t.call(method, url, body, { ...(token ? { token } : {}), headers });

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const saved = await call('POST', '/api/settings/shop', { enabled: true, menu_visible_to: ['user', 'staff'] }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refunds one line: its money and stock come back, the other line stays paid; the same line again is refused', async () => {
      const r = await call('POST', '/api/users/register', { name: 'Line Fan', email: 'line.fan@example.com', password: 'fan password 1' });
      const fan = r.body.data.token as string;
      const address = (await call('POST', '/api/shop/addresses', home, fan)).body.data.address_id as string;
      const made = async (title: string, price: number) => {
        const p = await call('POST', '/admin-api/shop/products', { title, price_cents: price, variants: [{ name: 'M', sku: `${title}-M`, stock: 5 }], shipping: [{ country: 'US', cents: 500 }] }, admin);
        expect(p.status, JSON.stringify(p.body)).toBe(200);
        await call('POST', `/admin-api/shop/products/${p.body.id}/publish`, {}, admin);
        return { productId: p.body.id as string, variantId: p.body.variants[0].variant_id as string };
      };
      const tee = await made('Tee', 3000);
      const mug = await made('Mug', 1200);
      await call('POST', '/api/shop/cart', { product_id: tee.productId, variant_id: tee.variantId, quantity: 2 }, fan);
      await call('POST', '/api/shop/cart', { product_id: mug.productId, variant_id: mug.variantId, quantity: 1 }, fan);
      const paid = await call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: address, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan, { 'idempotency-key': 'line-order-1' });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const orderId = paid.body.data.order_id as string;
      const order = (await call('GET', `/admin-api/shop/orders/${orderId}`, undefined, admin)).body;
      expect(order.total_cents).toBe(8200); // 2 × 30.00 + 12.00 + shipping 5.00 per product
      const teeLine = order.lines.find((l: { title: string }) => l.title === 'Tee').line_no as number;

      const refunded = await call('POST', `/admin-api/shop/orders/${orderId}/refund`, { lines: [{ line_no: teeLine }] }, admin, { 'idempotency-key': 'line-refund-1' });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      expect(refunded.body).toMatchObject({ status: 'paid', refunded_cents: 6000 });
      expect(refunded.body.lines.find((l: { line_no: number }) => l.line_no === teeLine).refunded_quantity).toBe(2);
      expect((await call('GET', `/admin-api/shop/products/${tee.productId}`, undefined, admin)).body.variants[0]).toMatchObject({ on_hand: 5, sold: 0 });
      expect((await call('GET', `/admin-api/shop/products/${mug.productId}`, undefined, admin)).body.variants[0]).toMatchObject({ sold: 1 });
      // The money for that line only: a -60.00 refund row beside the 82.00 payment.
      const txs = await call('GET', '/admin-api/transactions?filter=' + encodeURIComponent(JSON.stringify({})), undefined, admin);
      const mine = (txs.body as { reference_id: string | null; amount_cents: number; type: string }[]).filter((x) => x.reference_id === orderId);
      expect(mine.map((x) => x.amount_cents)).toContain(-6000);

      const again = await call('POST', `/admin-api/shop/orders/${orderId}/refund`, { lines: [{ line_no: teeLine }] }, admin, { 'idempotency-key': 'line-refund-2' });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ success: 0, message: 'This line was refunded already.', field: 'lines.quantity' });
      // The retry of the first refund changes nothing.
      expect((await call('POST', `/admin-api/shop/orders/${orderId}/refund`, { lines: [{ line_no: teeLine }] }, admin, { 'idempotency-key': 'line-refund-1' })).body.refunded_cents).toBe(6000);

      const rest = await call('POST', `/admin-api/shop/orders/${orderId}/refund`, { reason: 'Out of mugs' }, admin);
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body).toMatchObject({ status: 'refunded', refunded_cents: 8200 });
      expect((await call('GET', `/admin-api/shop/products/${mug.productId}`, undefined, admin)).body.variants[0]).toMatchObject({ on_hand: 5, sold: 0 });
    });

    const paidOrder = async (email: string) => {
      const fan = (await call('POST', '/api/users/register', { name: 'Race Fan', email, password: 'fan password 1' })).body.data.token as string;
      const address = (await call('POST', '/api/shop/addresses', home, fan)).body.data.address_id as string;
      const p = await call('POST', '/admin-api/shop/products', { title: `Cap ${email}`, price_cents: 2000, variants: [{ name: 'One', sku: `cap-${email}`, stock: 5 }], shipping: [{ country: 'US', cents: 500 }] }, admin);
      await call('POST', `/admin-api/shop/products/${p.body.id}/publish`, {}, admin);
      await call('POST', '/api/shop/cart', { product_id: p.body.id, variant_id: p.body.variants[0].variant_id, quantity: 2 }, fan);
      const other = await call('POST', '/admin-api/shop/products', { title: `Pin ${email}`, price_cents: 700, variants: [{ name: 'One', sku: `pin-${email}`, stock: 5 }], shipping: [{ country: 'US', cents: 500 }] }, admin);
      await call('POST', `/admin-api/shop/products/${other.body.id}/publish`, {}, admin);
      await call('POST', '/api/shop/cart', { product_id: other.body.id, variant_id: other.body.variants[0].variant_id, quantity: 1 }, fan);
      const paid = await call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: address, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan, { 'idempotency-key': `order-${email.replace(/\W/g, '-')}` });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const orderId = paid.body.data.order_id as string;
      const order = (await call('GET', `/admin-api/shop/orders/${orderId}`, undefined, admin)).body;
      return { orderId, capLine: order.lines.find((l: { title: string }) => l.title.startsWith('Cap')).line_no as number };
    };
    const refundRows = async (orderId: string) => {
      const txs = await call('GET', '/admin-api/transactions?filter=' + encodeURIComponent(JSON.stringify({})), undefined, admin);
      return (txs.body as { reference_id: string | null; amount_cents: number }[]).filter((x) => x.reference_id === orderId && x.amount_cents < 0).map((x) => x.amount_cents);
    };
    const partRefunds = async (orderId: string) => (await t.server.services.store.readStream(paymentStream(orderId))).filter((e) => e.type === 'PaymentPartlyRefunded').length;

    it('two staff refunding the same line at once with different keys: one refund is recorded and paid, the other is refused and moves no money', async () => {
      const { orderId, capLine } = await paidOrder('race.fan@example.com');
      const [a, b] = await Promise.all(['race-refund-a', 'race-refund-b'].map((key) => call('POST', `/admin-api/shop/orders/${orderId}/refund`, { lines: [{ line_no: capLine }] }, admin, { 'idempotency-key': key })));
      expect([a!.status, b!.status].sort(), JSON.stringify([a!.body, b!.body])).toEqual([200, 400]);
      expect([a!, b!].find((x) => x.status === 400)!.body).toMatchObject({ success: 0, message: 'This line was refunded already.' });
      expect(await partRefunds(orderId)).toBe(1);
      expect(await refundRows(orderId)).toEqual([-4000]);
      expect((await call('GET', `/admin-api/shop/orders/${orderId}`, undefined, admin)).body).toMatchObject({ status: 'paid', refunded_cents: 4000 });
    });

    it('a line refund recorded on the order whose money never went back (a crash between) is paid out once by the recovery pass', async () => {
      const { orderId, capLine } = await paidOrder('crash.fan@example.com');
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      await handle(ctx, shopOrderStream(orderId), orderDecider, { type: 'RefundOrderLines', orderId, refundId: 'crashed-refund', lines: [{ lineNo: capLine, quantity: 1 }], staffId: 'staff', reason: 'Torn', at: ctx.now() });
      const settle = async () => {
        const h = await t.server.services.store.headPosition();
        if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up with the log').toBe(true);
      };
      await settle();
      const recover = () => resumeUnfinishedPayments(recoveryReads(t.server.services.database.db), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      expect(await recover()).toBeGreaterThanOrEqual(1);
      await settle();
      expect(await partRefunds(orderId)).toBe(1);
      expect(await refundRows(orderId)).toEqual([-2000]);
      await recover();
      await settle();
      expect(await partRefunds(orderId)).toBe(1);
    });

    // Settings are no money: registered on the money-only back end not at all (a skip would count as one in CI).
    if (only === 'all') it('the shop settings call saves, refuses bad input by field, and the public settings tell each reader', async () => {
      expect((await call('GET', '/api/settings/shop', undefined, admin)).body.data).toEqual({
        enabled: true, menu_visible_to: ['user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5,
      });
      expect((await call('POST', '/api/settings/shop', { download_days: 0 }, admin)).body).toMatchObject({ success: 0, field: 'download_days', message: 'download_days must be a whole number of days from 1 to 3650.' });
      expect((await call('POST', '/api/settings/shop', { taxes_apply: true }, admin)).body).toMatchObject({ success: 0, field: 'taxes_apply' });
      expect((await call('POST', '/api/settings/shop', { menu_visible_to: ['everyone'] }, admin)).body).toMatchObject({ success: 0, field: 'menu_visible_to.0' });
      expect((await call('GET', '/api/settings/shop')).status).toBe(401);
      const guest = (await call('GET', '/api/app_settings/get')).body.data.shop;
      expect(guest).toEqual({ enabled: true, menu_visible_to: ['user', 'staff'], shown: false });
      const fan = (await call('POST', '/api/users/register', { name: 'Menu Fan', email: 'menu.fan@example.com', password: 'fan password 1' })).body.data.token;
      expect((await call('GET', '/api/app_settings/get', undefined, fan)).body.data.shop.shown).toBe(true);
      await call('POST', '/api/settings/shop', { enabled: false }, admin);
      expect((await call('GET', '/api/app_settings/get', undefined, fan)).body.data.shop.shown).toBe(false);
      expect((await call('GET', '/api/app_settings/get', undefined, admin)).body.data.shop.shown).toBe(true);
      await call('POST', '/api/settings/shop', { enabled: true }, admin);
    });
  });
}

// Shop checkout through the one purchase pipeline, on a real event store (PGlite, or the Postgres server): the
// wallet pays, stock is reserved before the money moves and never oversold, a short wallet is refused with the
// shortfall and holds nothing, a retry with the same Idempotency-Key is the same order, a cancellation or refund
// gives back the money and the stock. The domain's own folds are the judges: stock, order, wallet and payment
// streams as written. Over HTTP, 30 parallel checkouts of the last item give one order and 29 answers naming the sold-out line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createSandboxCardGateway } from '../../infra/payments/sandbox-card-gateway';
import { commandContext, loadStream } from '../../commands/handle';
import { resumePayment } from '../../commands/payment/process';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';
import { checkoutByCard } from '../../commands/shop';
import { SOLD_OUT_REFUNDED } from '../../commands/payment/kinds/shop-order';
import type { CardGateway } from '../../infra/payments/port';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { purchaseKinds } from '../../commands/payment/kinds';
import type { PurchaseDeps } from '../../commands/payment/process';
import { walletBalance, walletCommand } from '../../commands/payment/wallet-stream';
import { updateSiteSettings } from '../../commands/settings';
import { addAddress, addToCart, cancelOrder, checkoutFromWallet, createProduct, refundOrder, setProductPublished, shipOrder } from '../../commands/shop';
import { shopStockStream, stockDecider } from '../../domain/shop-stock/stock';
import { orderDecider, shopOrderStream } from '../../domain/shop-order/order';
import { cartDecider, shopCartStream } from '../../domain/shop-cart/cart';
import { paymentDecider, paymentStream } from '../../domain/payment/payment';
import type { ProductDetails } from '../../domain/shop-product/product';
import { DomainError } from '../../domain/shared/decider';
import { createTestDatabase } from '../support/postgres';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { untypedTables } from '../support/tables';

const tee = (variants = [{ variantId: crypto.randomUUID(), name: 'M', sku: 'TEE-M' }]): ProductDetails => ({
  kind: 'physical', title: 'Signed tee', descriptionHtml: '<p>Cotton</p>', imageMediaIds: [], priceCents: 3000, sale: null, variants,
  shipping: [{ country: 'US', cents: 500 }], visibility: 'everyone', digitalMediaId: null,
});
const home = { name: 'Ann Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };

export function checkoutSuite(backend: 'pglite' | 'postgres', available = true) {
  describe.skipIf(!available)(`shop checkout (${backend})`, () => {
    let database: Database;
    let store: EventStore;
    let drop: (() => Promise<void>) | null = null;
    let deps: PurchaseDeps;
    const staff = () => commandContext(store, { userId: 'admin-1', role: 'admin' });
    const fan = (userId: string, key: string | null = null) => commandContext(store, { userId, role: 'user' }, undefined, key ? { scope: userId, key } : null);

    beforeAll(async () => {
      if (backend === 'pglite') database = await openPglite(undefined);
      else {
        const made = await createTestDatabase();
        drop = made.drop;
        database = await openPostgres(made.url, 40);
      }
      store = await createPostgresEventStore(database, { schema: 'es' });
      deps = { gateway: await createSandboxCardGateway(database), kinds: purchaseKinds, places: async () => null } as unknown as PurchaseDeps;
      await updateSiteSettings(staff(), (h) => h, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
    }, 120_000);
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    async function fanWith(cents: number) {
      const userId = crypto.randomUUID();
      if (cents) await walletCommand(fan(userId), { type: 'CreditTopUp', userId, paymentId: crypto.randomUUID(), currency: 'BTC', amountCents: cents, at: new Date().toISOString() });
      const addressId = await addAddress(fan(userId), userId, home);
      return { userId, addressId };
    }

    async function product(stock: number | null) {
      const details = tee();
      const variantId = details.variants[0].variantId;
      const productId = await createProduct(staff(), 'admin-1', details, { [variantId]: stock });
      await setProductPublished(staff(), productId, true);
      return { productId, variantId };
    }

    const stockOf = async (variantId: string) => (await loadStream(store, shopStockStream(variantId), stockDecider)).state;
    const orderOf = async (orderId: string) => (await loadStream(store, shopOrderStream(orderId), orderDecider)).state;

    it('30 fans buy the last item at once: one paid order, 29 told "Sold out.", stock at zero, 29 wallets untouched', async () => {
      const { productId, variantId } = await product(1);
      const fans = await Promise.all(Array.from({ length: 30 }, () => fanWith(10_000)));
      const results = await Promise.allSettled(fans.map((f) =>
        checkoutFromWallet(fan(f.userId), deps, { userId: f.userId, role: 'user', items: [{ productId, variantId, quantity: 1 }], addressId: f.addressId })));
      const paid = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(paid).toHaveLength(1);
      expect(refused).toHaveLength(29);
      for (const r of refused) expect(r.reason).toMatchObject({ message: 'Sold out.', code: 'SOLD_OUT', status: 409 });
      const s = await stockOf(variantId);
      expect(s.onHand).toBe(0);
      expect(Object.keys(s.held)).toEqual([]);
      expect(Object.values(s.sold)).toEqual([1]);
      const ok = (paid[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof checkoutFromWallet>>>).value;
      expect(ok).toMatchObject({ accepted: true, amountCents: 3500, balanceCents: 6500 });
      expect(await orderOf(ok.paymentId)).toMatchObject({ status: 'paid', totalCents: 3500 });
      const balances = await Promise.all(fans.map((f) => walletBalance(fan(f.userId), f.userId)));
      expect(balances.filter((b) => b === 10_000)).toHaveLength(29);
    }, 120_000);

    it('a short wallet is refused with the shortfall and holds nothing', async () => {
      const { productId, variantId } = await product(5);
      const f = await fanWith(1000);
      const err = await checkoutFromWallet(fan(f.userId), deps, { userId: f.userId, role: 'user', items: [{ productId, variantId, quantity: 1 }], addressId: f.addressId }).catch((e) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ status: 402, message: 'Please Add Funds in wallet to place your order.', details: { priceCents: 3500, balanceCents: 1000, shortfallCents: 2500 } });
      expect((await stockOf(variantId)).onHand).toBe(5);
    });

    it('checks out the cart; a retry with the same Idempotency-Key is the same order, charged once', async () => {
      const { productId, variantId } = await product(5);
      const f = await fanWith(20_000);
      await addToCart(fan(f.userId), f.userId, { productId, variantId, quantity: 2 });
      const input = { userId: f.userId, role: 'user' as const, items: null, addressId: f.addressId };
      const first = await checkoutFromWallet(fan(f.userId, 'k-1'), deps, input);
      const again = await checkoutFromWallet(fan(f.userId, 'k-1'), deps, input);
      expect(again.paymentId).toBe(first.paymentId);
      expect(first).toMatchObject({ accepted: true, amountCents: 6500 });
      expect(await walletBalance(fan(f.userId), f.userId)).toBe(13_500);
      expect((await stockOf(variantId)).onHand).toBe(3);
      expect((await loadStream(store, shopCartStream(f.userId), cartDecider)).state.lines).toEqual([]);
      expect((await orderOf(first.paymentId)).lines[0]).toMatchObject({ quantity: 2, unitPriceCents: 3000, title: 'Signed tee' });
    });

    it('an empty cart, a product not for sale and an address it does not ship to are refused, nothing charged', async () => {
      const { productId, variantId } = await product(5);
      const f = await fanWith(20_000);
      const buy = (over: object) => checkoutFromWallet(fan(f.userId), deps, { userId: f.userId, role: 'user', items: [{ productId, variantId, quantity: 1 }], addressId: f.addressId, ...over }).catch((e) => e);
      expect(await buy({ items: null })).toMatchObject({ status: 400, message: 'Your cart is empty.' });
      await setProductPublished(staff(), productId, false);
      expect(await buy({})).toMatchObject({ status: 404, message: 'Product not found.' });
      await setProductPublished(staff(), productId, true);
      const abroad = await addAddress(fan(f.userId), f.userId, { ...home, country: 'DE' });
      expect(await buy({ addressId: abroad })).toMatchObject({ status: 400, message: 'This product does not ship to that country: Signed tee.', details: { field: 'addressId' } });
      expect(await buy({ addressId: null })).toMatchObject({ status: 400, message: 'Choose where to ship your order.' });
      expect(await buy({ role: 'admin' })).toMatchObject({ status: 403 });
      expect(await walletBalance(fan(f.userId), f.userId)).toBe(20_000);
      expect((await stockOf(variantId)).onHand).toBe(5);
    });

    it('cancelling a paid order gives back the money and the stock; a refund after shipping does too', async () => {
      const { productId, variantId } = await product(2);
      const f = await fanWith(20_000);
      const buy = () => checkoutFromWallet(fan(f.userId), deps, { userId: f.userId, role: 'user', items: [{ productId, variantId, quantity: 1 }], addressId: f.addressId });
      const a = await buy();
      const b = await buy();
      expect((await stockOf(variantId)).onHand).toBe(0);
      await cancelOrder(staff(), deps, 'admin-1', a.paymentId, 'Damaged');
      expect(await orderOf(a.paymentId)).toMatchObject({ status: 'cancelled' });
      expect((await stockOf(variantId)).onHand).toBe(1);
      expect(await walletBalance(fan(f.userId), f.userId)).toBe(20_000 - 3500);
      await shipOrder(staff(), 'admin-1', b.paymentId, 'UPS', '1Z999');
      expect(await orderOf(b.paymentId)).toMatchObject({ status: 'fulfilled', shipped: { carrier: 'UPS', trackingNumber: '1Z999' } });
      await refundOrder(staff(), deps, 'admin-1', b.paymentId, 'Lost in the post');
      expect(await orderOf(b.paymentId)).toMatchObject({ status: 'refunded' });
      expect((await stockOf(variantId)).onHand).toBe(2);
      expect(await walletBalance(fan(f.userId), f.userId)).toBe(20_000);
      expect((await loadStream(store, paymentStream(b.paymentId), paymentDecider)).state.status).toBe('reversed');
      await expect(refundOrder(staff(), deps, 'admin-1', b.paymentId, null)).rejects.toMatchObject({ status: 409 });
    });
  });

  describe.skipIf(!available)(`shop checkout over HTTP (${backend})`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('30 fans check out the last item at once over HTTP: one order, 29 answered 409 "Sold out." naming the line, nothing charged to them', async () => {
      const services = t.server.services;
      const ctx = () => commandContext(services.store, { userId: null, role: 'admin' });
      await updateSiteSettings(ctx(), services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
      const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
      const made = await t.call('POST', '/admin-api/shop/products', {
        title: 'Last tee', price_cents: 3000, variants: [{ name: 'M', sku: 'LAST-M', stock: 1 }], shipping: [{ country: 'US', cents: 500 }],
      }, { token: admin });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const productId = made.body.id as string;
      const variantId = made.body.variants[0].variant_id as string;
      expect((await t.call('POST', `/admin-api/shop/products/${productId}/publish`, {}, { token: admin })).status).toBe(200);
      const fans = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
        const r = await t.call('POST', '/api/users/register', { name: `Rush ${i}`, email: `rush.${i}.${backend}@example.com`, password: 'fan password 1' });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        const token = r.body.data.token as string;
        const address = await t.call('POST', '/api/shop/addresses', home, { token });
        return { token, addressId: address.body.data.address_id as string };
      }));
      const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
      const answers = await Promise.all(fans.map((f, i) => t.call('POST', '/api/shop/checkout', {
        payment_method: 'card', address_id: f.addressId, items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], ...card,
      }, { token: f.token, headers: { 'idempotency-key': `rush-${backend}-${i}` } })));
      const paid = answers.filter((r) => r.status === 200);
      const soldOut = answers.filter((r) => r.status === 409);
      expect(paid.map((r) => r.body.data.order.status)).toEqual(['paid']);
      expect(soldOut).toHaveLength(29);
      for (const r of soldOut) expect(r.body).toMatchObject({ success: 0, message: 'Sold out.', code: 'SOLD_OUT', data: { product_id: productId, variant_id: variantId, title: 'Last tee', available: 0 } });
      const record = await t.call('GET', `/admin-api/shop/products/${productId}`, undefined, { token: admin });
      expect(record.body.variants[0]).toMatchObject({ on_hand: 0, available: 0, reserved: 0, sold: 1 });
      const orders = await t.call('GET', '/admin-api/shop/orders', undefined, { token: admin });
      expect(orders.body.filter((o: { lines: { product_id: string }[] }) => o.lines.some((l) => l.product_id === productId)).map((o: { status: string }) => o.status)).toEqual(['paid']);
    }, 180_000);

    it('a card payment captured after the reservation ran out: refunded at once when the item went to someone else (also after a crash before the refund), kept when it is still there', async () => {
      const services = t.server.services;
      const { store, database, runner, purchases } = services;
      await updateSiteSettings(commandContext(store, { userId: null, role: 'admin' }), services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
      const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
      const lastItem = async (sku: string) => {
        const made = await t.call('POST', '/admin-api/shop/products', { title: `Late ${sku}`, price_cents: 3000, variants: [{ name: 'M', sku, stock: 1 }], shipping: [{ country: 'US', cents: 500 }] }, { token: admin });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        expect((await t.call('POST', `/admin-api/shop/products/${made.body.id}/publish`, {}, { token: admin })).status).toBe(200);
        return { productId: made.body.id as string, variantId: made.body.variants[0].variant_id as string };
      };
      const buyer = async (name: string) => {
        const r = await t.call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}.${backend}@example.com`, password: 'fan password 1' });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        const token = r.body.data.token as string;
        const address = await t.call('POST', '/api/shop/addresses', home, { token });
        return { id: r.body.data.userId as string, token, addressId: address.body.data.address_id as string };
      };
      const now = Date.now();
      const at = (minutes: number) => () => new Date(now + minutes * 60_000);
      const ctxOf = (userId: string, minutes: number) => commandContext(store, { userId, role: 'user' }, at(minutes));
      const card = { form: { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve } };
      type Buyer = Awaited<ReturnType<typeof buyer>>;
      const input = (b: Buyer, item: { productId: string; variantId: string }) => ({ userId: b.id, role: 'user' as const, items: [{ ...item, quantity: 1 }], addressId: b.addressId, card });
      // The process dies after the stock is reserved and the payment requested, before the provider answered.
      const dying = { ...purchases, gateway: { ...purchases.gateway, charge: () => Promise.reject(new Error('killed before the provider answered')) } as CardGateway };
      const startLate = async (b: Buyer, item: { productId: string; variantId: string }) => {
        await expect(checkoutByCard(ctxOf(b.id, 0), dying, input(b, item))).rejects.toThrow('killed before the provider answered');
        const held = Object.keys((await loadStream(store, shopStockStream(item.variantId), stockDecider)).state.held);
        expect(held).toHaveLength(1);
        return held[0];
      };
      const charges = (orderId: string) => untypedTables(database).withSchema('sandbox_gateway').selectFrom('charges').selectAll().where('idempotency_key', '=', orderId).execute();

      const tee = await lastItem('LATE-1');
      const [late, rival] = await Promise.all([buyer('Late Shopper'), buyer('Quick Shopper')]);
      const lateId = await startLate(late, tee);
      // Twenty minutes on the reservation has run out: another fan buys the last one.
      expect(await checkoutByCard(ctxOf(rival.id, 20), purchases, input(rival, tee))).toMatchObject({ accepted: true });
      expect((await resumePayment(ctxOf(late.id, 21), purchases, lateId))).toMatchObject({ status: 'reversed', reversal: 'refund', reversalReason: SOLD_OUT_REFUNDED });
      expect((await loadStream(store, shopOrderStream(lateId), orderDecider)).state).toMatchObject({ status: 'cancelled', cancelReason: SOLD_OUT_REFUNDED });
      expect((await loadStream(store, shopStockStream(tee.variantId), stockDecider)).state).toMatchObject({ onHand: 0, held: {} });
      const [charge] = await charges(lateId);
      expect(charge).toMatchObject({ status: 'captured' });
      expect(charge.reversal).toBeTruthy();
      await expect.poll(async () => (await t.call('GET', `/api/shop/orders/${lateId}`, undefined, { token: late.token })).body.data)
        .toMatchObject({ status: 'cancelled', cancel_reason: SOLD_OUT_REFUNDED, refunded_cents: 3500 });

      // A crash after the capture and before the refund: the recovery pass finishes the refund, once.
      const cap = await lastItem('LATE-2');
      const [crashed, rival2] = await Promise.all([buyer('Crashed Shopper'), buyer('Second Quick Shopper')]);
      const crashedId = await startLate(crashed, cap);
      expect(await checkoutByCard(ctxOf(rival2.id, 20), purchases, input(rival2, cap))).toMatchObject({ accepted: true });
      const noRefund = { ...purchases, gateway: { ...purchases.gateway, reverse: () => Promise.reject(new Error('killed before the refund')) } as CardGateway };
      await expect(resumePayment(ctxOf(crashed.id, 21), noRefund, crashedId)).rejects.toThrow('killed before the refund');
      expect((await loadStream(store, paymentStream(crashedId), paymentDecider)).state.status).toBe('captured');
      const settle = async () => {
        const head = await store.headPosition();
        if (head) await runner.waitFor(head, 30_000);
      };
      await settle();
      await resumeUnfinishedPayments(recoveryReads(database.db), store, purchases, { olderThanMs: 0, now: at(22) });
      expect((await loadStream(store, paymentStream(crashedId), paymentDecider)).state).toMatchObject({ status: 'reversed', reversalReason: SOLD_OUT_REFUNDED });
      expect((await charges(crashedId))[0].reversal).toBeTruthy();
      expect((await loadStream(store, shopStockStream(cap.variantId), stockDecider)).state.onHand).toBe(0);

      // Late, but the item is still there: the order stands.
      const mug = await lastItem('LATE-3');
      const keeper = await buyer('Patient Shopper');
      const keptId = await startLate(keeper, mug);
      expect((await resumePayment(ctxOf(keeper.id, 30), purchases, keptId)).status).toBe('captured');
      expect((await loadStream(store, shopOrderStream(keptId), orderDecider)).state.status).toBe('paid');
      await settle();
      const left = await recoveryReads(database.db).unfinishedPayments(at(31)().toISOString());
      for (const id of [lateId, crashedId, keptId]) expect(left).not.toContain(id);
      expect((await checkLedger(store, database.db, () => sandboxNetCents(database))).problems).toEqual([]);
    }, 120_000);
  });
}

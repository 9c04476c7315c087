// The shop over real HTTP: staff keep the catalogue (the description sanitised, drafts and subscribers-only
// products hidden from those who may not see them, the menu switch per audience), a fan fills a cart, keeps
// addresses and checks out by card or from the wallet with an Idempotency-Key (a retry is the same order, a sold-out
// line is named), sees only their own orders; staff ship, complete, cancel and refund, and the stock follows.
// Role denials and bad input name the field; cart changes reach the fan's open tabs; a rebuild reproduces the
// shop's read models. The ledger check runs when the server closes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { commandContext } from '../../commands/handle';
import { updateSiteSettings } from '../../commands/settings';
import type { ShopMenuAudience } from '../../domain/settings/shop-settings';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { untypedTables } from '../support/tables';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';

interface Frame { type: string; data: Record<string, unknown> }

/** A signed-in socket on /ws (one browser tab), with every frame it received. */
async function tab(base: string, token: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'AUTH', data: { token } }));
  await expect.poll(() => frames.some((f) => f.type === 'AUTH_OK'), { timeout: 10_000 }).toBe(true);
  return { frames, close: () => ws.close() };
}

const home = { name: 'Ann Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };

export function shopSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`the shop over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let keys = 0;
    const call = (method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
      t.call(method, url, body, { ...(token ? { token } : {}), headers });
    const get = (url: string, token?: string) => call('GET', url, undefined, token);
    const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    const settleAll = async () => {
      const head = await t.server.services.store.headPosition();
      if (head) expect(await t.server.services.runner.waitFor(head, 30_000)).toBe(true);
    };
    const openShop = async (menu: ShopMenuAudience[] = ['guest', 'user', 'staff']) => {
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
      await updateSiteSettings(ctx, t.server.services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: menu, currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
      await settleAll();
    };
    const fan = async (label: string) => {
      const r = await call('POST', '/api/users/register', { name: `Shopper ${label}`, email: `shopper.${label}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      const added = await call('POST', '/api/shop/addresses', home, token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return { token, id: r.body.data.userId as string, addressId: added.body.data.address_id as string };
    };
    const product = async (over: Record<string, unknown> = {}, publish = true) => {
      const r = await call('POST', '/admin-api/shop/products', {
        title: 'Signed tee', description: '<p>Cotton</p><script>alert(1)</script>', price_cents: 3000, variants: [{ name: 'M', sku: 'TEE-M', stock: 5 }],
        shipping: [{ country: 'US', cents: 500 }], ...over,
      }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (publish) expect((await call('POST', `/admin-api/shop/products/${r.body.id}/publish`, {}, admin)).body.status).toBe('published');
      return { productId: r.body.id as string, variantId: r.body.variants[0].variant_id as string };
    };
    const checkout = (token: string, body: Record<string, unknown>, key: string | null = `shop-key-${++keys}`) =>
      call('POST', '/api/shop/checkout', body, token, key ? { 'idempotency-key': key } : {});
    const stockOf = async (productId: string) => (await get(`/admin-api/shop/products/${productId}`, admin)).body.variants[0];

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      await openShop();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a draft is hidden from fans, a subscribers-only product shows to members and staff only, the menu switch hides the shop per audience', async () => {
      const ann = await fan('visibility-ann');
      const draft = await product({ title: 'Draft mug' }, false);
      const staffList = await get('/admin-api/shop/products', admin);
      expect(staffList.status).toBe(200);
      expect(staffList.headers.get('content-range')).toMatch(/^shop\/products 0-\d+\/\d+$/);
      const record = staffList.body.find((p: { id: string }) => p.id === draft.productId);
      expect(record).toMatchObject({ status: 'draft', title: 'Draft mug', description_html: '<p>Cotton</p>', variants: [{ name: 'M', on_hand: 5, reserved: 0, available: 5 }] });
      const titles = async (token?: string) => (await get('/api/shop/products', token)).body.data.products.map((p: { title: string }) => p.title);
      expect(await titles(ann.token)).not.toContain('Draft mug');
      expect((await get(`/api/shop/products/${draft.productId}`, ann.token)).body).toMatchObject({ success: 0, message: 'Product not found.' });

      await call('POST', `/admin-api/shop/products/${draft.productId}/publish`, {}, admin);
      expect(await titles()).toContain('Draft mug');
      const shown = await get(`/api/shop/products/${draft.productId}`);
      expect(shown.body.data).toMatchObject({ title: 'Draft mug', current_price_cents: 3000, in_stock: true, variants: [{ name: 'M', available: 5, in_stock: true }] });
      expect(shown.body.data.description_html).not.toContain('script');

      const members = await product({ title: 'Members poster', visibility: 'subscribers' });
      expect(await titles(ann.token)).not.toContain('Members poster');
      expect((await get(`/api/shop/products/${members.productId}`, ann.token)).status).toBe(404);
      expect((await call('POST', '/api/shop/cart', { product_id: members.productId, variant_id: members.variantId, quantity: 1 }, ann.token)).status).toBe(404);
      expect(await titles(admin)).toContain('Members poster');
      const sub = await call('POST', '/api/v2/purchase/subscription', card, ann.token);
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      expect(await titles(ann.token)).toContain('Members poster');

      await openShop(['user', 'staff']);
      expect((await get('/api/shop/products')).body).toMatchObject({ success: 0, message: 'The shop is closed.', code: 'SHOP_CLOSED' });
      expect((await get('/api/shop/products', ann.token)).status).toBe(200);
      await openShop();
      expect((await get('/api/shop/products')).status).toBe(200);
    });

    it('the cart: add, change, remove; lines carry today\'s price and availability, the count and the subtotal', async () => {
      const bo = await fan('cart-bo');
      const tee = await product({ title: 'Cart tee', sale: { price_cents: 2500, starts_at: null, ends_at: null } });
      const line = { product_id: tee.productId, variant_id: tee.variantId };
      expect((await get('/api/shop/cart', bo.token)).body.data).toEqual({ lines: [], count: 0, subtotal_cents: 0 });
      let cart = await call('POST', '/api/shop/cart', { ...line, quantity: 2 }, bo.token);
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      expect(cart.body.data).toMatchObject({ count: 2, subtotal_cents: 5000, lines: [{ title: 'Cart tee', variant_name: 'M', unit_price_cents: 2500, quantity: 2, available: 5, problem: null }] });
      cart = await call('POST', '/api/shop/cart', { ...line, quantity: 1 }, bo.token);
      expect(cart.body.data.count).toBe(3);
      cart = await call('PUT', `/api/shop/cart/${tee.variantId}`, { quantity: 6 }, bo.token);
      expect(cart.body.data).toMatchObject({ count: 6, subtotal_cents: 0, lines: [{ quantity: 6, problem: 'Only 5 left.' }] });
      expect((await get('/api/shop/cart', bo.token)).body.data.count).toBe(6);
      expect((await call('PUT', `/api/shop/cart/${tee.variantId}`, { quantity: 0 }, bo.token)).body).toMatchObject({ code: 'VALIDATION', field: 'quantity' });
      expect((await call('POST', '/api/shop/cart', { ...line, quantity: 'two' }, bo.token)).body).toMatchObject({ code: 'VALIDATION', field: 'quantity' });
      expect((await call('POST', '/api/shop/cart', { ...line, product_id: 'nope' }, bo.token)).body).toMatchObject({ code: 'VALIDATION', field: 'product_id' });
      expect((await call('POST', '/api/shop/cart', { ...line, variant_id: crypto.randomUUID() }, bo.token)).body).toMatchObject({ message: 'This option is no longer available.' });
      cart = await call('DELETE', `/api/shop/cart/${tee.variantId}`, undefined, bo.token);
      expect(cart.body.data).toEqual({ lines: [], count: 0, subtotal_cents: 0 });
      expect((await get('/api/shop/cart')).status).toBe(401);
    });

    it("a cart change reaches every open tab of that fan (the navbar count reads the cart again), and no other fan", async () => {
      const kim = await fan('tabs-kim');
      const lou = await fan('tabs-lou');
      const tee = await product({ title: 'Tabs tee' });
      const [one, two, other] = await Promise.all([tab(t.base, kim.token), tab(t.base, kim.token), tab(t.base, lou.token)]);
      try {
        await call('POST', '/api/shop/cart', { product_id: tee.productId, variant_id: tee.variantId, quantity: 1 }, kim.token);
        const cartFrame = (frames: Frame[], userId: string) => frames.some((f) => f.type === 'SHOP_CART_UPDATED' && f.data.userId === userId);
        await expect.poll(() => cartFrame(one.frames, kim.id) && cartFrame(two.frames, kim.id), { timeout: 10_000 }).toBe(true);
        await call('POST', '/api/shop/cart', { product_id: tee.productId, variant_id: tee.variantId, quantity: 1 }, lou.token);
        await expect.poll(() => cartFrame(other.frames, lou.id), { timeout: 10_000 }).toBe(true);
        expect(cartFrame(other.frames, kim.id)).toBe(false);
        expect(JSON.stringify(one.frames)).not.toContain(lou.id);
      } finally {
        for (const s of [one, two, other]) s.close();
      }
    });

    it('addresses: add, change, remove, each fan their own; bad input names the field', async () => {
      const cy = await fan('address-cy');
      const dee = await fan('address-dee');
      expect((await get('/api/shop/addresses', cy.token)).body.data.addresses).toEqual([{ _id: cy.addressId, ...home }]);
      const bad = await call('POST', '/api/shop/addresses', { ...home, city: ' ' }, cy.token);
      expect(bad.body).toMatchObject({ success: 0, message: 'City is required.', field: 'city' });
      expect((await call('POST', '/api/shop/addresses', { ...home, country: 'USA' }, cy.token)).body).toMatchObject({ field: 'country' });
      expect((await call('POST', '/api/shop/addresses', { ...home, name: 'A\u0007B' }, cy.token)).body).toMatchObject({ code: 'VALIDATION', field: 'name' });
      const changed = await call('PUT', `/api/shop/addresses/${cy.addressId}`, { ...home, line1: '2 Oak Ave', country: 'us' }, cy.token);
      expect(changed.body.data.addresses).toEqual([{ _id: cy.addressId, ...home, line1: '2 Oak Ave' }]);
      expect((await call('PUT', `/api/shop/addresses/${cy.addressId}`, home, dee.token)).body).toMatchObject({ success: 0, message: 'Address not found.' });
      expect((await get('/api/shop/addresses', dee.token)).body.data.addresses).toHaveLength(1);
      expect((await call('DELETE', `/api/shop/addresses/${cy.addressId}`, undefined, cy.token)).body.data.addresses).toEqual([]);
    });

    it('checkout by card with an Idempotency-Key: the retry answers the same order, the cart empties, the stock drops; orders are the fan\'s own', async () => {
      const eve = await fan('card-eve');
      const fay = await fan('card-fay');
      const tee = await product({ title: 'Card tee' });
      await call('POST', '/api/shop/cart', { product_id: tee.productId, variant_id: tee.variantId, quantity: 2 }, eve.token);
      const body = { payment_method: 'card', address_id: eve.addressId, ...card };
      expect((await checkout(eve.token, body, null)).body).toMatchObject({ success: 0, code: 'VALIDATION', field: 'Idempotency-Key' });
      expect((await checkout(eve.token, { ...body, payment_method: 'cash' })).body).toMatchObject({ field: 'payment_method' });
      expect((await checkout(eve.token, { ...body, address_id: null })).body).toMatchObject({ success: 0, message: 'Choose where to ship your order.', field: 'address_id' });
      const first = await checkout(eve.token, body, 'eve-order-1');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ success: 1, message: 'Thank you! Your order is placed.' });
      expect(first.body.data).toMatchObject({ accepted: true, amount_cents: 6500, order: { status: 'paid', subtotal_cents: 6000, shipping_cents: 500, total_cents: 6500, lines: [{ title: 'Card tee', quantity: 2, unit_price_cents: 3000 }], address: home } });
      const again = await checkout(eve.token, body, 'eve-order-1');
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.data.order_id).toBe(first.body.data.order_id);
      const orderId = first.body.data.order_id as string;
      expect((await get('/api/shop/cart', eve.token)).body.data.count).toBe(0);
      expect(await stockOf(tee.productId)).toMatchObject({ on_hand: 3, available: 3, reserved: 0, sold: 2 });
      // An empty cart is refused, nothing charged.
      expect((await checkout(eve.token, body)).body).toMatchObject({ success: 0, message: 'Your cart is empty.' });

      const mine = await get('/api/shop/orders', eve.token);
      expect(mine.body.data).toMatchObject({ total: 1, orders: [{ _id: orderId, status: 'paid' }] });
      expect((await get(`/api/shop/orders/${orderId}`, eve.token)).body.data.history.map((h: { status: string }) => h.status)).toEqual(['placed', 'paid']);
      expect((await get('/api/shop/orders', fay.token)).body.data).toMatchObject({ total: 0, orders: [] });
      expect((await get(`/api/shop/orders/${orderId}`, fay.token)).body).toMatchObject({ success: 0, message: 'Order not found.' });
      expect((await get(`/api/shop/orders/${orderId}`, fay.token)).status).toBe(404);
      expect((await get('/api/shop/orders/not-an-id', fay.token)).body).toMatchObject({ field: 'id' });
      const staffSees = await get('/admin-api/shop/orders', admin);
      expect(staffSees.headers.get('content-range')).toMatch(/^shop\/orders 0-\d+\/\d+$/);
      expect(staffSees.body.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: 'paid', user: { name: 'Shopper card-eve' } });
    });

    it('checkout from the wallet: paid and the balance told; a short wallet is 402 with the shortfall; a sold-out line is 409 naming it', async () => {
      const gus = await fan('wallet-gus');
      const hal = await fan('wallet-hal');
      await topUpWallet(t, gus.token, 50);
      const poster = await product({ title: 'Last poster', variants: [{ name: 'A2', sku: 'P-A2', stock: 2 }] });
      const buyNow = { payment_method: 'wallet', address_id: gus.addressId, items: [{ product_id: poster.productId, variant_id: poster.variantId, quantity: 1 }] };
      const paid = await checkout(gus.token, buyNow);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.data).toMatchObject({ amount_cents: 3500, wallet_balance_cents: 1500, order: { status: 'paid', total_cents: 3500 } });
      const short = await checkout(gus.token, buyNow);
      expect(short.status).toBe(402);
      expect(short.body).toMatchObject({ success: 0, code: 'INSUFFICIENT_FUNDS', data: { price_cents: 3500, wallet_balance_cents: 1500, shortfall_cents: 2000 } });
      expect(await stockOf(poster.productId)).toMatchObject({ available: 1, reserved: 0 });
      // Hal takes the last one by card; Gus, topped up, is told it sold out, and keeps his money.
      expect((await checkout(hal.token, { ...buyNow, address_id: hal.addressId, payment_method: 'card', ...card })).status).toBe(200);
      await topUpWallet(t, gus.token, 50);
      const gone = await checkout(gus.token, buyNow);
      expect(gone.status).toBe(409);
      expect(gone.body).toMatchObject({ success: 0, message: 'Sold out.', code: 'SOLD_OUT', data: { product_id: poster.productId, variant_id: poster.variantId, title: 'Last poster', available: 0 } });
      expect((await get(`/api/shop/products/${poster.productId}`, gus.token)).body.data).toMatchObject({ in_stock: false, variants: [{ available: 0, in_stock: false }] });
      const orders = (await get('/api/shop/orders', gus.token)).body.data;
      expect(orders.total).toBe(1);
    });

    it('staff ship, complete, cancel and refund: the order changes state, the fan sees it, the stock comes back', async () => {
      const ivy = await fan('staff-ivy');
      const tee = await product({ title: 'Staff tee', variants: [{ name: 'L', sku: 'T-L', stock: 3 }] });
      const buy = async () => {
        const r = await checkout(ivy.token, { payment_method: 'card', address_id: ivy.addressId, items: [{ product_id: tee.productId, variant_id: tee.variantId, quantity: 1 }], ...card });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data.order_id as string;
      };
      const a = await buy();
      const b = await buy();
      expect(await stockOf(tee.productId)).toMatchObject({ available: 1, sold: 2 });

      expect((await call('POST', `/admin-api/shop/orders/${a}/ship`, { carrier: 'UPS', tracking_number: ' ' }, admin)).body).toMatchObject({ code: 'VALIDATION', field: 'tracking_number' });
      expect((await call('POST', `/admin-api/shop/orders/${a}/ship`, { carrier: 'UPS' }, admin)).body).toMatchObject({ code: 'VALIDATION', field: 'tracking_number' });
      expect((await call('POST', `/admin-api/shop/orders/${a}/complete`, {}, admin)).body).toMatchObject({ message: 'Only a fulfilled order can be completed.' });
      const shipped = await call('POST', `/admin-api/shop/orders/${a}/ship`, { carrier: 'UPS', tracking_number: '1Z999' }, admin);
      expect(shipped.body).toMatchObject({ id: a, status: 'fulfilled', carrier: 'UPS', tracking_number: '1Z999' });
      expect((await get(`/api/shop/orders/${a}`, ivy.token)).body.data).toMatchObject({ status: 'fulfilled', carrier: 'UPS', tracking_number: '1Z999' });
      expect((await call('POST', `/admin-api/shop/orders/${a}/cancel`, { reason: 'Too late' }, admin)).body).toMatchObject({ message: 'A shipped order cannot be cancelled; refund it instead.' });
      expect((await call('POST', `/admin-api/shop/orders/${a}/complete`, {}, admin)).body).toMatchObject({ status: 'completed' });
      const refunded = await call('POST', `/admin-api/shop/orders/${a}/refund`, { reason: 'Lost in the post' }, admin);
      expect(refunded.body).toMatchObject({ status: 'refunded', refunded_cents: 3500 });
      expect(refunded.body.history.map((h: { status: string }) => h.status)).toEqual(['placed', 'paid', 'fulfilled', 'completed', 'refunded']);
      expect(await stockOf(tee.productId)).toMatchObject({ available: 2, sold: 1 });
      expect((await call('POST', `/admin-api/shop/orders/${a}/refund`, {}, admin)).status).toBe(409);

      const cancelled = await call('POST', `/admin-api/shop/orders/${b}/cancel`, { reason: 'Damaged' }, admin);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Damaged', refunded_cents: 3500 });
      expect(await stockOf(tee.productId)).toMatchObject({ available: 3, sold: 0, on_hand: 3 });
      expect((await get(`/api/shop/orders/${b}`, ivy.token)).body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Damaged' });
      expect((await call('POST', `/admin-api/shop/orders/${crypto.randomUUID()}/ship`, { carrier: 'UPS', tracking_number: '1' }, admin)).status).toBe(404);
      // The money follows: the fan's payments show both orders paid by card, and both came back.
      const payments = (await get('/api/users/payments', ivy.token)).body.data.payments as { type: string; amount_cents: number; reference_id: string }[];
      expect(payments.filter((p) => p.type === 'shop_order').map((p) => [p.reference_id, p.amount_cents]).sort()).toEqual([[a, 3500], [b, 3500]].sort());
      expect(payments.filter((p) => p.type === 'refund').map((p) => [p.reference_id, p.amount_cents]).sort()).toEqual([[a, -3500], [b, -3500]].sort());
    });

    it('staff edit a product by sending its record back: a picture (signed for fans), a new variant, stock; a deleted product is gone', async () => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
      const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: 'tee.jpg', content_type: 'image/jpeg', media_type: 'blog' }, admin);
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const media = await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(media.body.data.status).toBe('ready');
      const tee = await product({ title: 'Edited tee' });
      const record = (await get(`/admin-api/shop/products/${tee.productId}`, admin)).body;
      expect(record.variants).toEqual([expect.objectContaining({ name: 'M', stock: 5 })]);
      const edited = await call('PUT', `/admin-api/shop/products/${tee.productId}`, {
        ...record, price_cents: 3200, image_media_ids: [media.body.data.id],
        variants: [{ ...record.variants[0], stock: 7 }, { name: 'L', sku: 'TEE-L', stock: 0 }],
      }, admin);
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body).toMatchObject({ price_cents: 3200, description: '<p>Cotton</p>', variants: [{ name: 'M', stock: 7, on_hand: 7 }, { name: 'L', stock: 0, in_stock: false }] });
      const shown = (await get(`/api/shop/products/${tee.productId}`)).body.data;
      expect(shown.images).toEqual([{ _id: media.body.data.id, url: expect.stringContaining('/media/'), thumbnail_url: expect.stringContaining('/media/') }]);
      expect((await fetch(t.base + shown.images[0].thumbnail_url)).status).toBe(200);
      // Another product's variant cannot be taken over: its stock is that product's.
      const other = await product({ title: 'Other tee' });
      const stolen = await call('PUT', `/admin-api/shop/products/${tee.productId}`, { ...record, variants: [{ variant_id: other.variantId, name: 'M', stock: 1 }] }, admin);
      expect(stolen.body).toMatchObject({ code: 'VALIDATION', field: 'variants.variant_id' });
      expect(await stockOf(other.productId)).toMatchObject({ available: 5 });
      expect((await call('DELETE', `/admin-api/shop/products/${tee.productId}`, undefined, admin)).body).toEqual({ id: tee.productId });
      expect((await get(`/api/shop/products/${tee.productId}`)).status).toBe(404);
      expect((await get(`/admin-api/shop/products/${tee.productId}`, admin)).status).toBe(404);
    });

    it('roles: a fan calling the console is 403, a guest 401, staff cannot check out; bad product input names the field', async () => {
      const jo = await fan('roles-jo');
      const tee = await product({ title: 'Roles tee' });
      for (const [method, url] of [['GET', '/admin-api/shop/products'], ['POST', '/admin-api/shop/products'], ['GET', '/admin-api/shop/orders'], ['POST', `/admin-api/shop/products/${tee.productId}/unpublish`]] as const) {
        const r = await call(method, url, method === 'GET' ? undefined : {}, jo.token);
        expect(r.status, url).toBe(403);
        expect(r.body.code).toBe('FORBIDDEN');
        expect((await call(method, url, method === 'GET' ? undefined : {})).status).toBe(401);
      }
      expect((await get('/api/shop/orders')).status).toBe(401);
      const staffBuys = await checkout(admin, { payment_method: 'card', items: [{ product_id: tee.productId, variant_id: tee.variantId, quantity: 1 }], ...card });
      expect(staffBuys.body).toMatchObject({ success: 0, message: 'Only fans can place orders.' });

      const bad = async (over: Record<string, unknown>) => (await call('POST', '/admin-api/shop/products', { title: 'Bad', price_cents: 3000, shipping: [{ country: 'US', cents: 0 }], ...over }, admin)).body;
      expect(await bad({ price_cents: 10 })).toMatchObject({ code: 'VALIDATION', field: 'price_cents', message: 'Price must be between $0.50 and $10,000.00.' });
      expect(await bad({ price_cents: 12.5 })).toMatchObject({ code: 'VALIDATION', field: 'price_cents' });
      expect(await bad({ title: '  ' })).toMatchObject({ field: 'title', message: 'Title is required.' });
      expect(await bad({ variants: [{ name: 'M', stock: 1 }, { name: 'm', stock: 1 }] })).toMatchObject({ field: 'variants.name', message: 'Two variants have the same name.' });
      expect(await bad({ variants: [{ name: 'M', stock: -1 }] })).toMatchObject({ code: 'VALIDATION', field: 'variants.0.stock' });
      expect(await bad({ variants: [{ name: 'M', stock: 2_000_000 }] })).toMatchObject({ code: 'VALIDATION', field: 'variants.0.stock', message: 'Stock must be a whole number between 0 and 1000000, or null (unlimited).' });
      expect(await bad({ shipping: [] })).toMatchObject({ field: 'shipping', message: 'Add where the product ships to.' });
      expect(await bad({ sale: { price_cents: 5000 } })).toMatchObject({ field: 'sale.price_cents' });
      expect(await bad({ visibility: 'friends' })).toMatchObject({ field: 'visibility' });
      expect((await get('/admin-api/shop/products?range=[5,1]', admin)).body).toMatchObject({ code: 'VALIDATION', field: 'range' });
      // Nothing of the refused products was made.
      expect((await get('/admin-api/shop/products', admin)).body.filter((p: { title: string }) => p.title === 'Bad')).toEqual([]);
    });

    // Last: it stops the projection runner.
    it('rebuilding the read models from the log reproduces the catalogue, stock, carts, addresses and orders', async () => {
      const { database, store } = t.server.services;
      const tables = ['shop_products', 'shop_stock', 'shop_cart_lines', 'shop_addresses', 'shop_orders'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const name of tables) out[name] = (await untypedTables(database).withSchema('rm').selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      await settleAll();
      const live = await snapshot();
      expect(live.shop_orders.length).toBeGreaterThan(0);
      expect(live.shop_cart_lines.length).toBeGreaterThan(0);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

// The shop's delivery over real HTTP: product pictures signed for those who may see the product (a subscribers-only
// product's for members and staff), and a paid order's digital items as downloads — the order of digital items
// only is fulfilled at payment, each download counted, refused to another fan, beyond the limit, after a refund of
// the line or the order and after the expiry, with the file's signed link working; the buyer's purchases page
// lists the items. A rebuild reproduces the orders with their download counts. The ledger check runs at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { commandContext, handle } from '../../commands/handle';
import { updateSiteSettings } from '../../commands/settings';
import { orderDecider, shopOrderStream } from '../../domain/shop-order/order';
import { DOWNLOAD_CHARGED_BACK, DOWNLOAD_EXPIRED, DOWNLOAD_LIMIT, DOWNLOAD_REFUNDED, DOWNLOADS_PER_LINE } from '../../domain/shop-download/download';
import { startTestServer, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { untypedTables } from '../support/tables';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';

export function shopDeliverySuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`shop delivery over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let keys = 0;
    let picture: string;
    let file: string;
    const call = (method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
      t.call(method, url, body, { ...(token ? { token } : {}), headers });
    const get = (url: string, token?: string) => call('GET', url, undefined, token);
    const settleAll = async () => {
      const head = await t.server.services.store.headPosition();
      if (head) expect(await t.server.services.runner.waitFor(head, 30_000)).toBe(true);
    };
    const upload = async (name: string, colour: { r: number; g: number; b: number }) => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer();
      const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg', media_type: 'blog' }, admin);
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const media = await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(media.body.data.status).toBe('ready');
      return media.body.data.id as string;
    };
    const fan = async (label: string, dollars = 100) => {
      const r = await call('POST', '/api/users/register', { name: `Buyer ${label}`, email: `buyer.${label}.${backend}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      if (dollars) await topUpWallet(t, token, dollars);
      return { token, id: r.body.data.userId as string };
    };
    const digital = async (over: Record<string, unknown> = {}) => {
      const r = await call('POST', '/admin-api/shop/products', {
        kind: 'digital', title: 'Photo pack', price_cents: 1500, variants: [{ name: 'Standard', stock: null }], image_media_ids: [picture], digital_media_id: file, ...over,
      }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await call('POST', `/admin-api/shop/products/${r.body.id}/publish`, {}, admin)).body.status).toBe('published');
      return { productId: r.body.id as string, variantId: r.body.variants[0].variant_id as string };
    };
    const buy = async (token: string, p: { productId: string; variantId: string }) => {
      const r = await call('POST', '/api/shop/checkout', { payment_method: 'wallet', items: [{ product_id: p.productId, variant_id: p.variantId, quantity: 1 }] }, token, { 'idempotency-key': `delivery-${backend}-${++keys}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.order as { _id: string; status: string; lines: { line_no: number; thumbnail_url: string | null; download: { remaining: number; used: number; expires_at: string; refused: string | null } | null }[] };
    };
    const download = (token: string, orderId: string, lineNo = 1) => call('POST', `/api/shop/orders/${orderId}/lines/${lineNo}/download`, {}, token);

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
      await updateSiteSettings(ctx, t.server.services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
      picture = await upload('cover.jpg', { r: 200, g: 40, b: 40 });
      file = await upload('pack.jpg', { r: 40, g: 40, b: 200 });
      await settleAll();
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('pictures: the list and the product carry signed links; a subscribers-only product is shown (with them) to staff only', async () => {
      const open = await digital({ title: 'Open pack' });
      const members = await digital({ title: 'Members pack', visibility: 'subscribers' });
      const list = (await get('/api/shop/products')).body.data.products as { _id: string; images: { _id: string; url: string; thumbnail_url: string }[] }[];
      const shown = list.find((p) => p._id === open.productId)!;
      expect(shown.images).toEqual([{ _id: picture, url: expect.stringContaining('/media/'), thumbnail_url: expect.stringContaining('/media/') }]);
      expect((await fetch(t.base + shown.images[0].thumbnail_url)).status).toBe(200);
      expect((await fetch(t.base + shown.images[0].url)).status).toBe(200);
      expect(list.some((p) => p._id === members.productId)).toBe(false);
      expect((await get(`/api/shop/products/${members.productId}`)).status).toBe(404);
      const staffView = (await get(`/api/shop/products/${members.productId}`, admin)).body.data;
      expect(staffView.images[0].thumbnail_url).toContain('/media/');
    });

    it('a digital order is fulfilled at payment; each download is counted and gives the file; the limit, another fan and a physical line are refused', async () => {
      const pack = await digital();
      const ann = await fan('ann');
      const order = await buy(ann.token, pack);
      expect(order.status).toBe('fulfilled');
      expect(order.lines[0].thumbnail_url).toContain('/media/');
      expect(order.lines[0].download).toMatchObject({ remaining: DOWNLOADS_PER_LINE, used: 0, refused: null });
      expect(Date.parse(order.lines[0].download!.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

      const bob = await fan('bob', 0);
      expect((await download(bob.token, order._id)).body).toMatchObject({ success: 0, code: 'ORDER_NOT_FOUND', message: 'Order not found.' });
      expect((await download(ann.token, order._id, 7)).body).toMatchObject({ code: 'VALIDATION', message: 'This item is not a download.', field: 'line_no' });
      expect((await call('POST', `/api/shop/orders/${order._id}/lines/x/download`, {}, ann.token)).status).toBe(400);

      for (let n = 1; n <= DOWNLOADS_PER_LINE; n++) {
        const r = await download(ann.token, order._id);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.data).toMatchObject({ file_name: 'pack.jpg', download: { used: n, remaining: DOWNLOADS_PER_LINE - n } });
        if (n === 1) {
          const bytes = await fetch(t.base + r.body.data.url);
          expect(bytes.status).toBe(200);
          expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(100);
        }
      }
      const over = await download(ann.token, order._id);
      expect(over.status).toBe(403);
      expect(over.body).toMatchObject({ code: 'DOWNLOAD_LIMIT', message: DOWNLOAD_LIMIT });
      const page = (await get(`/api/shop/orders/${order._id}`, ann.token)).body.data;
      expect(page.lines[0].download).toMatchObject({ used: DOWNLOADS_PER_LINE, remaining: 0, refused: DOWNLOAD_LIMIT });

      // Each download is an event on the line's stream.
      const events = await t.server.services.store.readStream(`shop-download-${order._id}-1`);
      expect(events.map((e) => e.type)).toEqual(Array(DOWNLOADS_PER_LINE).fill('ShopDigitalDownloaded'));

      const purchases = (await get('/api/users/purchased-contents', ann.token)).body.data;
      expect(purchases.digital_items).toEqual([expect.objectContaining({ order_id: order._id, line_no: 1, title: 'Photo pack', amount_cents: 1500, thumbnail_url: expect.stringContaining('/media/'), download: expect.objectContaining({ remaining: 0 }) })]);
    });

    it('a refund of the order or of the line, a chargeback and the expiry close the downloads', async () => {
      const pack = await digital({ title: 'Refund pack' });
      const cy = await fan('cy');
      const refunded = await buy(cy.token, pack);
      expect((await download(cy.token, refunded._id)).status).toBe(200);
      expect((await call('POST', `/admin-api/shop/orders/${refunded._id}/refund`, { reason: 'Asked for it' }, admin)).status).toBe(200);
      expect((await download(cy.token, refunded._id)).body).toMatchObject({ code: 'DOWNLOAD_REFUNDED', message: DOWNLOAD_REFUNDED });
      expect((await download(cy.token, refunded._id)).status).toBe(410);

      const staffCtx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
      const lineRefunded = await buy(cy.token, pack);
      await handle(staffCtx, shopOrderStream(lineRefunded._id), orderDecider, { type: 'RefundOrderLine', orderId: lineRefunded._id, lineNo: 1, quantity: 1, staffId: 'admin', at: new Date().toISOString() });
      expect((await download(cy.token, lineRefunded._id)).body).toMatchObject({ code: 'DOWNLOAD_REFUNDED', message: DOWNLOAD_REFUNDED });

      const chargedBack = await buy(cy.token, pack);
      await handle(staffCtx, shopOrderStream(chargedBack._id), orderDecider, { type: 'ReverseOrder', orderId: chargedBack._id, kind: 'chargeback', at: new Date().toISOString() });
      expect((await download(cy.token, chargedBack._id)).body).toMatchObject({ code: 'DOWNLOAD_CLOSED', message: DOWNLOAD_CHARGED_BACK });

      // An order paid 31 days ago (written straight to its stream, as the payment would have 31 days ago).
      const lateId = crypto.randomUUID();
      const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
      const line = { lineNo: 1, productId: pack.productId, variantId: pack.variantId, kind: 'digital' as const, title: 'Refund pack', variantName: 'Standard', sku: '', unitPriceCents: 1500, quantity: 1 };
      await handle(staffCtx, shopOrderStream(lateId), orderDecider, { type: 'PlaceOrder', orderId: lateId, userId: cy.id, lines: [line], shippingCents: 0, address: null, at: longAgo });
      await handle(staffCtx, shopOrderStream(lateId), orderDecider, { type: 'MarkOrderPaid', orderId: lateId, at: longAgo });
      await settleAll();
      const r = await download(cy.token, lateId);
      expect(r.status).toBe(410);
      expect(r.body).toMatchObject({ code: 'DOWNLOAD_EXPIRED', message: DOWNLOAD_EXPIRED });
      expect((await get(`/api/shop/orders/${lateId}`, cy.token)).body.data.lines[0].download).toMatchObject({ remaining: DOWNLOADS_PER_LINE, refused: DOWNLOAD_EXPIRED });
    });

    if (backend === 'pglite') it("the shop's settings set the downloads per item, the days to download and each link's minutes, for orders bought before too", async () => {
      const pack = await digital({ title: 'Settings pack' });
      const dee = await fan('dee');
      const order = await buy(dee.token, pack);
      const saved = await call('POST', '/api/settings/shop', { download_limit: 2, download_days: 40, download_link_minutes: 1 }, admin);
      expect(saved.body.data).toMatchObject({ download_limit: 2, download_days: 40, download_link_minutes: 1 });
      const first = await download(dee.token, order._id);
      expect(first.body.data.download).toMatchObject({ limit: 2, used: 1, remaining: 1 });
      expect(Date.parse(first.body.data.download.expires_at) - Date.now()).toBeGreaterThan(39 * 86_400_000);
      // The file's link lasts the settings' minute (rounded up by at most a tenth).
      const exp = Number(new URL(first.body.data.url, t.base).searchParams.get('exp'));
      expect(exp - Date.now() / 1000).toBeGreaterThan(50);
      expect(exp - Date.now() / 1000).toBeLessThanOrEqual(67);
      expect((await download(dee.token, order._id)).status).toBe(200);
      const over = await download(dee.token, order._id);
      expect(over.status).toBe(403);
      expect(over.body).toMatchObject({ code: 'DOWNLOAD_LIMIT', message: 'You have used all 2 downloads of this item.' });
      // Bounds are refused by field, and nothing changes.
      for (const [field, value] of [['download_limit', 0], ['download_days', 3651], ['download_link_minutes', 1.5], ['download_limit', 'five']] as const) {
        const bad = await call('POST', '/api/settings/shop', { [field]: value }, admin);
        expect(bad.status, JSON.stringify(bad.body)).toBe(400);
        expect(bad.body).toMatchObject({ success: 0, field });
      }
      expect((await get('/api/settings/shop', admin)).body.data).toMatchObject({ download_limit: 2, download_days: 40, download_link_minutes: 1 });
      expect((await call('POST', '/api/settings/shop', { download_limit: DOWNLOADS_PER_LINE, download_days: 30, download_link_minutes: 5 }, admin)).status).toBe(200);
    });

    // Last: it stops the projection runner.
    it('rebuilding the read models reproduces the orders with their download counts', async () => {
      const { database, store } = t.server.services;
      const snapshot = async () => (await untypedTables(database).withSchema('rm').selectFrom('shop_orders').selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      await settleAll();
      const live = await snapshot();
      expect(live.some((r) => r.includes('"downloads":'))).toBe(true);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

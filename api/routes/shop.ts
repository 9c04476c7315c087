// The shop for fans:
//   GET    /api/shop/products?page&q          published products the viewer may see (subscribers-only: members and staff)
//   GET    /api/shop/products/:id             one product
//   GET    /api/shop/cart                     the cart: lines at today's prices with their availability, count, subtotal
//   POST   /api/shop/cart                     {product_id, variant_id, quantity} → the cart
//   PUT    /api/shop/cart/:variantId          {quantity} → the cart
//   DELETE /api/shop/cart/:variantId          → the cart
//   GET    /api/shop/addresses                the fan's shipping addresses
//   POST   /api/shop/addresses                {name, line1, line2, city, state, postalCode, country, phone} → the addresses
//   PUT    /api/shop/addresses/:id, DELETE /api/shop/addresses/:id → the addresses
//   POST   /api/shop/checkout                 {payment_method card|wallet, address_id, items?, card fields} with an
//                                             Idempotency-Key (a retry answers the same order); 409 'Sold out.' naming the line
//   GET    /api/shop/orders?page, GET /api/shop/orders/:id   the fan's own orders (a digital line with its downloads left)
//   POST   /api/shop/orders/:id/lines/:lineNo/download        a digital line's file: counts one download, answers the
//                                             file's link signed for a few minutes (refused: 404 another's order, 409 unpaid,
//                                             410 expired / refunded / cancelled / charged back, 403 no downloads left)
// The shop's pages are shown per the settings' menu switch (closed, or not ticked for the viewer's audience: 404).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { isStaffRole } from '../../domain/shared/wire';
import { canSeeProduct, PRODUCT_NOT_FOUND, priceAt, SOLD_OUT } from '../../domain/shop-product/product';
import { ORDER_NOT_FOUND } from '../../domain/shop-order/order';
import { cartCount } from '../../domain/shop-cart/cart';
import { SHOP_CLOSED, shopShownTo } from '../../domain/settings/shop-settings';
import { walletPurchaseMessage } from '../../domain/wallet/wallet';
import { addAddress, addToCart, changeAddress, checkoutByCard, checkoutFromWallet, removeAddress, removeFromCart, setCartQuantity } from '../../commands/shop';
import { findProduct, listProducts, productsByIds, type ShopProduct } from '../../projections/shop-products';
import { cartLines } from '../../projections/shop-carts';
import { addressesOf } from '../../projections/shop-addresses';
import { findOrder, listOrders, type ShopOrderRow } from '../../projections/shop-orders';
import { downloadDigitalItem } from '../../commands/shop-downloads';
import { DOWNLOAD_LINK_SECONDS } from '../../domain/shop-download/download';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { answer } from '../openapi';
import { ok, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { choiceOf, paymentResult } from '../schemas/payment';
import { declined } from '../schemas/purchase-answers';
import {
  addressBody, addressIdParams, addressList, addToCartBody, cartQuantityBody, cartView, checkoutAnswer, checkoutBody, checkoutConflict, downloadAnswer, downloadParams, orderIdParams, orderList, orderPage, orderView,
  productIdParams, productList, productListQuery, productView, variantIdParams,
} from '../schemas/shop';
import type { z } from 'zod';
import { digitalFile, downloadViewOf, orderViewOf, productImages, productThumbnails, productViewOf } from '../queries/shop';
import type { Services } from '../services';

const PRODUCTS_PAGE_SIZE = 24;
const ORDERS_PAGE_SIZE = 20;

type Viewer = { role: Parameters<typeof shopShownTo>[1]; isStaff: boolean; isSubscriber: boolean };

export const shopRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const deps = () => services.purchases;
  const now = () => services.clock().toISOString();

  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const c = request.caller;
    if (!c) return { role: null, isStaff: false, isSubscriber: false };
    const sub = await findSubscriber(db(), c.userId);
    return { role: c.role, isStaff: isStaffRole(c.role), isSubscriber: subscriberStatus(sub, now()) === 'active' };
  };
  /** The viewer, when the shop is shown to them; else 404 'The shop is closed.'. */
  const shopViewer = async (request: FastifyRequest): Promise<Viewer> => {
    const [viewer, settings] = await Promise.all([viewerOf(request), currentSettings(db())]);
    if (!shopShownTo(settings.shop_settings, viewer.role)) throw new DomainError(SHOP_CLOSED, 'SHOP_CLOSED', 404);
    return viewer;
  };
  const visible = (p: ShopProduct | undefined, v: Viewer): p is ShopProduct =>
    !!p && !p.deleted && canSeeProduct({ status: p.status, visibility: p.visibility }, v) && (v.isStaff || p.status === 'published');

  const cartOf = async (userId: string, viewer: Viewer): Promise<z.output<typeof cartView>> => {
    const lines = await cartLines(db(), userId);
    const products = await productsByIds(db(), [...new Set(lines.map((l) => l.product_id))]);
    const at = now();
    // Pictures only of what the viewer may see (a subscribers-only product in a lapsed member's cart shows none).
    const images = await productImages(services, [...products.values()].filter((p) => visible(p, viewer)));
    const shown = lines.map((l) => {
      const p = products.get(l.product_id);
      const variant = p?.variants.find((v) => v.variantId === l.variant_id);
      const forSale = visible(p, viewer) && p.status === 'published';
      const available = p?.stock[l.variant_id]?.available ?? null;
      const unit = p ? priceAt({ priceCents: p.price_cents, sale: p.sale }, at) : 0;
      const problem = !forSale ? PRODUCT_NOT_FOUND
        : !variant ? 'This option is no longer available.'
          : available !== null && available < l.quantity ? (available <= 0 ? SOLD_OUT : `Only ${available} left.`) : null;
      return {
        product_id: l.product_id, variant_id: l.variant_id, title: p?.title ?? '', variant_name: variant?.name ?? '', kind: p?.kind ?? 'physical',
        image_media_id: p?.image_media_ids[0] ?? null, thumbnail_url: (p && images.get(p.image_media_ids[0])?.thumbnail_url) ?? null, unit_price_cents: unit, quantity: l.quantity, line_total_cents: unit * l.quantity, available, problem,
      };
    });
    return { lines: shown, count: cartCount(lines), subtotal_cents: shown.filter((l) => !l.problem).reduce((n, l) => n + l.line_total_cents, 0) };
  };

  // ---- catalogue ----

  app.get('/api/shop/products', { schema: { querystring: productListQuery, response: { 200: answer(productList) } } }, async (request, reply) => {
    const viewer = await shopViewer(request);
    const { page, q } = request.query;
    const r = await listProducts(db(), { drafts: false, subscribersOnly: viewer.isStaff || viewer.isSubscriber, q: q?.trim() || undefined, offset: (page - 1) * PRODUCTS_PAGE_SIZE, limit: PRODUCTS_PAGE_SIZE });
    const at = now();
    const images = await productImages(services, r.rows);
    return ok(reply, { products: r.rows.map((p) => productViewOf(p, at, images)), total: r.total, page, totalPages: Math.max(1, Math.ceil(r.total / PRODUCTS_PAGE_SIZE)) });
  });

  app.get('/api/shop/products/:id', { schema: { params: productIdParams, response: { 200: answer(productView) } } }, async (request, reply) => {
    const viewer = await shopViewer(request);
    const p = await findProduct(db(), request.params.id);
    if (!visible(p, viewer)) throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
    return ok(reply, productViewOf(p, now(), await productImages(services, [p])));
  });

  // ---- cart ----

  app.get('/api/shop/cart', { schema: { response: { 200: answer(cartView) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, await cartOf(caller.userId, await viewerOf(request)));
  });

  const cartWrite = async (request: FastifyRequest, reply: FastifyReply, run: (ctx: ReturnType<typeof contextFor>, userId: string) => Promise<unknown>) => {
    const caller = requireCaller(request);
    const viewer = await shopViewer(request);
    const ctx = contextFor(request, services);
    await run(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, await cartOf(caller.userId, viewer), { position: ctx.lastPosition });
  };

  app.post('/api/shop/cart', { schema: { body: addToCartBody, response: { 200: answer(cartView) } } }, (request, reply) =>
    cartWrite(request, reply, async (ctx, userId) => {
      const viewer = await viewerOf(request);
      const { product_id, variant_id, quantity } = request.body;
      // Subscribers-only products are refused to others as if they did not exist.
      if (!visible(await findProduct(db(), product_id), viewer)) throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
      await addToCart(ctx, userId, { productId: product_id, variantId: variant_id, quantity });
    }));

  app.put('/api/shop/cart/:variantId', { schema: { params: variantIdParams, body: cartQuantityBody, response: { 200: answer(cartView) } } }, (request, reply) =>
    cartWrite(request, reply, (ctx, userId) => setCartQuantity(ctx, userId, request.params.variantId, request.body.quantity)));

  app.delete('/api/shop/cart/:variantId', { schema: { params: variantIdParams, response: { 200: answer(cartView) } } }, (request, reply) =>
    cartWrite(request, reply, (ctx, userId) => removeFromCart(ctx, userId, request.params.variantId)));

  // ---- addresses ----

  const addresses = async (userId: string, added?: string) => {
    const rows = await addressesOf(db(), userId);
    return { addresses: rows.map((r) => ({ _id: r.id, ...r.address })), ...(added ? { address_id: added } : {}) };
  };

  app.get('/api/shop/addresses', { schema: { response: { 200: answer(addressList) } } }, async (request, reply) => ok(reply, await addresses(requireCaller(request).userId)));

  app.post('/api/shop/addresses', { schema: { body: addressBody, response: { 200: answer(addressList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const id = await addAddress(ctx, caller.userId, request.body);
    await settle(services, ctx);
    return ok(reply, await addresses(caller.userId, id), { position: ctx.lastPosition });
  });

  app.put('/api/shop/addresses/:id', { schema: { params: addressIdParams, body: addressBody, response: { 200: answer(addressList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await changeAddress(ctx, caller.userId, request.params.id, request.body);
    await settle(services, ctx);
    return ok(reply, await addresses(caller.userId), { position: ctx.lastPosition });
  });

  app.delete('/api/shop/addresses/:id', { schema: { params: addressIdParams, response: { 200: answer(addressList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await removeAddress(ctx, caller.userId, request.params.id);
    await settle(services, ctx);
    return ok(reply, await addresses(caller.userId), { position: ctx.lastPosition });
  });

  // ---- checkout ----

  app.post('/api/shop/checkout', { schema: { body: checkoutBody, response: { 200: answer(checkoutAnswer), 402: declined(checkoutAnswer), 409: checkoutConflict } } }, async (request, reply) => {
    const caller = requireCaller(request);
    // The order id is derived from the key, so a retry (a lost answer, a double click) is the same order.
    if (typeof request.headers['idempotency-key'] !== 'string') throw new ValidationError('Idempotency-Key', 'Idempotency-Key is required.');
    const body = request.body;
    const input = {
      userId: caller.userId, role: caller.role, addressId: body.address_id,
      items: body.items ? body.items.map((i) => ({ productId: i.product_id, variantId: i.variant_id, quantity: i.quantity })) : null,
    };
    const ctx = contextFor(request, services);
    const orderAnswer = async (orderId: string) => {
      await settle(services, ctx);
      const o = await findOrder(db(), orderId);
      return o && o.user_id === caller.userId ? (await ordersShown([o], await viewerOf(request)))[0] : null;
    };
    try {
      if (body.payment_method === 'wallet') {
        const outcome = await checkoutFromWallet(ctx, deps(), input);
        const data = { ...paymentResult(outcome), order_id: outcome.paymentId, amount_cents: outcome.amountCents, wallet_balance_cents: outcome.balanceCents, order: await orderAnswer(outcome.paymentId) };
        return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
      }
      const outcome = await checkoutByCard(ctx, deps(), { ...input, card: choiceOf(body) });
      const data = { ...paymentResult(outcome), order_id: outcome.paymentId, amount_cents: outcome.amountCents, order: await orderAnswer(outcome.paymentId) };
      if (outcome.accepted) return ok(reply, data, { message: outcome.message, position: ctx.lastPosition });
      return reply.code(402).send({ success: 0, message: outcome.message, data, code: 'PAYMENT_FAILED' });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      // The domain names the address as addressId; the request calls it address_id.
      if (e instanceof ValidationError && e.field === 'addressId') throw new ValidationError('address_id', e.message);
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      if (e instanceof DomainError && e.code === 'SOLD_OUT') {
        const d = e.details as { productId?: string; variantId?: string; title?: string; available?: number };
        return reply.code(409).send({
          success: 0, message: e.message, code: e.code,
          data: { product_id: d.productId ?? null, variant_id: d.variantId ?? null, title: d.title ?? null, available: d.available ?? 0 },
        });
      }
      throw e;
    }
  });

  // ---- orders ----

  /** The orders as their buyer sees them: each line's picture (while the buyer may see the product) and downloads. */
  const ordersShown = async (orders: ShopOrderRow[], viewer: Viewer) => {
    const products = await productsByIds(db(), [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))]);
    const thumbnails = await productThumbnails(services, [...products.values()].filter((p) => visible(p, viewer)));
    const at = now();
    return orders.map((o) => orderViewOf(o, { now: at, thumbnails }));
  };

  app.get('/api/shop/orders', { schema: { querystring: orderPage, response: { 200: answer(orderList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { page } = request.query;
    const r = await listOrders(db(), { userId: caller.userId, offset: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE });
    return ok(reply, { orders: await ordersShown(r.rows, await viewerOf(request)), total: r.total, page, totalPages: Math.max(1, Math.ceil(r.total / ORDERS_PAGE_SIZE)) });
  });

  app.get('/api/shop/orders/:id', { schema: { params: orderIdParams, response: { 200: answer(orderView) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const o = await findOrder(db(), request.params.id);
    // Another fan's order is answered as if it did not exist.
    if (!o || o.user_id !== caller.userId) throw new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
    return ok(reply, (await ordersShown([o], await viewerOf(request)))[0]);
  });

  app.post('/api/shop/orders/:id/lines/:lineNo/download', { schema: { params: downloadParams, response: { 200: answer(downloadAnswer) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { id, lineNo } = request.params;
    const o = await findOrder(db(), id);
    if (!o || o.user_id !== caller.userId) throw new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
    const line = o.lines.find((l) => l.lineNo === lineNo);
    // The file is looked up first: a file that cannot be served uses up no download.
    const file = line?.kind === 'digital' ? await digitalFile(services, (await productsByIds(db(), [line.productId])).get(line.productId)) : null;
    if (line?.kind === 'digital' && !file) throw new DomainError('This file is not available right now. Please try again later.', 'DOWNLOAD_UNAVAILABLE', 409);
    const ctx = contextFor(request, services);
    await downloadDigitalItem(ctx, caller.userId, id, lineNo, line?.productId ?? '');
    await settle(services, ctx);
    const after = (await findOrder(db(), id)) ?? o;
    const shownLine = after.lines.find((l) => l.lineNo === lineNo)!;
    return ok(reply, { url: await services.storage.signedGetUrl(file!.key, DOWNLOAD_LINK_SECONDS), file_name: file!.fileName, download: downloadViewOf(after, shownLine, now())! }, { position: ctx.lastPosition });
  });
};

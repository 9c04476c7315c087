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
import { PRODUCT_NOT_FOUND } from '../../domain/shop-product/product';
import { ORDER_NOT_FOUND } from '../../domain/shop-order/order';
import { addAddress, addToCart, changeAddress, checkoutByCard, checkoutFromWallet, removeAddress, removeFromCart, setCartQuantity } from '../../commands/shop';
import { findProduct, listProducts } from '../../projections/shop-products';
import { findOrder, listOrders } from '../../projections/shop-orders';
import { downloadDigitalItem } from '../../commands/shop-downloads';
import { answer } from '../openapi';
import { ok, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { choiceOf } from '../schemas/payment';
import { declined } from '../schemas/purchase-answers';
import {
  addressBody, addressIdParams, addressList, addToCartBody, cartQuantityBody, cartView, checkoutAnswer, checkoutBody, checkoutConflict, downloadAnswer, downloadParams, orderIdParams, orderList, orderPage, orderView,
  productIdParams, productList, productListQuery, productView, variantIdParams,
} from '../schemas/shop';
import { productImages, productViewOf } from '../queries/shop';
import { shopFanQueries } from '../queries/shop-fan';
import type { Services } from '../services';

const PRODUCTS_PAGE_SIZE = 24;
const ORDERS_PAGE_SIZE = 20;

export const shopRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock().toISOString();
  const shop = shopFanQueries(services);

  // ---- catalogue ----

  app.get('/api/shop/products', { schema: { querystring: productListQuery, response: { 200: answer(productList) } } }, async (request, reply) => {
    const viewer = await shop.shopViewer(request);
    const { page, q } = request.query;
    const r = await listProducts(db(), { drafts: false, subscribersOnly: viewer.isStaff || viewer.isSubscriber, q: q?.trim() || undefined, offset: (page - 1) * PRODUCTS_PAGE_SIZE, limit: PRODUCTS_PAGE_SIZE });
    const at = now();
    const images = await productImages(services, r.rows);
    return ok(reply, { products: r.rows.map((p) => productViewOf(p, at, images)), total: r.total, page, totalPages: Math.max(1, Math.ceil(r.total / PRODUCTS_PAGE_SIZE)) });
  });

  app.get('/api/shop/products/:id', { schema: { params: productIdParams, response: { 200: answer(productView) } } }, async (request, reply) => {
    const viewer = await shop.shopViewer(request);
    const p = await findProduct(db(), request.params.id);
    if (!shop.visible(p, viewer)) throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
    return ok(reply, productViewOf(p, now(), await productImages(services, [p])));
  });

  // ---- cart ----

  app.get('/api/shop/cart', { schema: { response: { 200: answer(cartView) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, await shop.cartOf(caller.userId, await shop.viewerOf(request)));
  });

  const cartWrite = async (request: FastifyRequest, reply: FastifyReply, run: (ctx: ReturnType<typeof contextFor>, userId: string) => Promise<unknown>) => {
    const caller = requireCaller(request);
    const viewer = await shop.shopViewer(request);
    const ctx = contextFor(request, services);
    await run(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, await shop.cartOf(caller.userId, viewer), { position: ctx.lastPosition });
  };

  app.post('/api/shop/cart', { schema: { body: addToCartBody, response: { 200: answer(cartView) } } }, (request, reply) =>
    cartWrite(request, reply, async (ctx, userId) => {
      const { product_id, variant_id, quantity } = request.body;
      // Subscribers-only products are refused to others as if they did not exist.
      if (!shop.visible(await findProduct(db(), product_id), await shop.viewerOf(request))) throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
      await addToCart(ctx, userId, { productId: product_id, variantId: variant_id, quantity });
    }));

  app.put('/api/shop/cart/:variantId', { schema: { params: variantIdParams, body: cartQuantityBody, response: { 200: answer(cartView) } } }, (request, reply) =>
    cartWrite(request, reply, (ctx, userId) => setCartQuantity(ctx, userId, request.params.variantId, request.body.quantity)));

  app.delete('/api/shop/cart/:variantId', { schema: { params: variantIdParams, response: { 200: answer(cartView) } } }, (request, reply) =>
    cartWrite(request, reply, (ctx, userId) => removeFromCart(ctx, userId, request.params.variantId)));

  // ---- addresses ----

  app.get('/api/shop/addresses', { schema: { response: { 200: answer(addressList) } } }, async (request, reply) => ok(reply, await shop.addresses(requireCaller(request).userId)));

  const addressWrite = async (request: FastifyRequest, reply: FastifyReply, run: (ctx: ReturnType<typeof contextFor>, userId: string) => Promise<string | void>) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const added = await run(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, await shop.addresses(caller.userId, added || undefined), { position: ctx.lastPosition });
  };

  app.post('/api/shop/addresses', { schema: { body: addressBody, response: { 200: answer(addressList) } } }, (request, reply) =>
    addressWrite(request, reply, (ctx, userId) => addAddress(ctx, userId, request.body)));

  app.put('/api/shop/addresses/:id', { schema: { params: addressIdParams, body: addressBody, response: { 200: answer(addressList) } } }, (request, reply) =>
    addressWrite(request, reply, async (ctx, userId) => { await changeAddress(ctx, userId, request.params.id, request.body); }));

  app.delete('/api/shop/addresses/:id', { schema: { params: addressIdParams, response: { 200: answer(addressList) } } }, (request, reply) =>
    addressWrite(request, reply, async (ctx, userId) => { await removeAddress(ctx, userId, request.params.id); }));

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
    const byWallet = body.payment_method === 'wallet';
    try {
      const outcome = byWallet ? await checkoutFromWallet(ctx, services.purchases, input) : await checkoutByCard(ctx, services.purchases, { ...input, card: choiceOf(body) });
      await settle(services, ctx);
      const { data, message, accepted } = await shop.checkoutAnswer(request, caller.userId, outcome, byWallet);
      if (accepted) return ok(reply, data, { message, position: ctx.lastPosition });
      return reply.code(402).send({ success: 0, message, data, code: 'PAYMENT_FAILED' });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      // The domain names the address as addressId; the request calls it address_id.
      if (e instanceof ValidationError && e.field === 'addressId') throw new ValidationError('address_id', e.message);
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      if (e instanceof DomainError && e.code === 'SOLD_OUT') return reply.code(409).send(shop.soldOut(e));
      throw e;
    }
  });

  // ---- orders ----

  app.get('/api/shop/orders', { schema: { querystring: orderPage, response: { 200: answer(orderList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { page } = request.query;
    const r = await listOrders(db(), { userId: caller.userId, offset: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE });
    return ok(reply, { orders: await shop.ordersShown(r.rows, await shop.viewerOf(request)), total: r.total, page, totalPages: Math.max(1, Math.ceil(r.total / ORDERS_PAGE_SIZE)) });
  });

  app.get('/api/shop/orders/:id', { schema: { params: orderIdParams, response: { 200: answer(orderView) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const o = await findOrder(db(), request.params.id);
    // Another fan's order is answered as if it did not exist.
    if (!o || o.user_id !== caller.userId) throw new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
    return ok(reply, (await shop.ordersShown([o], await shop.viewerOf(request)))[0]);
  });

  app.post('/api/shop/orders/:id/lines/:lineNo/download', { schema: { params: downloadParams, response: { 200: answer(downloadAnswer) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { id, lineNo } = request.params;
    const target = await shop.downloadTarget(caller.userId, id, lineNo);
    const ctx = contextFor(request, services);
    await downloadDigitalItem(ctx, caller.userId, id, lineNo, target.productId, target.rules);
    await settle(services, ctx);
    return ok(reply, await shop.downloadAnswer(id, lineNo, target), { position: ctx.lastPosition });
  });
};

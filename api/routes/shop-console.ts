// The shop in the console (react-admin resources shop/products and shop/orders; the settings roles):
//   GET    /admin-api/shop/products                 the list (drafts too), Content-Range; filter {q, status}
//   POST   /admin-api/shop/products                 a new draft with its variants' stock → the record
//   GET|PUT|DELETE /admin-api/shop/products/:id
//   POST   /admin-api/shop/products/:id/publish, /unpublish
//   GET    /admin-api/shop/orders                   every order, Content-Range; filter {q (buyer or order id), status}
//   GET    /admin-api/shop/orders/:id
//   GET|POST /api/settings/shop                    the shop's settings (open, menu per audience, currency display)
//   POST   /admin-api/shop/orders/:id/ship {carrier, tracking_number}, /complete, /cancel {reason}, /refund {reason, lines?}
//          (lines [{line_no, quantity?}]: only those lines' money and stock come back; absent: the whole order)
// A product's description goes through the site's HTML sanitizer. Cancelling a paid order and refunding one give
// the money and the stock back.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { PRODUCT_NOT_FOUND, type ProductDetails } from '../../domain/shop-product/product';
import { ORDER_NOT_FOUND } from '../../domain/shop-order/order';
import { cancelOrder, completeOrder, createProduct, deleteProduct, refundOrder, refundOrderLines, setProductPublished, shipOrder, updateProduct } from '../../commands/shop';
import type { CommandContext } from '../../commands/handle';
import { findProduct, listProducts, type ShopProduct } from '../../projections/shop-products';
import { findOrder, listOrders } from '../../projections/shop-orders';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { orderViewOf, productImages, productViewOf, type ProductImage } from '../queries/shop';
import { adminOrderView, adminProductView, orderIdParams, productBody, productIdParams, reasonBody, refundBody, shipBody, shopSettingsBody, shopSettingsView } from '../schemas/shop';
import type { Services } from '../services';
import { updateSiteSettings } from '../../commands/settings';
import { currentSettings } from '../../projections/settings';
import { mergeShopSettings, DEFAULT_SHOP_SETTINGS } from '../../domain/settings/shop-settings';
import { answer } from '../openapi-envelopes';
import { ok } from '../http';

/** The domain's field names as the request names them, so a 400 points at the field the console sent. */
const REQUEST_FIELDS: Record<string, string> = {
  price: 'price_cents', 'sale.price': 'sale.price_cents', 'sale.endsAt': 'sale.ends_at', images: 'image_media_ids', digitalMediaId: 'digital_media_id',
  stock: 'variants.stock', 'shipping.cents': 'shipping.cents', trackingNumber: 'tracking_number', lineNo: 'lines.line_no', quantity: 'lines.quantity',
};
async function asRequest<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ValidationError && REQUEST_FIELDS[e.field]) throw new ValidationError(REQUEST_FIELDS[e.field], e.message);
    throw e;
  }
}

type AdminProduct = z.output<typeof adminProductView>;
type AdminOrder = z.output<typeof adminOrderView>;

export const shopConsoleRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock().toISOString();

  const productRecord = (p: ShopProduct, images: ReadonlyMap<string, ProductImage>): AdminProduct => {
    const shown = productViewOf(p, now(), images);
    return {
      ...shown, id: p.id, status: p.status, description: p.description_html, digital_media_id: p.digital_media_id, updated: p.updated_at,
      sale: p.sale ? { price_cents: p.sale.priceCents, starts_at: p.sale.startsAt, ends_at: p.sale.endsAt } : null,
      variants: shown.variants.map((v) => {
        const s = p.stock[v.variant_id];
        return { ...v, on_hand: s?.on_hand ?? null, reserved: s?.reserved ?? 0, sold: s?.sold ?? 0, stock: s?.available ?? null };
      }),
    };
  };
  const product = async (id: string) => {
    const p = await findProduct(db(), id);
    if (!p) throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
    return productRecord(p, await productImages(services, [p]));
  };
  const orderRecord = async (id: string): Promise<AdminOrder> => {
    const o = await findOrder(db(), id);
    if (!o) throw new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
    return {
      ...orderViewOf(o), id: o.id, user: { _id: o.user_id, name: o.user_name ?? '', email: o.user_email ?? '' }, failure_code: o.failure_code,
      history: (o.history ?? []).map((h) => ({ status: h.status, at: h.at, by: h.by, note: h.note })), updated_at: o.updated_at,
    };
  };

  /** The request's product as the domain takes it: the description sanitised, new variants given ids. */
  const detailsOf = (ctx: CommandContext, body: z.output<typeof productBody>, current: ShopProduct | null) => {
    // A variant keeps its id only within its own product (its stock is its own stream); a new one gets a new id.
    const own = new Set(current?.variants.map((v) => v.variantId) ?? []);
    for (const v of body.variants) if (v.variant_id && current && !own.has(v.variant_id)) throw new ValidationError('variants.variant_id', 'This product has no such variant.');
    const variants = body.variants.map((v) => ({ variantId: v.variant_id && own.has(v.variant_id) ? v.variant_id : ctx.idFor('shop-variant'), name: v.name, sku: v.sku, stock: v.stock }));
    const details: ProductDetails = {
      kind: body.kind, title: body.title, descriptionHtml: services.sanitizeHtml(body.description), imageMediaIds: body.image_media_ids, priceCents: body.price_cents,
      sale: body.sale ? { priceCents: body.sale.price_cents, startsAt: body.sale.starts_at, endsAt: body.sale.ends_at } : null,
      variants: variants.map(({ variantId, name, sku }) => ({ variantId, name, sku })),
      shipping: body.shipping.map((r) => ({ country: r.country.trim().toUpperCase(), cents: r.cents })), visibility: body.visibility, digitalMediaId: body.digital_media_id,
    };
    return { details, stock: Object.fromEntries(variants.map((v) => [v.variantId, v.stock])) };
  };

  const staffWrite = async <T>(request: FastifyRequest, run: (ctx: CommandContext, staffId: string) => Promise<T>): Promise<T> => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const result = await asRequest(() => run(ctx, caller.userId));
    await settle(services, ctx);
    return result;
  };

  // ---- products ----

  app.get('/admin-api/shop/products', { schema: { response: { 200: z.array(adminProductView) } } }, async (request, reply) => {
    const p = listParams(request, 'created_at');
    const sortable = ['created_at', 'title', 'price_cents', 'updated_at'] as const;
    const sort = (sortable as readonly string[]).includes(p.sort[0]) ? (p.sort[0] as (typeof sortable)[number]) : 'created_at';
    const status = p.filter.status === 'draft' || p.filter.status === 'published' ? p.filter.status : undefined;
    const r = await listProducts(db(), {
      drafts: true, subscribersOnly: true, q: typeof p.filter.q === 'string' && p.filter.q.trim() ? p.filter.q.trim() : undefined, status, sort, order: p.sort[1],
      offset: p.range[0], limit: Math.min(500, p.range[1] - p.range[0] + 1),
    });
    const images = await productImages(services, r.rows);
    const records = r.rows.map((row) => productRecord(row, images));
    return sendList(reply, 'shop/products', p, { rows: records, total: r.total }, records);
  });

  app.post('/admin-api/shop/products', { schema: { body: productBody, response: { 200: adminProductView } } }, async (request, reply) => {
    const id = await staffWrite(request, (ctx, staffId) => {
      const { details, stock } = detailsOf(ctx, request.body, null);
      return createProduct(ctx, staffId, details, stock);
    });
    return reply.send(await product(id));
  });

  app.get('/admin-api/shop/products/:id', { schema: { params: productIdParams, response: { 200: adminProductView } } }, async (request, reply) =>
    reply.send(await product(request.params.id)));

  app.put('/admin-api/shop/products/:id', { schema: { params: productIdParams, body: productBody, response: { 200: adminProductView } } }, async (request, reply) => {
    const current = await findProduct(db(), request.params.id);
    if (!current) throw new DomainError(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', 404);
    await staffWrite(request, (ctx, staffId) => {
      const { details, stock } = detailsOf(ctx, request.body, current);
      return updateProduct(ctx, staffId, request.params.id, details, stock);
    });
    return reply.send(await product(request.params.id));
  });

  app.delete('/admin-api/shop/products/:id', { schema: { params: productIdParams, response: { 200: z.object({ id: z.string() }) } } }, async (request, reply) => {
    await staffWrite(request, (ctx) => deleteProduct(ctx, request.params.id));
    return reply.send({ id: request.params.id });
  });

  for (const action of ['publish', 'unpublish'] as const)
    app.post(`/admin-api/shop/products/:id/${action}`, { schema: { params: productIdParams, response: { 200: adminProductView } } }, async (request, reply) => {
      await staffWrite(request, (ctx) => setProductPublished(ctx, request.params.id, action === 'publish'));
      return reply.send(await product(request.params.id));
    });

  // ---- settings ----

  const shopSettings = async () => ({ ...DEFAULT_SHOP_SETTINGS, ...(await currentSettings(db())).shop_settings });
  app.get('/api/settings/shop', { schema: { response: { 200: answer(shopSettingsView) } } }, async (_request, reply) => ok(reply, await shopSettings()));
  app.post('/api/settings/shop', { schema: { body: shopSettingsBody, response: { 200: answer(shopSettingsView) } } }, async (request, reply) => {
    const change = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
    const next = mergeShopSettings(await shopSettings(), change);
    await staffWrite(request, (ctx) => updateSiteSettings(ctx, services.sanitizeHtml, { shop_settings: next }));
    return ok(reply, await shopSettings(), { message: 'Shop settings saved.' });
  });

  // ---- orders ----

  app.get('/admin-api/shop/orders', { schema: { response: { 200: z.array(adminOrderView) } } }, async (request, reply) => {
    const p = listParams(request, 'placed_at');
    const sortable = ['placed_at', 'total_cents', 'status', 'updated_at'] as const;
    const sort = (sortable as readonly string[]).includes(p.sort[0]) ? (p.sort[0] as (typeof sortable)[number]) : 'placed_at';
    const r = await listOrders(db(), {
      userId: null, status: typeof p.filter.status === 'string' && p.filter.status ? p.filter.status : undefined,
      q: typeof p.filter.q === 'string' && p.filter.q.trim() ? p.filter.q.trim() : undefined, sort, order: p.sort[1], offset: p.range[0], limit: Math.min(500, p.range[1] - p.range[0] + 1),
    });
    const records = await Promise.all(r.rows.map((o) => orderRecord(o.id)));
    return sendList(reply, 'shop/orders', p, { rows: records, total: r.total }, records);
  });

  app.get('/admin-api/shop/orders/:id', { schema: { params: orderIdParams, response: { 200: adminOrderView } } }, async (request, reply) =>
    reply.send(await orderRecord(request.params.id)));

  app.post('/admin-api/shop/orders/:id/ship', { schema: { params: orderIdParams, body: shipBody, response: { 200: adminOrderView } } }, async (request, reply) => {
    await staffWrite(request, (ctx, staffId) => shipOrder(ctx, staffId, request.params.id, request.body.carrier, request.body.tracking_number));
    return reply.send(await orderRecord(request.params.id));
  });

  app.post('/admin-api/shop/orders/:id/complete', { schema: { params: orderIdParams, response: { 200: adminOrderView } } }, async (request, reply) => {
    await staffWrite(request, (ctx) => completeOrder(ctx, request.params.id));
    return reply.send(await orderRecord(request.params.id));
  });

  app.post('/admin-api/shop/orders/:id/cancel', { schema: { params: orderIdParams, body: reasonBody, response: { 200: adminOrderView } } }, async (request, reply) => {
    await staffWrite(request, (ctx, staffId) => cancelOrder(ctx, services.purchases, staffId, request.params.id, request.body.reason));
    return reply.send(await orderRecord(request.params.id));
  });

  app.post('/admin-api/shop/orders/:id/refund', { schema: { params: orderIdParams, body: refundBody, response: { 200: adminOrderView } } }, async (request, reply) => {
    const { reason, lines } = request.body;
    await staffWrite(request, async (ctx, staffId) => {
      if (lines) await refundOrderLines(ctx, services.purchases, staffId, request.params.id, lines.map((l) => ({ lineNo: l.line_no, quantity: l.quantity })), reason.trim() || null);
      else await refundOrder(ctx, services.purchases, staffId, request.params.id, reason.trim() || null);
    });
    return reply.send(await orderRecord(request.params.id));
  });
};

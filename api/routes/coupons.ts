// Coupons, and the coupon reports:
//   POST /api/coupon/save {enable_coupons}; /add; /edit; /check {code}; GET /api/coupon/get-coupons; /get-details
//   GET  /admin-api/coupons[/:id], /admin-api/coupon-purchases
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { SETTINGS_UPDATED } from '../../domain/promotion/promotion-settings';
import { normaliseCouponCode } from '../../domain/coupon/coupon';
import { couponTerms, editedCouponTerms } from '../../domain/promotion/views';
import { checkCouponCode, createCoupon, editCoupon, switchCoupons } from '../../commands/coupons';
import { offerPurchases } from '../../projections/promotions';
import { findCoupon, listCoupons } from '../../projections/coupons';
import { currentSettings } from '../../projections/settings';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { couponAddBody, couponEditBody, flag, pageNum, uuid } from '../schemas/promotions';
import { promotionQueries } from '../queries/promotions';
import type { Services } from '../services';

export const couponRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const coupons = promotionQueries(services);

  app.post('/api/coupon/save', { schema: { body: z.object({ enable_coupons: flag('enable_coupons') }) } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    await switchCoupons(ctx, b.enable_coupons);
    await settle(services, ctx);
    return ok(reply, { enable_coupons: (await currentSettings(db())).enable_coupons }, { message: SETTINGS_UPDATED, position: ctx.lastPosition });
  });

  app.post('/api/coupon/add', { schema: { body: couponAddBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const terms = couponTerms(b);
    const ctx = contextFor(request, services);
    const { couponId } = await createCoupon(ctx, { code: b.code, terms, actorId: caller.userId });
    await settle(services, ctx);
    return ok(reply, await coupons.coupon(couponId, false), { message: 'Coupon code added successfully.', position: ctx.lastPosition });
  });

  app.post('/api/coupon/edit', { schema: { body: couponEditBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const coupon = await findCoupon(db(), b.couponId);
    if (!coupon) throw new DomainError('Error while update coupon code details.', 'COUPON_NOT_FOUND', 404, { field: 'couponId' });
    const editsTerms = b.discount_type !== undefined || b.discount_value_for_initial !== undefined || b.discount_value_for_recurring !== undefined;
    const ctx = contextFor(request, services);
    await editCoupon(ctx, { couponId: coupon.id, code: coupon.code, terms: editsTerms ? editedCouponTerms(coupon.terms, b) : null, active: b.is_active, actorId: caller.userId });
    await settle(services, ctx);
    return ok(reply, await coupons.coupon(coupon.id), { message: 'Coupon code updated successfully.', position: ctx.lastPosition });
  });

  app.post('/api/coupon/check', async (request, reply) => {
    const caller = requireCaller(request);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const valid = await checkCouponCode(services.store, typeof raw.code === 'string' ? raw.code : '');
    return ok(reply, await coupons.couponPrices(valid, caller), { message: 'Coupon applied successfully.' });
  });

  app.get('/api/coupon/get-coupons', { schema: { querystring: z.object({ pageNum, q: z.string().max(100).optional() }) } }, async (request, reply) => {
    const q = request.query;
    return ok(reply, await coupons.couponsPage(q.pageNum, q.q));
  });

  app.get('/api/coupon/get-details', { schema: { querystring: z.object({ couponId: uuid('couponId'), pageNum }) } }, async (request, reply) => {
    const q = request.query;
    return ok(reply, await coupons.couponDetails(q.couponId, q.pageNum));
  });

  app.get('/admin-api/coupons', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listCoupons(db(), p);
    return sendList(reply, 'coupons', p, r, r.rows);
  });

  app.get('/admin-api/coupons/:id', { schema: { params: z.object({ id: uuid('id') }) } }, async (request, reply) => {
    const { id } = request.params;
    const coupon = await coupons.coupon(id);
    if (!coupon) throw new DomainError('Error while get coupon details.', 'COUPON_NOT_FOUND', 404);
    return reply.send(coupon);
  });

  app.get('/admin-api/coupon-purchases', async (request, reply) => {
    const p = listParams(request, 'requested_at');
    const filter: Record<string, unknown> = { ...p.filter, tagged: 'coupon' };
    if (typeof filter.coupon_id === 'string') filter.coupon_code = (await findCoupon(db(), filter.coupon_id))?.code ?? '-';
    if (typeof filter.coupon_code === 'string') filter.coupon_code = normaliseCouponCode(filter.coupon_code);
    const r = await offerPurchases(db(), { ...p, filter });
    return sendList(reply, 'coupon-purchases', p, r, r.rows);
  });
};

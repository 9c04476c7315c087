// Promotions: settings, the running offer by promotion_type, and the promotion reports.
// Coupons: routes/coupons.ts; the resubscribe offer: routes/resubscribe-offer.ts.
//
//   GET  /api/promotion-setting/get-promotion-settings     { enable_promotion, promotion_settings }          (managers)
//   POST /api/promotion-setting/save-promotion-settings    { enable_promotion?, subscription?, locked_content?, price_strike_through_color? }
//   POST /api/promotion-setting/save-promotion             SavePromotionBody → 'Promotion successfully saved.'
//   POST /api/promotion-setting/promotion                  { promotion_type? } → the latest promotion of that type (or null); without a type both
//   POST /api/promotion-setting/end-promotion              { promotion_id } → the ended promotion
//   POST /api/promotion-setting/check-promotion            (anyone) the ribbons and prices this viewer gets
//   POST /api/promotion-setting/get-promotion-reports      { pageNum?, promotion_type? } → promotions with purchases and revenue
//   GET  /admin-api/promotions[/:id], /admin-api/promotion-purchases (react-admin lists of the same)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROMOTION_SAVED, expiryFromWire, promotionStream, type ApplicableTo } from '../../domain/promotion/promotion';
import { SETTINGS_UPDATED } from '../../domain/promotion/promotion-settings';
import { promotionView } from '../../domain/promotion/wire';
import { createPromotion, endPromotion, savePromotionPage } from '../../commands/promotions';
import { offerPurchases, promotionReports } from '../../projections/promotions';
import { ok } from '../http';
import { editVersion, ifMatchRevision, setEtag, versioned } from '../edit-version';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { EXPORT_RANGE, sendExport } from '../csv';
import {
  PROMOTION_EXPORT_COLUMNS, endPromotionBody, promotionOfferOf, promotionSettingsBody, promotionTypeBody, reportsBody, savePromotionBody, uuid,
} from '../schemas/promotions';
import { promotionQueries } from '../queries/promotions';
import type { Services } from '../services';

export const promotionRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  const promotions = promotionQueries(services);
  const idParam = z.object({ id: uuid('id') });

  app.get('/api/promotion-setting/get-promotion-settings', async (_request, reply) => ok(reply, await promotions.settings()));

  app.post('/api/promotion-setting/save-promotion-settings', { schema: { body: promotionSettingsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { enable_promotion, ...ribbons } = request.body;
    const ctx = contextFor(request, services);
    await savePromotionPage(ctx, { enablePromotion: enable_promotion, ribbons }, caller.userId);
    await settle(services, ctx);
    return ok(reply, await promotions.settings(), { message: SETTINGS_UPDATED, position: ctx.lastPosition });
  });

  app.post('/api/promotion-setting/save-promotion', { schema: { body: savePromotionBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const expiry = expiryFromWire(b.date_expire);
    const offer = promotionOfferOf(b);
    const ctx = contextFor(request, services);
    const promotion = await createPromotion(ctx, {
      offer,
      applicableTo: b.applicable_to as ApplicableTo,
      ribbonText: b.ribbon_text,
      expiry,
      timezone: b.timezone,
      isRepeat: b.is_repeat_promotion,
      actorId: caller.userId,
    }, ifMatchRevision(request));
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, promotionStream(offer.type)));
    return ok(reply, promotionView(promotion, null, nowIso()), { message: PROMOTION_SAVED, position: ctx.lastPosition });
  });

  app.post('/api/promotion-setting/promotion', { schema: { body: promotionTypeBody } }, async (request, reply) => {
    const b = request.body;
    // One type's card in the console: its stream's version as the ETag its save and end send back (read first).
    if (b.promotion_type) setEtag(reply, await editVersion(services, promotionStream(b.promotion_type)));
    return ok(reply, await promotions.latest(b.promotion_type));
  });

  app.post('/api/promotion-setting/end-promotion', { schema: { body: endPromotionBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const ctx = contextFor(request, services);
    const { type: endedType } = await endPromotion(ctx, b.promotion_id, caller.userId, ifMatchRevision(request));
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, promotionStream(endedType)));
    return ok(reply, await promotions.promotion(b.promotion_id), { message: 'Promotion ended successfully.', position: ctx.lastPosition });
  });

  app.post('/api/promotion-setting/check-promotion', async (request, reply) => ok(reply, await promotions.check(request.caller)));

  app.post('/api/promotion-setting/get-promotion-reports', { schema: { body: reportsBody } }, async (request, reply) => {
    const b = request.body;
    return ok(reply, await promotions.reportsPage(b.pageNum, b.promotion_type));
  });

  app.get('/admin-api/promotions', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await promotionReports(db(), p, nowIso());
    return sendList(reply, 'promotions', p, r, r.rows);
  });

  app.get('/admin-api/promotions/export', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await promotionReports(db(), { ...p, range: EXPORT_RANGE }, nowIso());
    return sendExport(request, reply, services, 'promotions', p.filter, r.rows, PROMOTION_EXPORT_COLUMNS);
  });

  app.get('/admin-api/promotions/:id', { schema: { params: idParam } }, async (request, reply) => {
    const { id } = request.params;
    const row = await promotions.report(id);
    // A promotion is edited through its type's stream (saving a new one, ending it): that stream's version.
    const version = await editVersion(services, promotionStream(row.promotion_type));
    return reply.send(versioned(reply, version, await promotions.report(id).catch(() => row)));
  });

  app.get('/admin-api/promotion-purchases', async (request, reply) => {
    const p = listParams(request, 'requested_at');
    const r = await offerPurchases(db(), { ...p, filter: { ...p.filter, tagged: 'promotion' } });
    return sendList(reply, 'promotion-purchases', p, r, r.rows);
  });
};

// The resubscribe offer:
//   GET  /api/resubscribe-offer/get-settings; PUT /api/resubscribe-offer/save-settings; GET /api/resubscribe-offer/report
//   GET  /api/offer/check-offer                          the banner this fan gets, or null
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS_UPDATED } from '../../domain/promotion/promotion-settings';
import type { ResubscribeOfferSettings } from '../../domain/offer/resubscribe-offer';
import { resubscribeOfferFor } from '../../commands/subscriptions';
import { saveResubscribeOfferSettings } from '../../commands/offers';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { resubscribeBody, toCents } from '../schemas/promotions';
import { promotionQueries } from '../queries/promotions';
import type { Services } from '../services';

export const resubscribeOfferRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const offers = promotionQueries(services);

  // The report of fans who came back through the offer (newest first) and its totals.
  const reportQuery = z.object({ page: z.coerce.number({ error: 'page is invalid.' }).int().min(1).max(100_000).optional().default(1) });
  app.get('/api/resubscribe-offer/report', { schema: { querystring: reportQuery } }, async (request, reply) => {
    const { page } = request.query;
    return ok(reply, await offers.offerReport(page));
  });

  app.get('/api/resubscribe-offer/get-settings', async (_request, reply) => ok(reply, await offers.offerSettings()));

  // PUT /save-offer (the spec's path) is the same save: here the offer's terms and its switches are one settings record.
  const saveOffer = async (request: FastifyRequest<{ Body: z.infer<typeof resubscribeBody> }>, reply: FastifyReply) => {
    const caller = requireCaller(request);
    const { recurring_price, ...rest } = request.body;
    const changes: Partial<ResubscribeOfferSettings> = { ...rest };
    if (recurring_price !== undefined) changes.recurring_price_cents = toCents('recurring_price', recurring_price);
    const ctx = contextFor(request, services);
    await saveResubscribeOfferSettings(ctx, changes, caller.userId);
    await settle(services, ctx);
    return ok(reply, await offers.offerSettings(), { message: SETTINGS_UPDATED, position: ctx.lastPosition });
  };
  app.put('/api/resubscribe-offer/save-settings', { schema: { body: resubscribeBody } }, saveOffer);
  app.put('/api/resubscribe-offer/save-offer', { schema: { body: resubscribeBody } }, saveOffer);

  // The spec's two-step report (request, then get). The read model answers at once, so the
  // request says the report is ready (with its size) and the get returns a page of the same report as GET /report.
  app.post('/api/resubscribe-offer/request-new-resubscription-user-report', async (_request, reply) => {
    const r = await offers.offerReport(1);
    return ok(reply, { status: 'ready', requested_at: services.clock().toISOString(), total: r.total, total_pages: r.total_pages }, { message: 'Report is ready.' });
  });
  const reportBody = z.object({
    page: z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000, { error: 'page is invalid.' }).optional(),
    page_num: z.coerce.number({ error: 'page_num is invalid.' }).int({ error: 'page_num is invalid.' }).min(1, { error: 'page_num is invalid.' }).max(100_000, { error: 'page_num is invalid.' }).optional(),
  }).optional();
  app.post('/api/resubscribe-offer/get-new-resubscription-user-report', { schema: { body: reportBody } }, async (request, reply) => {
    const b = request.body ?? {};
    return ok(reply, await offers.offerReport(b.page ?? b.page_num ?? 1));
  });

  app.get('/api/offer/check-offer', async (request, reply) => {
    const caller = requireCaller(request);
    // Where the fan stands (never / active / cancelled / lapsed) is the subscription lifecycle's call.
    return ok(reply, { data: await resubscribeOfferFor(services.store, services.clock().toISOString(), caller.userId, caller.role) });
  });
};

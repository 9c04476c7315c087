// Mass messages (calls in domain/chat/mass-wire.ts): staff record one, the
// request returns at once and delivery runs in the background (commands/message-delivery.ts); the manage list,
// cancel, the errored list and resend, and the purchased-by report. Welcome messages: routes/welcome-message.ts.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelMassMessage, createMassMessage, resendMassMessage } from '../../commands/mass-messages';
import { currentSettings } from '../../projections/settings';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { massMessageQueries } from '../queries/mass-messages';
import { audienceCountBody, categoryOf, contentOf, idParams, listQuery, purchasedByQuery, resendBody, segmentOf, sendMassBody } from '../schemas/mass-messages';
import { massAudienceCount } from '../queries/mass-audience';
import { findPost } from '../../projections/posts';
import { readPlans } from '../../projections/membership-plans';
import { activeTiers, tierById } from '../../domain/membership-plan/plan';
import { ValidationError } from '../../domain/shared/validation';
import { SEGMENT_TEXTS, segmentLabel, type MassSegment } from '../../domain/chat/audience';
import { reachesExisting, type SendTo } from '../../domain/chat/delivery';
import type { Services } from '../services';

export const massMessageRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const q = massMessageQueries(services);
  const bounds = async () => {
    const s = await currentSettings(services.database.db);
    return { min: s.content_unlock_minimum_amount, max: s.content_unlock_maximum_amount };
  };
  /**
   * Delivery goes on in the background; a new or resent message asks for a pass once its answer is out (on PGlite,
   * one connection, a pass started earlier would queue the answer's own writes behind thousands of copies).
   */
  const kickAfter = (reply: FastifyReply) => reply.raw.once('finish', () => services.delivery?.kick());
  /** The body's audience by behaviour, its post checked to exist (a deleted post is not found). */
  const checkedSegment = async (a: Parameters<typeof segmentOf>[0]): Promise<MassSegment | null> => {
    const segment = segmentOf(a);
    if (segment && (segment.kind === 'bought_post' || segment.kind === 'not_bought_post') && !(await findPost(services.database.db, segment.postId)))
      throw new ValidationError('audience.post_id', SEGMENT_TEXTS.postNotFound);
    if (segment?.kind === 'tier' && !activeTiers(await readPlans(services.database.db)).some((t) => t.tierId === segment.tierId))
      throw new ValidationError('audience.tier_id', SEGMENT_TEXTS.tierNotFound);
    return segment;
  };

  app.post('/api/message/send-mass-message', { schema: { body: sendMassBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const segment = await checkedSegment(body.audience);
    const ctx = contextFor(request, services);
    const massId = await createMassMessage(ctx, {
      staffId: caller.userId, role: caller.role, kind: 'mass', ...contentOf(body, await bounds()), segment,
      newUserDelay: body.new_user_message_delay as 'STAGGER_OVER_TIME' | 'IMMEDIATELY' | 'DELAY_BY_HOURS',
      scheduledAt: body.scheduled_at ? new Date(body.scheduled_at).toISOString() : null, category: categoryOf(body.category),
    });
    await settle(services, ctx);
    const view = await q.view(massId, caller.role);
    kickAfter(reply);
    return ok(reply, view, { message: 'Mass message sent successfully.', position: ctx.lastPosition });
  });

  // How many fans the audience reaches if the message went now: the same query delivery runs.
  app.post('/api/message/mass-audience-count', { schema: { body: audienceCountBody } }, async (request, reply) => {
    requireCaller(request);
    const segment = await checkedSegment(request.body.audience);
    const sendTo = request.body.send_to as SendTo;
    const now = services.clock().toISOString();
    const count = segment || reachesExisting(sendTo) ? await massAudienceCount(services.database.db, now, segment) : 0;
    const tierName = segment?.kind === 'tier' ? tierById(await readPlans(services.database.db), segment.tierId)?.name : undefined;
    const label = segment ? segmentLabel(segment, tierName) : sendTo === 'ONLY_NEW' ? 'Nobody now: only fans who subscribe later' : 'Current subscribers';
    return ok(reply, { count, label });
  });

  app.get('/api/message/mass-messages', { schema: { querystring: listQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query;
    return ok(reply, await q.page(caller.role, { page: query.page, perPage: query.per_page, status: query.status || null }));
  });

  app.get('/api/message/mass-messages/:id', { schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, await q.view(request.params.id, caller.role));
  });

  app.post('/api/message/mass-messages/:id/cancel', { schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    await q.view(request.params.id, caller.role); // 404 for an unknown id or a welcome version
    const ctx = contextFor(request, services);
    await cancelMassMessage(ctx, caller.role, caller.userId, request.params.id);
    await settle(services, ctx);
    return ok(reply, await q.view(request.params.id, caller.role), { message: 'Mass message cancelled.', position: ctx.lastPosition });
  });

  // The spec's path is outside /api: registered before the console's pages, it answers JSON, not index.html.
  for (const path of ['/admin/get-error-mass-messages', '/api/admin/get-error-mass-messages']) {
    app.get(path, async (request, reply) => ok(reply, await q.errored(requireCaller(request).role)));
  }

  app.post('/api/message/resend-mass-message', { schema: { body: resendBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    await q.view(body._id, caller.role);
    const ctx = contextFor(request, services);
    await resendMassMessage(ctx, { role: caller.role, staffId: caller.userId, massId: body._id, mediaIds: body.media ?? null, previewMediaId: body.media_preview });
    await settle(services, ctx);
    const view = await q.view(body._id, caller.role);
    kickAfter(reply);
    return ok(reply, view, { message: 'Mass message sent again.', position: ctx.lastPosition });
  });

  app.get('/api/message/mass-messages/:id/purchased-by', { schema: { params: idParams, querystring: purchasedByQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, await q.purchasedBy(request.params.id, caller.role, request.query.promotion_id || null));
  });
};


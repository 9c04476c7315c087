// The welcome message: set (each save a new version, the previous stops reaching new
// subscribers), the current one on the spec's path, every version, and a version's purchased-by report.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WELCOME_MESSAGE_SET } from '../../domain/chat/welcome-message';
import { setWelcomeMessage } from '../../commands/mass-messages';
import { currentSettings } from '../../projections/settings';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { massMessageQueries } from '../queries/mass-messages';
import { contentOf, idParams, welcomeBody } from '../schemas/mass-messages';
import type { Services } from '../services';

export const welcomeMessageRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const q = massMessageQueries(services);

  app.post('/api/message/set-welcome-message', { schema: { body: welcomeBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const s = await currentSettings(services.database.db);
    const ctx = contextFor(request, services);
    const welcomeId = await setWelcomeMessage(ctx, {
      staffId: caller.userId, role: caller.role, ...contentOf(body, { min: s.content_unlock_minimum_amount, max: s.content_unlock_maximum_amount }),
      newUserDelay: body.new_user_message_delay as 'IMMEDIATELY' | 'DELAY_BY_HOURS', updating: body._id ?? null,
    });
    await settle(services, ctx);
    const view = await q.welcome(welcomeId, caller.role);
    reply.raw.once('finish', () => services.delivery?.kick()); // delivery once the answer is out (routes/mass-messages.ts)
    return ok(reply, view, { message: WELCOME_MESSAGE_SET, position: ctx.lastPosition });
  });

  // The spec's path is outside /api: JSON with auth, registered before the console's pages.
  for (const path of ['/admin/get-welcome-message', '/api/admin/get-welcome-message']) {
    app.get(path, async (request, reply) => ok(reply, await q.currentWelcome(requireCaller(request).role)));
  }

  app.get('/api/message/welcome-messages', async (request, reply) => ok(reply, await q.welcomeVersions(requireCaller(request).role)));

  app.get('/api/message/welcome-messages/:id/purchased-by', { schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, await q.welcomePurchasedBy(request.params.id, caller.role));
  });
};

// Private chat's read marks (read_message_user / read_message_model) and pay-per-message credits
// staff grant a fan.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { isStaffRole } from '../../domain/shared/wire';
import { grantMessageCredits, markConversationRead } from '../../commands/chat';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { grantCreditsBody, uuid } from '../schemas/chat';
import { chatQueries } from '../queries/chat';
import type { Services } from '../services';

export const chatMarkRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const chat = chatQueries(services);

  app.post('/api/chat/grant_message_credits', { schema: { body: grantCreditsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    if (!(await chat.isFan(body.user_id))) throw new ValidationError('user_id', 'user_id is invalid.');
    const ctx = contextFor(request, services);
    const credits = await grantMessageCredits(ctx, caller.userId, body.user_id, body.credits);
    await settle(services, ctx);
    return ok(reply, { payPerMessageCredit: credits }, { message: `${body.credits} message credit${body.credits === 1 ? '' : 's'} granted.`, position: ctx.lastPosition });
  });

  // Read marks: written only when something is unread, so polling clients do not fill the log.
  app.post('/api/chat/read_message_user', async (request, reply) => {
    const caller = requireCaller(request);
    if (caller.role !== 'user') return ok(reply, { unread: 0 });
    const ctx = contextFor(request, services);
    if ((await chat.unread(caller.userId, 'fan')) > 0) {
      await markConversationRead(ctx, caller.userId, { by: 'fan' });
      await settle(services, ctx);
    }
    return ok(reply, { unread: 0 }, { position: ctx.lastPosition });
  });

  app.post('/api/chat/read_message_model', { schema: { body: z.object({ userId: uuid('userId') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    if (!isStaffRole(caller.role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
    const body = request.body;
    const ctx = contextFor(request, services);
    if ((await chat.unread(body.userId, 'staff')) > 0) {
      await markConversationRead(ctx, body.userId, { by: 'staff', staffId: caller.userId });
      await settle(services, ctx);
    }
    return ok(reply, { unread: 0 }, { position: ctx.lastPosition });
  });
};

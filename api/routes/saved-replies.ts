// Saved replies of the staff chat composer (domain/chat/saved-reply.ts): the list, create, edit, delete. The route
// table lets only the staff who write in chat in (support reads the chat only, fans never).
//   GET    /api/chat/saved-replies            → { items: SavedReplyView[] }
//   POST   /api/chat/saved-replies            { name, text } → SavedReplyView ('Saved reply added.')
//   PUT    /api/chat/saved-replies/:id        { name, text } → SavedReplyView ('Saved reply updated.')
//   DELETE /api/chat/saved-replies/:id        → { items } ('Saved reply deleted.')
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAVED_REPLY_TEXTS } from '../../domain/chat/saved-reply';
import { DomainError } from '../../domain/shared/decider';
import { createSavedReply, deleteSavedReply, updateSavedReply } from '../../commands/saved-replies';
import { listSavedReplies } from '../../projections/saved-replies';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { uuid } from '../schemas/chat';
import type { Services } from '../services';

const replyBody = z.object({
  name: z.string({ error: SAVED_REPLY_TEXTS.nameEmpty }).max(1000, { error: SAVED_REPLY_TEXTS.nameTooLong }),
  text: z.string({ error: SAVED_REPLY_TEXTS.textEmpty }).max(100_000, { error: SAVED_REPLY_TEXTS.textTooLong }),
});
const idParams = z.object({ id: uuid('id') });

export const savedReplyRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const list = () => listSavedReplies(services.database.db);
  const one = async (id: string) => {
    const found = (await list()).find((r) => r._id === id);
    if (!found) throw new DomainError(SAVED_REPLY_TEXTS.notFound, 'SAVED_REPLY_NOT_FOUND', 404, { field: 'id' });
    return found;
  };

  app.get('/api/chat/saved-replies', async (request, reply) => {
    requireCaller(request);
    return ok(reply, { items: await list() });
  });

  app.post('/api/chat/saved-replies', { schema: { body: replyBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const id = await createSavedReply(ctx, caller, request.body);
    await settle(services, ctx);
    return ok(reply, await one(id), { message: SAVED_REPLY_TEXTS.created, position: ctx.lastPosition });
  });

  app.put('/api/chat/saved-replies/:id', { schema: { params: idParams, body: replyBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await updateSavedReply(ctx, caller, request.params.id, request.body);
    await settle(services, ctx);
    return ok(reply, await one(request.params.id), { message: SAVED_REPLY_TEXTS.updated, position: ctx.lastPosition });
  });

  app.delete('/api/chat/saved-replies/:id', { schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await deleteSavedReply(ctx, caller, request.params.id);
    await settle(services, ctx);
    return ok(reply, { items: await list() }, { message: SAVED_REPLY_TEXTS.deleted, position: ctx.lastPosition });
  });
};

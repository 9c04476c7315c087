// POST /api/users/update_last_seen: the fan site says the fan is here (on opening and
// every few minutes while in view). Recorded for fans only, at most once per LAST_SEEN_EVERY_MS
// (domain/member/last-seen.ts); staff and a proxy view get the same answer and record nothing. Staff read it as
// lastSeen in GET /api/chat/get_user_details ("Last seen …" when the fan is not online).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordLastSeen } from '../../commands/last-seen';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import type { Services } from '../services';

export const lastSeenRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/users/update_last_seen', async (request, reply) => {
    const caller = requireCaller(request);
    if (caller.role !== 'user' || caller.proxyAdminId) return ok(reply, { lastSeen: null });
    const ctx = contextFor(request, services);
    const lastSeen = await recordLastSeen(ctx, caller.userId);
    // No need to wait for the read model: the answer is the stream's own state.
    return ok(reply, { lastSeen });
  });
};

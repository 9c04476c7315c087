// GET /api/creator/profile (public): the counts and the presence the profile header over the feed shows
// (api/queries/creator-profile.ts); the name, pictures, bio and links come with the public settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creatorProfileQueries } from '../queries/creator-profile';
import { ok } from '../http';
import type { Services } from '../services';

export const creatorProfileRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const queries = creatorProfileQueries(services);
  app.get('/api/creator/profile', async (_request, reply) => ok(reply, await queries.profile()));
};

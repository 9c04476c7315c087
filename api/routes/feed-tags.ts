// Feed tags (spec 2 §7): the creator's tags on posts and the feed filter.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export const feedTagRoutes = (_services: Services): FastifyPluginAsync => async () => {};

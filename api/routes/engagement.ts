// Likes and comments on posts (spec 2 §7).
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export const engagementRoutes = (_services: Services): FastifyPluginAsync => async () => {};

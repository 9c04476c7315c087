// Staff user management, proxy login, the audit log, staff accounts and site settings.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export const staffRoutes = (_services: Services): FastifyPluginAsync => async () => {};

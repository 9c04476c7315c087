// Account self-service: password reset, email change and opt-in verification, profile details, photo ID.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export const accountSettingsRoutes = (_services: Services): FastifyPluginAsync => async () => {};

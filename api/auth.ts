// Resolves the caller from the Authorization header and enforces the route table on every request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decideAccess } from '../domain/access/routes';
import type { Role } from '../domain/shared/wire';
import { DomainError } from '../domain/shared/decider';
import { hashToken } from '../infra/auth/secrets';
import { findSession } from '../projections/users';
import { commandContext, type CommandContext } from '../commands/handle';
import type { Services } from './services';

export interface Caller {
  userId: string;
  sessionId: string;
  role: Role;
  email: string;
  name: string;
  proxyAdminId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function tokenFrom(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7) : h;
  return /^[A-Za-z0-9_-]{20,100}$/.test(t) ? t : null;
}

export function registerAuth(app: FastifyInstance, services: Services) {
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (request) => {
    const token = tokenFrom(request);
    if (token) {
      const s = await findSession(services.database.db, hashToken(token), services.clock().toISOString());
      if (s) request.caller = { userId: s.user_id, sessionId: s.session_id, role: s.role as Role, email: s.email, name: s.name, proxyAdminId: null };
    }
    const url = request.routeOptions.url;
    if (!url) return; // not found: the 404 handler answers
    // The built apps' files are public; every API surface goes through the route table (deny by default).
    if (!/^\/(api|admin-api|media)\//.test(url)) return;
    const decision = decideAccess(`${request.method} ${url}`, request.caller?.role ?? null);
    if (decision === 'unauthenticated') throw new DomainError('Please log in to continue.', 'UNAUTHENTICATED', 401);
    if (decision === 'forbidden') throw new DomainError('You do not have access to this page.', 'FORBIDDEN', 403);
  });
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new DomainError('Please log in to continue.', 'UNAUTHENTICATED', 401);
  return request.caller;
}

/** Command context carrying the audit metadata of this request. */
export function contextFor(request: FastifyRequest, services: Services): CommandContext {
  return commandContext(
    services.store,
    {
      userId: request.caller?.userId ?? null,
      role: request.caller?.role ?? null,
      proxyAdminId: request.caller?.proxyAdminId ?? null,
      ip: request.ip,
      correlationId: String(request.id),
    },
    services.clock,
  );
}

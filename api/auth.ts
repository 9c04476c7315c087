// Resolves the caller from the Authorization header and enforces the route table on every request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decideAccess } from '../domain/access/routes';
import type { Role } from '../domain/shared/wire';
import { DomainError } from '../domain/shared/decider';
import { hashToken } from '../infra/auth/secrets';
import { findSession } from '../projections/users';
import { findProxySession } from '../projections/members';
import { BLOCKED_MESSAGE, BLOCKED_REGION_MESSAGE, effectiveRole, isRegionBlocked } from '../domain/member/member';
import { countryOf } from '../infra/geo/country';
import { currentSettings } from '../projections/settings';
import { createReadCache, readCacheOptions } from './read-cache';
import { commandContext, type CommandContext } from '../commands/handle';
import type { Services } from './services';

export interface Caller {
  userId: string;
  sessionId: string;
  role: Role;
  email: string;
  name: string;
  proxyAdminId: string | null;
  blocked: boolean;
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

/** Calls a visitor from a blocked region may still make: the fan site needs them to show its blocked page. */
const OPEN_IN_BLOCKED_REGIONS = new Set(['/api/app_settings/get', '/api/users/login', '/api/users/logout', '/api/pages/get_html']);

export function registerAuth(app: FastifyInstance, services: Services) {
  app.decorateRequest('caller', null);
  // Settings change rarely; the region check reads them from memory, refreshed every few seconds.
  let blockedCountries: { list: string[]; at: number } = { list: [], at: 0 };
  const regionList = async () => {
    const now = Date.now();
    if (now - blockedCountries.at > 5_000) blockedCountries = { list: (await currentSettings(services.database.db)).blocked_countries, at: now };
    return blockedCountries.list;
  };
  // Sessions are looked up on every request; a found one is kept while the read models are unchanged (a
  // logout, a block, a role change all move them on), at most 2 s, and never past its own expiry.
  const sessions = createReadCache<{ caller: Caller; expiresAtMs: number }>({ ...readCacheOptions(services), ttlMs: 2_000, maxEntries: 5_000 });
  const callerOf = async (tokenHash: string): Promise<Caller | null> => {
    const nowMs = services.clock().getTime();
    const hit = sessions.get(tokenHash, nowMs);
    if (hit) return hit.caller;
    const version = sessions.version();
    const found = await resolveCaller(services, tokenHash);
    if (found) sessions.set(tokenHash, found, version, nowMs, found.expiresAtMs);
    return found?.caller ?? null;
  };
  app.addHook('preHandler', async (request) => {
    const token = tokenFrom(request);
    if (token) request.caller = await callerOf(hashToken(token));
    const url = request.routeOptions.url;
    if (!url) return; // not found: the 404 handler answers
    // The built apps' files are public; every API surface goes through the route table (deny by default).
    if (!/^\/(api|admin-api|media)\//.test(url)) return;
    if (!OPEN_IN_BLOCKED_REGIONS.has(url)) {
      const list = await regionList();
      if (list.length > 0 && isRegionBlocked(countryOf(request.ip), list, request.caller?.role ?? null))
        throw new DomainError(BLOCKED_REGION_MESSAGE, 'BLOCKED_REGION', 430);
    }
    // A blocked account gets 430 everywhere but logout (spec 1 §4: the fan site shows its blocked page).
    if (request.caller?.blocked && url !== '/api/users/logout') throw new DomainError(BLOCKED_MESSAGE, 'BLOCKED', 430);
    // HEAD is GET without the body (fastify answers it from the GET route): the same rule applies.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const decision = decideAccess(`${method} ${url}`, request.caller?.role ?? null);
    if (decision === 'unauthenticated') throw new DomainError('Please log in to continue.', 'UNAUTHENTICATED', 401);
    if (decision === 'forbidden') throw new DomainError('You do not have access to this page.', 'FORBIDDEN', 403);
  });
}

/** The caller behind a token hash: a normal session (with the staff-set standing applied) or a proxy session. */
async function resolveCaller(services: Services, tokenHash: string): Promise<{ caller: Caller; expiresAtMs: number } | null> {
  const db = services.database.db;
  const now = services.clock().toISOString();
  const s = await findSession(db, tokenHash, now);
  if (s) {
    if (s.member_deleted) return null;
    return {
      caller: {
        userId: s.user_id, sessionId: s.session_id, role: effectiveRole(s.role as Role, (s.member_role as Role | null) ?? null), email: s.email, name: s.name,
        proxyAdminId: null, blocked: !!s.member_blocked,
      },
      expiresAtMs: new Date(s.expires_at).getTime(),
    };
  }
  const p = await findProxySession(db, tokenHash, now);
  if (!p || p.deleted) return null;
  // The admin sees what the fan sees, as 'proxy_user'; events record both (metadata.userId + proxyAdminId).
  return {
    caller: { userId: p.user_id, sessionId: p.session_id, role: 'proxy_user', email: p.email, name: p.name, proxyAdminId: p.admin_id, blocked: false },
    expiresAtMs: new Date(p.expires_at).getTime(),
  };
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

// Resolves the caller from the Authorization header or the session cookie, refuses cross-site requests, and enforces the route table on every request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { API_ACCESS } from '../domain/access/routes';
import { admissionRefusal, OPEN_IN_BLOCKED_REGIONS, type Caller, type SessionCaller } from '../domain/access/admission';
import { DomainError } from '../domain/shared/decider';
import { hashToken } from '../infra/auth/secrets';
import { findCaller, findSession, type SessionLookup } from '../projections/users';
import { isRegionBlocked } from '../domain/member/member';
import { countryOf } from '../infra/geo/country';
import { currentSettings } from '../projections/settings';
import { createReadCache, readCacheOptions } from './read-cache';
import { commandContext, type CommandContext } from '../commands/handle';
import { SESSION_DAYS } from '../commands/accounts';
import type { Services } from './services';

export type { Caller };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** The session a route that reads it with its page has yet to admit (see PendingSession), or null. */
    pendingSession: PendingSession | null;
  }
  interface FastifyContextConfig {
    /** The route reads the session in its page's statement and admits the request itself (see PendingSession). */
    readsSessionWithPage?: boolean;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Browser sessions ride in httpOnly, SameSite=Strict cookies that page script cannot read; API clients send
 * `Authorization: Bearer <token>`. The fan site and the console share one origin, so each keeps its own cookie:
 * the fan site's session, the console's (its requests say `X-Fanclub-App: console`), and the proxy session an
 * admin starts from the console to see the fan site as a fan (it overrides the fan site's own session and
 * ends on its own, leaving the admin's console session as it was).
 */
export const SESSION_COOKIES = { fan: 'fanclub_session', console: 'fanclub_console', proxy: 'fanclub_proxy' } as const;
export type SessionCookie = keyof typeof SESSION_COOKIES;
export const APP_HEADER = 'x-fanclub-app';

// A WebSocket upgrade cannot carry the header: the console says `?app=console` (as on /ws), e.g. the Janus relay.
const fromConsole = (request: FastifyRequest) =>
  request.headers[APP_HEADER] === 'console' || (request.headers.upgrade?.toLowerCase() === 'websocket' && (request.query as { app?: unknown } | undefined)?.app === 'console');

/** The cookie a browser request is signed in with, if any. */
export function sessionCookieOf(request: FastifyRequest): SessionCookie | null {
  const cookies = request.cookies ?? {};
  if (fromConsole(request)) return cookies[SESSION_COOKIES.console] ? 'console' : null;
  if (cookies[SESSION_COOKIES.proxy]) return 'proxy';
  return cookies[SESSION_COOKIES.fan] ? 'fan' : null;
}

export function tokenFrom(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (h) {
    const t = h.startsWith('Bearer ') ? h.slice(7) : h;
    return TOKEN_SHAPE.test(t) ? t : null;
  }
  const cookie = sessionCookieOf(request);
  const t = cookie ? request.cookies[SESSION_COOKIES[cookie]] : undefined;
  return t && TOKEN_SHAPE.test(t) ? t : null;
}

const cookieOptions = (request: FastifyRequest, services: Services) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  // Secure whenever the site is reached over https (directly, behind a trusted proxy, or by its public URL).
  secure: request.protocol === 'https' || !!services.config.FANCLUB_PUBLIC_URL?.startsWith('https:'),
});

/**
 * Signs the browser in with a new session token: the console's cookie for a console login, the proxy cookie for
 * a proxy session, the fan site's cookie otherwise (a fan-site login also ends any proxy view left in it).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, services: Services, token: string, options: { expiresAt?: string; proxy?: boolean } = {}) {
  const which: SessionCookie = options.proxy ? 'proxy' : fromConsole(request) ? 'console' : 'fan';
  const maxAge = options.expiresAt ? Math.max(0, Math.floor((Date.parse(options.expiresAt) - services.clock().getTime()) / 1000)) : SESSION_DAYS * 86_400;
  reply.setCookie(SESSION_COOKIES[which], token, { ...cookieOptions(request, services), maxAge });
  if (which === 'fan' && request.cookies?.[SESSION_COOKIES.proxy]) reply.clearCookie(SESSION_COOKIES.proxy, cookieOptions(request, services));
}

/** Forgets the cookie this request was signed in with (logout). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, services: Services) {
  const which = request.headers.authorization ? null : sessionCookieOf(request);
  if (which) reply.clearCookie(SESSION_COOKIES[which], cookieOptions(request, services));
}

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused. Please use the site itself.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins this site answers as: FANCLUB_PUBLIC_URL's and the one the request was addressed to. */
function ownOrigins(request: FastifyRequest, services: Services): string[] {
  const origins = [`${request.protocol}://${request.host}`.toLowerCase()];
  const configured = services.config.FANCLUB_PUBLIC_URL;
  if (configured) origins.push(new URL(configured).origin.toLowerCase());
  return origins;
}

/**
 * CSRF: a state-changing request signed in by a cookie must come from the site's own pages, proven by its
 * Origin (or, failing that, Referer). SameSite=Strict already keeps the cookie off other sites' requests; this
 * is the second lock. Bearer requests carry no ambient credential and are exempt; a request with no cookie and
 * no Origin (an API client logging in) is let through, but a foreign Origin is refused whatever it carries.
 */
function checkSameOrigin(request: FastifyRequest, services: Services) {
  if (SAFE_METHODS.has(request.method) || request.headers.authorization) return;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  let from: string | null = null;
  if (typeof origin === 'string' && origin !== 'null') from = origin.toLowerCase();
  else if (typeof referer === 'string') {
    try {
      from = new URL(referer).origin.toLowerCase();
    } catch {
      from = 'invalid';
    }
  } else if (origin === 'null') from = 'null';
  if (from === null) {
    if (!sessionCookieOf(request)) return;
  } else if (ownOrigins(request, services).includes(from)) return;
  throw new DomainError(CROSS_SITE_MESSAGE, 'CROSS_SITE_REQUEST', 403);
}

export function registerAuth(app: FastifyInstance, services: Services) {
  app.decorateRequest('caller', null);
  app.decorateRequest('pendingSession', null);
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
  /** The caller behind a session read (or, given undefined, a proxy session looked up now), kept as read at `version`. */
  const callerFrom = async (tokenHash: string, found: SessionLookup | undefined, version: string): Promise<Caller | null> => {
    const nowMs = services.clock().getTime();
    const resolved = await findCaller(services.database, tokenHash, services.clock().toISOString(), found);
    if (resolved) sessions.set(tokenHash, resolved, version, nowMs, resolved.expiresAtMs);
    return resolved?.caller ?? null;
  };
  /** Everything the route table and the account's standing decide, once the caller is known. */
  const admit = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    // A cookie whose session ended elsewhere (expired, logged out everywhere, proxy ended) is dropped, so a stale
    // proxy cookie cannot keep hiding the fan's own session.
    if (!request.caller && !request.headers.authorization && sessionCookieOf(request)) clearSessionCookie(request, reply, services);
    let regionBlocked = false;
    if (!OPEN_IN_BLOCKED_REGIONS.has(url)) {
      const list = await regionList();
      regionBlocked = list.length > 0 && isRegionBlocked(countryOf(request.ip), list, request.caller?.role ?? null);
    }
    const refusal = admissionRefusal({ method: request.method, url, caller: request.caller, regionBlocked });
    if (refusal) throw refusal;
  };
  app.register(fastifyCookie);
  app.addHook('preHandler', async (request, reply) => {
    // Webhooks are signed by their provider and carry no cookie.
    if (!request.url.startsWith('/api/webhooks/')) checkSameOrigin(request, services);
    const url = request.routeOptions.url;
    if (!url) return; // not found: the 404 handler answers
    // The built apps' files are public (no session looked up for them, though the browser sends its cookie);
    // every API surface goes through the route table (deny by default).
    // (The spec's few JSON paths outside /api, e.g. GET /admin/get-welcome-message, are in the table too.)
    if (!/^\/(api|admin-api|media)\//.test(url) && !Object.hasOwn(API_ACCESS, `${request.method === 'HEAD' ? 'GET' : request.method} ${url}`)) return;
    const token = tokenFrom(request);
    if (token) {
      const tokenHash = hashToken(token);
      const version = sessions.version(); // before anything is read: a change meanwhile is not kept
      const known = sessions.get(tokenHash, services.clock().getTime());
      if (known) request.caller = known.caller;
      else if (!request.routeOptions.config.readsSessionWithPage) request.caller = await callerFrom(tokenHash, await findSession(services.database, tokenHash, services.clock().toISOString()), version);
      else {
        // The route reads the session in its page's statement (one round trip instead of two) and calls admit then;
        // until it does, the request has no caller and nothing has been answered.
        const admitWith = async (found: SessionLookup | undefined) => {
          request.pendingSession = null;
          request.caller = await callerFrom(tokenHash, found, version);
          await admit(request, reply, url);
        };
        request.pendingSession = { tokenHash, admitWith, admit: async () => admitWith(await findSession(services.database, tokenHash, services.clock().toISOString())) };
        return;
      }
    }
    await admit(request, reply, url);
  });
}

/**
 * The session of a request to a route with `config: { readsSessionWithPage: true }`, left to the route when it was not
 * kept in memory: the route reads it together with its page (projections/read-functions.ts), one round trip instead of
 * two. Until the route calls admitWith (or admit) the request has no caller; either resolves it (request.caller) and
 * makes every check the preHandler would have made, throwing the same refusals, so the route calls one before it
 * answers anything.
 */
export interface PendingSession {
  tokenHash: string;
  /** With the session the route's statement found (undefined: none live under the token; a proxy session is then looked up). */
  admitWith(found: SessionLookup | undefined): Promise<void>;
  /** When the route read no session (its page was kept in memory): looked up now. */
  admit(): Promise<void>;
}

/** The caller behind a session token, read fresh (no cache): the socket gateway checks sessions with it. */
export async function callerForToken(services: Services, token: string): Promise<SessionCaller | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashToken(token);
  const nowIso = services.clock().toISOString();
  return findCaller(services.database, tokenHash, nowIso, await findSession(services.database, tokenHash, nowIso));
}

/** True when a browser request (a WebSocket upgrade) comes from the site's own pages. */
export function fromOwnOrigin(request: FastifyRequest, services: Services): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && ownOrigins(request, services).includes(origin.toLowerCase());
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
    request.idempotency ? { scope: request.idempotency.scope, key: request.idempotency.key } : null,
  );
}

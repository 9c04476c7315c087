// Who is calling, and whether the request gets in: the caller a session stands for, and the order of refusals
// every API request meets (region, blocked account, then the route table).
import { DomainError } from '../shared/decider';
import type { Role } from '../shared/wire';
import { BLOCKED_MESSAGE, BLOCKED_REGION_MESSAGE, effectiveRole } from '../member/member';
import { decideAccess } from './routes';

export interface Caller {
  userId: string;
  sessionId: string;
  role: Role;
  email: string;
  name: string;
  /** Set when an admin sees the fan site as this fan (a proxy session): the admin's id. */
  proxyAdminId: string | null;
  blocked: boolean;
}

/** A caller and when their session ends. */
export interface SessionCaller {
  caller: Caller;
  expiresAtMs: number;
}

/** A fan's or staff member's own session as read, with the staff-set standing (role change, block, deletion). */
export interface OwnSession {
  session_id: string;
  user_id: string;
  expires_at: Date;
  role: string;
  email: string;
  name: string;
  member_role: string | null;
  member_blocked: boolean | null;
  member_deleted: boolean | null;
}

/** An admin's view of the fan site as one fan. */
export interface ProxySession {
  session_id: string;
  user_id: string;
  admin_id: string;
  expires_at: Date;
  email: string;
  name: string;
  deleted: boolean | null;
}

/** The caller behind a session; a deleted account has none. */
export function callerOfSession(s: OwnSession): SessionCaller | null {
  if (s.member_deleted) return null;
  return {
    caller: {
      userId: s.user_id, sessionId: s.session_id, role: effectiveRole(s.role as Role, (s.member_role as Role | null) ?? null), email: s.email, name: s.name,
      proxyAdminId: null, blocked: !!s.member_blocked,
    },
    expiresAtMs: new Date(s.expires_at).getTime(),
  };
}

/** The admin sees what the fan sees, as 'proxy_user'; events record both (the fan's id and the admin's). */
export function callerOfProxySession(p: ProxySession): SessionCaller | null {
  if (p.deleted) return null;
  return {
    caller: { userId: p.user_id, sessionId: p.session_id, role: 'proxy_user', email: p.email, name: p.name, proxyAdminId: p.admin_id, blocked: false },
    expiresAtMs: new Date(p.expires_at).getTime(),
  };
}

/** Calls a visitor from a blocked region may still make: the fan site needs them to show its blocked page. */
export const OPEN_IN_BLOCKED_REGIONS: ReadonlySet<string> = new Set(['/api/app_settings/get', '/api/users/login', '/api/users/logout', '/api/pages/get_html']);

/**
 * Why a request is refused, or null when it gets in. `url` is the route's pattern; `regionBlocked` whether the
 * caller's country is blocked for their role. A blocked region or account answers 430 (the fan site shows its
 * blocked page on any 430); a blocked account may still log out.
 */
export function admissionRefusal(request: { method: string; url: string; caller: Caller | null; regionBlocked: boolean }): DomainError | null {
  if (request.regionBlocked && !OPEN_IN_BLOCKED_REGIONS.has(request.url)) return new DomainError(BLOCKED_REGION_MESSAGE, 'BLOCKED_REGION', 430);
  if (request.caller?.blocked && request.url !== '/api/users/logout') return new DomainError(BLOCKED_MESSAGE, 'BLOCKED', 430);
  // HEAD is GET without the body (fastify answers it from the GET route): the same rule applies.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const decision = decideAccess(`${method} ${request.url}`, request.caller?.role ?? null);
  if (decision === 'unauthenticated') return new DomainError('Please log in to continue.', 'UNAUTHENTICATED', 401);
  if (decision === 'forbidden') return new DomainError('You do not have access to this page.', 'FORBIDDEN', 403);
  return null;
}

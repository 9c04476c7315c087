import { describe, expect, it } from 'vitest';
import { admissionRefusal, callerOfProxySession, callerOfSession, type Caller } from './admission';

const fan: Caller = { userId: 'u1', sessionId: 's1', role: 'user', email: 'fan@example.com', name: 'Fan', proxyAdminId: null, blocked: false };
const refusal = (url: string, caller: Caller | null, regionBlocked = false, method = 'GET') => admissionRefusal({ method, url, caller, regionBlocked });

describe('admission: the order of refusals on every API request', () => {
  it('a blocked region answers 430 except on the calls the blocked page needs', () => {
    expect(refusal('/api/users/me', fan, true)).toMatchObject({ status: 430, code: 'BLOCKED_REGION', message: 'This website is blocked in your area.' });
    expect(refusal('/api/app_settings/get', null, true)).toBeNull();
    expect(refusal('/api/users/logout', fan, true, 'POST')).toBeNull();
  });

  it('a blocked account answers 430 everywhere but logout', () => {
    const blocked = { ...fan, blocked: true };
    expect(refusal('/api/users/me', blocked)).toMatchObject({ status: 430, code: 'BLOCKED' });
    expect(refusal('/api/users/logout', blocked, false, 'POST')).toBeNull();
  });

  it('then the route table: 401 for a guest on a signed-in route, 403 for a role it does not list, HEAD as GET', () => {
    expect(refusal('/api/users/me', null)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(refusal('/admin-api/subscribers', fan)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refusal('/api/users/me', fan, false, 'HEAD')).toBeNull();
  });

  it('the caller of a session carries the staff-set role and block; a deleted account has none', () => {
    const own = { session_id: 's1', user_id: 'u1', expires_at: new Date('2030-01-01T00:00:00Z'), role: 'user', email: 'a@b.c', name: 'A', member_role: 'support', member_blocked: true, member_deleted: false };
    expect(callerOfSession(own)).toEqual({ caller: { userId: 'u1', sessionId: 's1', role: 'support', email: 'a@b.c', name: 'A', proxyAdminId: null, blocked: true }, expiresAtMs: Date.parse('2030-01-01T00:00:00Z') });
    expect(callerOfSession({ ...own, member_deleted: true })).toBeNull();
    const proxy = { session_id: 'p1', user_id: 'u1', admin_id: 'a1', expires_at: new Date('2030-01-01T00:00:00Z'), email: 'a@b.c', name: 'A', deleted: null };
    expect(callerOfProxySession(proxy)?.caller).toMatchObject({ role: 'proxy_user', proxyAdminId: 'a1', blocked: false });
    expect(callerOfProxySession({ ...proxy, deleted: true })).toBeNull();
  });
});

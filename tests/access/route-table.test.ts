// Walks the whole route table over real HTTP: every API route × every role (and a guest) gets exactly the
// allow or deny the table says, and every route the server registers is in the table (deny by default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, decideAccess } from '../../domain/access/routes';
import type { Role } from '../../domain/shared/wire';
import { createStaffAccount, startProxySession } from '../../commands/staff';
import { registerUser } from '../../commands/accounts';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { startTestServer, type TestServer } from '../support/server';

const ROLES: Role[] = ['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user'];
/** Authorised by a signature in the URL rather than by role: the table marks them public. */
const SIGNED = new Set(['PUT /api/upload/put/*', 'GET /media/*', 'POST /api/webhooks/sandbox-card', 'POST /api/webhooks/sandbox-crypto']);
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('route table × roles over HTTP', () => {
  let t: TestServer;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    t = await startTestServer('pglite');
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
    const login = async (email: string, password: string) => (await t.call('POST', '/api/users/login', { email, password })).body.data.token as string;
    for (const role of ROLES.filter((r) => r !== 'proxy_user')) {
      const email = `${role.replace(/_/g, '-')}@example.com`;
      if (role === 'user') await registerUser(ctx, secrets, { name: 'Fan', email, password: 'role password 1' });
      else await createStaffAccount(ctx, secrets, { name: role, email, role, password: 'role password 1' });
    }
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    for (const role of ROLES.filter((r) => r !== 'proxy_user')) tokens.set(role, await login(`${role.replace(/_/g, '-')}@example.com`, 'role password 1'));
    const fan = (await t.call('GET', '/api/users/me', undefined, { token: tokens.get('user') })).body.data._id;
    const admin = (await t.call('GET', '/api/users/me', undefined, { token: tokens.get('admin') })).body.data._id;
    const proxyCtx = commandContext(t.server.services.store, { userId: admin, role: 'admin' });
    tokens.set('proxy_user', (await startProxySession(proxyCtx, secrets, admin, fan)).token);
    await t.server.services.runner.waitFor(proxyCtx.lastPosition!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every route the server registers is in the table, and every table entry is a real route', () => {
    const registered = new Set(t.server.app.apiRoutes);
    expect([...registered].filter((r) => !(r in API_ACCESS))).toEqual([]);
    expect(Object.keys(API_ACCESS).filter((r) => !registered.has(r))).toEqual([]);
  });

  it('each role gets exactly the allow or deny the table states, on every route, and no answer leaks a secret or another user\'s email', async () => {
    const mismatches: string[] = [];
    const leaks: string[] = [];
    // Logout ends the session the walk uses: it goes last.
    const routes = Object.keys(API_ACCESS).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    for (const route of routes) {
      if (SIGNED.has(route)) continue;
      const [method, pattern] = route.split(' ');
      const url = pattern.replace(/:[a-z_]+/gi, SOME_ID).replace('*', 'x');
      for (const role of [null, ...ROLES] as (Role | null)[]) {
        const expected = decideAccess(route, role);
        const r = await t.call(method, url, method === 'GET' ? undefined : {}, { token: role ? tokens.get(role) : undefined });
        const text = JSON.stringify(r.body);
        if (/\$argon2|\\?"(tokenHash|passwordHash|cardToken|token_hash)\\?":\\?"(?!\[redacted\])/.test(text)) leaks.push(`${route} as ${role ?? 'guest'} returned a secret`);
        // Guests, fans and proxy sessions never see another person's email.
        if (role === null || role === 'user' || role === 'proxy_user') {
          const own = role ? 'user@example.com' : null;
          for (const email of text.match(/[\w.+-]+@example\.com/g) ?? []) if (email !== own) leaks.push(`${route} as ${role ?? 'guest'} returned ${email}`);
        }
        const got = r.status === 401 ? 'unauthenticated' : r.status === 403 && r.body?.code === 'FORBIDDEN' ? 'forbidden' : 'allow';
        if (got !== expected) mismatches.push(`${route} as ${role ?? 'guest'}: expected ${expected}, got ${got} (${r.status} ${JSON.stringify(r.body).slice(0, 120)})`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
  });
});

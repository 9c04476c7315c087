// The rank rule over real HTTP: every staff action route × every actor role the route table lets in × every
// target role. Staff act only on lower ranks (domain/access/ranks.ts); the answer is 403 with the rule's message
// and nothing is written; the last active admin cannot be locked out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, decideAccess } from '../../domain/access/routes';
import { HIGHER_RANK, LAST_ADMIN, ROLE_ABOVE_OWN, outranks } from '../../domain/access/ranks';
import { ASSIGNABLE_ROLES } from '../../domain/member/member';
import type { Role } from '../../domain/shared/wire';
import { createStaffAccount, deleteMember } from '../../commands/staff';
import { registerUser } from '../../commands/accounts';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { activeAdminIds } from '../../projections/members';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'rank password 1';
const ROLES = ASSIGNABLE_ROLES as Role[];

/** Each staff action on an account: how to ask for it, and whether it may apply to this target at all. */
const ACTIONS: { route: string; call: (id: string, role: Role) => [string, string, unknown]; fansOnly?: boolean }[] = [
  { route: 'POST /api/admin/update_user_block_status', call: (id) => ['POST', '/api/admin/update_user_block_status', { user_id: id, is_blocked: true }] },
  { route: 'POST /api/admin/update_user_block_status', call: (id) => ['POST', '/api/admin/update_user_block_status', { user_id: id, is_blocked: false }] },
  { route: 'POST /api/admin/update_is_photo_id_accepted_status', call: (id) => ['POST', '/api/admin/update_is_photo_id_accepted_status', { user_id: id, is_photo_id_accepted: true }] },
  { route: 'POST /api/admin/update_hide_from_chat_status', call: (id) => ['POST', '/api/admin/update_hide_from_chat_status', { user_id: id, hide_from_chat: true }] },
  { route: 'POST /api/admin/mute_message_for_user', call: (id) => ['POST', '/api/admin/mute_message_for_user', { user_id: id, muteFromChat: true }] },
  { route: 'POST /api/users/add_nick_name', call: (id) => ['POST', '/api/users/add_nick_name', { user_id: id, nickname: 'Ranked' }] },
  { route: 'POST /api/users/save_email_preferences', call: (id) => ['POST', '/api/users/save_email_preferences', { user_id: id, preferences: { new_posts: false, messages: true, promotions: false } }] },
  { route: 'POST /api/admin/give_complimentary_subscription', call: (id) => ['POST', '/api/admin/give_complimentary_subscription', { user_id: id, months: 1 }] },
  // The role it already has: the rank gate alone is tested here (demotions and promotions below).
  { route: 'PUT /admin-api/users/:id', call: (id, role) => ['PUT', `/admin-api/users/${id}`, { role }] },
  { route: 'POST /api/users/login-as-proxy-user', call: (id) => ['POST', '/api/users/login-as-proxy-user', { user_id: id }], fansOnly: true },
];

describe('staff act only on lower ranks, over HTTP', () => {
  let t: TestServer;
  const actors = new Map<Role, { token: string; id: string }>();
  const targets = new Map<Role, string>();
  let n = 0;

  const system = () => commandContext(t.server.services.store, { userId: null, role: 'system' });
  /** An account of `role` (registered by the site itself), settled into the read models. */
  const account = async (role: Role, label: string) => {
    const ctx = system();
    const email = `${label}-${role.replace(/_/g, '-')}-${++n}@example.com`;
    const { userId } = role === 'user' ? await registerUser(ctx, secrets, { name: label, email, password: PASSWORD }) : await createStaffAccount(ctx, secrets, { name: label, email, role, password: PASSWORD });
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    return { id: userId, email };
  };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    for (const role of ROLES) {
      const a = await account(role, 'actor');
      const token = (await t.call('POST', '/api/users/login', { email: a.email, password: PASSWORD })).body.data.token as string;
      actors.set(role, { token, id: a.id });
      targets.set(role, (await account(role, 'target')).id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every staff action route × actor role × target role: allowed exactly when the actor outranks the target', async () => {
    const wrong: string[] = [];
    for (const action of ACTIONS) {
      for (const actor of ROLES.filter((r) => decideAccess(action.route, r) === 'allow')) {
        for (const target of ROLES) {
          const [method, url, body] = action.call(targets.get(target)!, target);
          const head = await t.server.services.store.headPosition();
          const r = await t.call(method, url, body, { token: actors.get(actor)!.token });
          const label = `${method} ${url.replace(/[0-9a-f-]{36}/, ':id')} ${JSON.stringify(body).slice(0, 40)} by ${actor} on ${target}`;
          if (!outranks(actor, target)) {
            if (r.status !== 403 || r.body.message !== HIGHER_RANK) wrong.push(`${label}: expected 403 '${HIGHER_RANK}', got ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
            else if (JSON.stringify(await t.server.services.store.headPosition()) !== JSON.stringify(head)) wrong.push(`${label}: refused but wrote events`);
          } else if (action.fansOnly && target !== 'user') {
            if (r.status !== 400) wrong.push(`${label}: expected 400 (fans only), got ${r.status}`);
          } else if (r.status !== 200) wrong.push(`${label}: expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('deleting: only lower ranks', async () => {
    const wrong: string[] = [];
    for (const actor of ROLES.filter((r) => decideAccess('GET /api/admin/delete_user', r) === 'allow')) {
      for (const target of ROLES) {
        const id = outranks(actor, target) ? (await account(target, 'doomed')).id : targets.get(target)!;
        const r = await t.call('GET', `/api/admin/delete_user?user_id=${id}`, undefined, { token: actors.get(actor)!.token });
        const expected = outranks(actor, target) ? 200 : 403;
        if (r.status !== expected) wrong.push(`delete by ${actor} of ${target}: expected ${expected}, got ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('roles: given up to your own rank, changed only on lower ranks (an admin cannot demote a super_admin, nor make one)', async () => {
    const admin = actors.get('admin')!.token;
    const superAdmin = actors.get('super_admin')!.token;
    const demote = await t.call('PUT', `/admin-api/users/${targets.get('super_admin')}`, { role: 'user' }, { token: admin });
    expect(demote).toMatchObject({ status: 403, body: { message: HIGHER_RANK } });
    const promote = await t.call('PUT', `/admin-api/users/${targets.get('user')}`, { role: 'super_admin' }, { token: admin });
    expect(promote).toMatchObject({ status: 403, body: { message: ROLE_ABOVE_OWN, field: 'role' } });
    const create = await t.call('POST', '/admin-api/users', { name: 'Boss', email: 'boss.made@example.com', role: 'super_admin' }, { token: admin });
    expect(create).toMatchObject({ status: 403, body: { message: ROLE_ABOVE_OWN } });
    expect((await t.call('POST', '/admin-api/users', { name: 'Peer', email: 'peer.made@example.com', role: 'admin' }, { token: admin })).status).toBe(201);
    const demoted = await t.call('PUT', `/admin-api/users/${targets.get('admin')}`, { role: 'support' }, { token: superAdmin });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect(demoted.body.role).toBe('support');
  });

  it('a model can no longer block an admin or a super_admin (the reported case)', async () => {
    const model = actors.get('model')!.token;
    for (const target of ['admin', 'super_admin'] as Role[]) {
      const r = await t.call('POST', '/api/admin/update_user_block_status', { user_id: actors.get(target)!.id, is_blocked: true }, { token: model });
      expect(r).toMatchObject({ status: 403, body: { message: HIGHER_RANK, code: 'HIGHER_RANK' } });
    }
    expect((await t.call('GET', '/api/users/me', undefined, { token: actors.get('admin')!.token })).status).toBe(200);
  });

  it('the route table still lets these roles in: the rank rule is the one refusing', () => {
    expect(API_ACCESS['POST /api/admin/update_user_block_status']).toContain('model');
  });
});

describe('the last active admin', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cannot be deleted, blocked or demoted, even by the site itself; with a second admin it can', async () => {
    const db = () => t.server.services.database.db;
    const deps = { activeAdminIds: () => activeAdminIds(db()) };
    const [adminId] = await activeAdminIds(db());
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
    const { setBlocked, changeRole } = await import('../../commands/staff');
    await expect(deleteMember(ctx, 'system', adminId, deps)).rejects.toMatchObject({ message: LAST_ADMIN });
    await expect(setBlocked(ctx, 'system', adminId, true, deps)).rejects.toMatchObject({ message: LAST_ADMIN });
    await expect(changeRole(ctx, 'system', adminId, 'model', deps)).rejects.toMatchObject({ message: LAST_ADMIN });
    const other = await createStaffAccount(ctx, secrets, { name: 'Second', email: 'second.admin@example.com', role: 'admin', password: PASSWORD });
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    await setBlocked(ctx, 'system', adminId, true, deps);
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    // Now the second admin is the last active one.
    await expect(deleteMember(ctx, 'system', other.userId, deps)).rejects.toMatchObject({ message: LAST_ADMIN });
  });
});

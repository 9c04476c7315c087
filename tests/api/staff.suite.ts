// Runs on one back end (PGlite, staff.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Staff user management over real HTTP: block (430), delete, roles, flags, complimentary membership, proxy
// login (events record both the fan and the admin), staff accounts, the audit log, CSV export and settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

export function staffSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`staff user management over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let adminId: string;
    let fan: string;
    let fanId: string;

    const login = async (email: string, password: string) => {
      const r = await t.call('POST', '/api/users/login', { email, password });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.token as string;
    };
    const post = (url: string, body: unknown, token = admin) => t.call('POST', url, body, { token });

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await login(t.adminEmail, t.adminPassword);
      adminId = (await t.call('GET', '/api/users/me', undefined, { token: admin })).body.data._id;
      const reg = await t.call('POST', '/api/users/register', { name: 'Fan Staffed', email: 'fan.staffed@example.com', password: 'fan password 1' });
      fan = reg.body.data.token;
      fanId = reg.body.data.userId;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('sets the flags with the spec messages, and repeating one writes nothing', async () => {
      expect((await post('/api/admin/update_is_photo_id_accepted_status', { user_id: fanId, is_photo_id_accepted: true })).body.message).toBe('Override limit access granted.');
      expect((await post('/api/admin/update_hide_from_chat_status', { user_id: fanId, hide_from_chat: true })).body.message).toBe('User hidden from chat list.');
      expect((await post('/api/admin/mute_message_for_user', { user_id: fanId, muteFromChat: true })).body.message).toBe('Mass messages muted for user.');
      expect((await post('/api/users/add_nick_name', { user_id: fanId, nickname: 'Big Spender' })).body.message).toBe('Nickname updated successfully');
      expect((await post('/api/users/save_email_preferences', { user_id: fanId, preferences: { new_posts: false, messages: true, promotions: false } })).body.message).toBe('Email Preferences Updated');
      const head = await t.server.services.store.headPosition();
      await post('/api/admin/mute_message_for_user', { user_id: fanId, muteFromChat: true });
      expect(await t.server.services.store.headPosition()).toEqual(head);
      const user = (await t.call('GET', `/admin-api/users/${fanId}`, undefined, { token: admin })).body;
      expect(user).toMatchObject({ nickname: 'Big Spender', photo_id_override: true, hidden_from_chat: true, mass_messages_muted: true, blocked: false, email_preferences: { new_posts: false, promotions: false } });
      expect((await t.call('GET', '/api/users/me', undefined, { token: fan })).body.data.isPhotoIdAccepted).toBe(true);
      expect((await post('/api/admin/update_is_photo_id_accepted_status', { user_id: fanId, is_photo_id_accepted: false })).body.message).toBe('Override limit access revoked.');
      expect((await t.call('GET', '/api/users/me', undefined, { token: fan })).body.data.isPhotoIdAccepted).toBe(false);
    });

    it('rejects bad input with the field named, and unknown users', async () => {
      expect((await post('/api/users/add_nick_name', { user_id: fanId, nickname: 'x'.repeat(17) })).body).toMatchObject({ field: 'nickname', message: 'Nickname can be max 16 characters long' });
      expect((await post('/api/admin/update_user_block_status', { user_id: 'nope', is_blocked: true })).body).toMatchObject({ field: 'user_id' });
      expect((await post('/api/admin/update_user_block_status', { user_id: fanId, is_blocked: 'yes' })).body).toMatchObject({ field: 'is_blocked' });
      expect((await post('/api/admin/update_user_block_status', { user_id: '00000000-0000-4000-8000-000000000000', is_blocked: true })).status).toBe(404);
      expect((await post('/api/admin/update_user_block_status', { user_id: adminId, is_blocked: true })).status).toBe(400);
    });

    it('a blocked fan gets 430 on every request and at login; unblocking restores access', async () => {
      expect((await post('/api/admin/update_user_block_status', { user_id: fanId, is_blocked: true })).body.message).toBe('User blocked.');
      const me = await t.call('GET', '/api/users/me', undefined, { token: fan });
      expect(me.status).toBe(430);
      expect(me.body.code).toBe('BLOCKED');
      expect((await t.call('POST', '/api/users/login', { email: 'fan.staffed@example.com', password: 'fan password 1' })).status).toBe(430);
      expect((await t.call('POST', '/api/users/login', { email: 'fan.staffed@example.com', password: 'wrong password' })).status).toBe(400);
      expect((await post('/api/admin/update_user_block_status', { user_id: fanId, is_blocked: false })).body.message).toBe('User unblocked.');
      expect((await t.call('GET', '/api/users/me', undefined, { token: fan })).status).toBe(200);
    });

    it('a complimentary membership makes the fan a subscriber without a payment', async () => {
      await post('/api/admin/give_complimentary_subscription', { user_id: fanId, months: 2 });
      const me = (await t.call('GET', '/api/users/me', undefined, { token: fan })).body.data;
      expect(me.ccbillSubscriptionStatus).toBe('1');
      expect(Date.parse(me.expiration_date)).toBeGreaterThan(Date.now() + 59 * 86_400_000);
      expect((await t.call('GET', `/admin-api/users/${fanId}`, undefined, { token: admin })).body.complimentary).toBe(true);
      expect((await post('/api/admin/give_complimentary_subscription', { user_id: fanId, months: 13 })).body).toMatchObject({ field: 'months' });
      const tx = await t.call('GET', '/admin-api/transactions', undefined, { token: admin });
      expect(tx.body).toEqual([]);
    });

    it('an admin logs in as the fan: sees what the fan sees, cannot pay, and every event records both', async () => {
      const r = await post('/api/users/login-as-proxy-user', { user_id: fanId });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const proxy = r.body.data.token;
      const me = (await t.call('GET', '/api/users/me', undefined, { token: proxy })).body.data;
      expect(me).toMatchObject({ _id: fanId, role: 'proxy_user', proxyAdminId: adminId, isAdmin: false });
      expect((await t.call('GET', '/api/blogs', undefined, { token: proxy })).status).toBe(200);
      expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: proxy })).status).toBe(403);
      expect((await t.call('GET', '/admin-api/transactions', undefined, { token: proxy })).status).toBe(403);
      expect((await post('/api/users/login-as-proxy-user', { user_id: adminId })).status).toBe(400); // staff cannot be impersonated
      expect((await t.call('POST', '/api/users/logout', undefined, { token: proxy })).status).toBe(200);
      expect((await t.call('GET', '/api/users/me', undefined, { token: proxy })).status).toBe(401);
      expect((await t.call('GET', '/api/users/me', undefined, { token: admin })).status).toBe(200); // the admin's own session carries on
      const ended = (await t.call('GET', '/admin-api/events?filter={"type":"ProxySessionEnded"}', undefined, { token: admin })).body[0];
      expect(ended.metadata).toMatchObject({ userId: fanId, role: 'proxy_user', proxyAdminId: adminId });
    });

    it('staff accounts: created by an admin with a one-time password, roles changed, effective at once', async () => {
      const created = await t.call('POST', '/admin-api/users', { name: 'Sam Support', email: 'Sam@Example.com', role: 'support' }, { token: admin });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ email: 'sam@example.com', role: 'support' });
      expect(created.body.generated_password).toMatch(/^[\w-]{12,}$/);
      const sam = await login('sam@example.com', created.body.generated_password);
      expect((await t.call('GET', '/admin-api/posts', undefined, { token: sam })).status).toBe(403);
      const changed = await t.call('PUT', `/admin-api/users/${created.body.id}`, { role: 'content_manager' }, { token: admin });
      expect(changed.body.role).toBe('content_manager');
      expect((await t.call('GET', '/admin-api/posts', undefined, { token: sam })).status).toBe(200);
      expect((await t.call('POST', '/admin-api/users', { name: 'X', email: 'x@example.com', role: 'emperor' }, { token: admin })).body.field).toBe('role');
      expect((await t.call('PUT', `/admin-api/users/${adminId}`, { role: 'user' }, { token: admin })).status).toBe(400);
      expect((await t.call('POST', '/admin-api/users', { name: 'Y', email: 'y@example.com', role: 'admin' }, { token: sam })).status).toBe(403);
    });

    it('the audit log lists staff actions with their actor, filterable by actor, action and user', async () => {
      const all = await t.call('GET', '/admin-api/audit?range=[0,99]', undefined, { token: admin });
      expect(all.status).toBe(200);
      const actions = all.body.map((a: any) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['MemberBlocked', 'MemberUnblocked', 'NicknameSet', 'ComplimentarySubscriptionGiven', 'ProxySessionStarted', 'MemberRoleChanged']));
      const blocked = all.body.find((a: any) => a.action === 'MemberBlocked');
      expect(blocked).toMatchObject({ actor_id: adminId, actor_email: t.adminEmail, actor_role: 'admin', subject_user_id: fanId });
      expect(all.body.find((a: any) => a.action === 'UserRegistered' && a.actor_role === null)).toBeUndefined(); // a fan's own sign-up is not a staff action
      const byAction = await t.call('GET', '/admin-api/audit?filter={"action":"NicknameSet"}', undefined, { token: admin });
      expect(byAction.body).toHaveLength(1);
      const byUser = await t.call(`GET`, `/admin-api/audit?filter=${encodeURIComponent(JSON.stringify({ subject_user_id: fanId }))}&range=[0,99]`, undefined, { token: admin });
      expect(byUser.body.length).toBeGreaterThanOrEqual(7);
      expect(byUser.body.every((a: any) => a.subject_user_id === fanId)).toBe(true);
      const proxied = all.body.find((a: any) => a.proxy_admin_id === adminId);
      expect(proxied).toBeTruthy();
    });

    it('exports users as CSV (safe against formula injection) and keeps other users\' emails from fans', async () => {
      await t.call('POST', '/api/users/register', { name: '=HYPERLINK("http://evil")', email: 'formula@example.com', password: 'formula pw 1' });
      const r = await fetch(`${t.base}/admin-api/users/export`, { headers: { authorization: admin } });
      expect(r.headers.get('content-type')).toMatch(/text\/csv/);
      const csv = await r.text();
      expect(csv.split('\n')[0]).toBe('id,name,email,role,subscription_status,created_at,total_spent_cents,nickname,blocked,complimentary');
      expect(csv).toContain('"fan.staffed@example.com"');
      expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
      const filtered = await (await fetch(`${t.base}/admin-api/users/export?filter=${encodeURIComponent('{"q":"formula"}')}`, { headers: { authorization: admin } })).text();
      expect(filtered.trim().split('\n')).toHaveLength(2);
      const asFan = await t.call('GET', '/admin-api/users/export', undefined, { token: fan });
      expect(asFan.status).toBe(403);
      expect(JSON.stringify(asFan.body)).not.toContain('@example.com');
    });

    it('an export follows the rules of the list it exports, and every export is on the Audit page (who, when, filter, rows)', async () => {
      const created = await t.call('POST', '/admin-api/users', { name: 'Cora Content', email: 'cora.content@example.com', role: 'content_manager' }, { token: admin });
      const cora = await login('cora.content@example.com', created.body.generated_password);
      expect((await t.call('GET', '/admin-api/users', undefined, { token: cora })).status).toBe(403);
      const refused = await t.call('GET', '/admin-api/users/export', undefined, { token: cora });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('@example.com');

      const filter = { q: 'fan.staffed' };
      const r = await fetch(`${t.base}/admin-api/users/export?filter=${encodeURIComponent(JSON.stringify(filter))}`, { headers: { authorization: admin } });
      expect(r.status).toBe(200);
      const rows = (await r.text()).trim().split('\n').length - 1;
      expect(rows).toBe(1);
      const audit = await t.call('GET', '/admin-api/audit?filter={"action":"DataExported"}&range=[0,99]', undefined, { token: admin });
      const last = audit.body[0];
      expect(last).toMatchObject({ action: 'DataExported', actor_id: adminId, actor_email: t.adminEmail, actor_role: 'admin', data: { resource: 'users', filter, rows: 1 } });
      expect(Date.parse(last.recorded_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('settings: staff update them with validation; the public subset follows', async () => {
      const r = await t.call('PUT', '/admin-api/settings/site', { id: 'site', model_name: 'Luna', maintenance_mode: true, unknown_key: 1 }, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ model_name: 'Luna', maintenance_mode: true });
      expect((await t.call('GET', '/api/app_settings/get')).body.data).toMatchObject({ model_name: 'Luna', maintenance_mode: true });
      expect((await t.call('GET', '/api/pages/get_html?slug=maintenance')).body.data.html).toContain('maintenance');
      expect((await t.call('PUT', '/admin-api/settings/site', { theme_color: 'red' }, { token: admin })).body.field).toBe('theme_color');
      expect((await t.call('PUT', '/admin-api/settings/site', { content_unlock_minimum_amount: 500, content_unlock_maximum_amount: 100 }, { token: admin })).status).toBe(400);
      await t.call('PUT', '/admin-api/settings/site', { maintenance_mode: false }, { token: admin });
    });

    it('logging out everywhere ends every session of the account', async () => {
      await t.call('POST', '/api/users/register', { name: 'Many Devices', email: 'many@example.com', password: 'many devices 1' });
      const phone = await login('many@example.com', 'many devices 1');
      const laptop = await login('many@example.com', 'many devices 1');
      expect((await t.call('POST', '/api/users/logout', { everywhere: 'yes' }, { token: phone })).body.field).toBe('everywhere');
      expect((await t.call('POST', '/api/users/logout', { everywhere: true }, { token: phone })).body.message).toBe('Logged out on every device.');
      expect((await t.call('GET', '/api/users/me', undefined, { token: phone })).status).toBe(401);
      expect((await t.call('GET', '/api/users/me', undefined, { token: laptop })).status).toBe(401);
    });

    it('X-Forwarded-For is not trusted unless TRUST_PROXY is set: a client cannot choose the IP in the audit trail', async () => {
      await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword }, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      const last = (await t.call('GET', '/admin-api/events?filter={"type":"UserLoggedIn"}&sort=["position","DESC"]&range=[0,0]', undefined, { token: admin })).body[0];
      expect(last.metadata.ip).toBe('127.0.0.1');
    });

    it('too many login attempts for one account answer 429 with the spec text', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await t.call('POST', '/api/users/login', { email: 'target@example.com', password: `guess ${i}` })).status);
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      const limited = await t.call('POST', '/api/users/login', { email: 'TARGET@example.com', password: 'guess' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('You sent too many requests. Please wait a while then try again');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('deleting a user ends their sessions and their login, and frees nothing else', async () => {
      expect((await t.call('GET', `/api/admin/delete_user?user_id=${fanId}`, undefined, { token: admin })).body.message).toBe('User deleted.');
      expect((await t.call('GET', '/api/users/me', undefined, { token: fan })).status).toBe(401);
      expect((await t.call('POST', '/api/users/login', { email: 'fan.staffed@example.com', password: 'fan password 1' })).body.message).toBe('Invalid email or password.');
      expect((await t.call('GET', `/admin-api/users/${fanId}`, undefined, { token: admin })).status).toBe(404);
      expect((await t.call('GET', `/api/admin/delete_user?user_id=${adminId}`, undefined, { token: admin })).status).toBe(400);
    });
  });
}

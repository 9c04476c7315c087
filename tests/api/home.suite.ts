// Runs on one back end (PGlite, home.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The creator's Home (GET /admin-api/home) over real HTTP: today's and yesterday's earnings, unread chats with the
// latest conversations, scheduled posts, recent subscribers and the facts of the warnings (mail server and its
// failures, live streaming, avatar), for the managers only, read without loading any event stream.
import { createServer } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { auditSentence } from '../../domain/console/audit-words';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

/** A port nothing listens on: a mail server there refuses every delivery. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export function homeSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`the creator's Home (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    const tokens: Record<string, string> = {};
    const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
    const login = async (email: string, password: string) => (await call('POST', '/api/users/login', { email, password })).body.data.token as string;
    const home = async (token = admin) => {
      const r = await call('GET', '/admin-api/home', undefined, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };

    const uploadImage = async (title: string) => {
      const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 200 } } }).jpeg().toBuffer();
      const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin);
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const saved = await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(saved.body.data.status).toBe('ready');
      return saved.body.data.id as string;
    };

    beforeAll(async () => {
      // The setup wizard opens by itself on this site (test servers skip it unless asked).
      t = await startTestServer(backend, { FANCLUB_SETUP_WIZARD: 'true' });
      admin = await login(t.adminEmail, t.adminPassword);
      for (const role of ['model', 'content_manager', 'support']) {
        const email = `home.${role}@example.com`;
        const created = await call('POST', '/admin-api/users', { name: `Home ${role}`, email, role }, admin);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        tokens[role] = await login(email, created.body.generated_password);
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a fresh site: nothing earned, nobody waiting, and the warnings\' facts say what is missing', async () => {
      const h = await home();
      expect(h).toMatchObject({ today_earnings_cents: 0, yesterday_earnings_cents: 0, unread_messages: 0, unread_chats: 0, latest_unread: [], scheduled_posts: [], recent_subscribers: [] });
      expect(h.earnings_30d).toHaveLength(30);
      expect(h.checks).toEqual({ mail_configured: false, mail_failed_24h: 0, mail_sent_24h: 0, live_enabled: false, avatar_set: false });
      expect(h.setup).toEqual({ outcome: null, by: null, by_name: null, at: null, opens_by_itself: true });
    });

    it('shows a new subscriber, the money, the fan\'s unread message and a scheduled post', async () => {
      const reg = await call('POST', '/api/users/register', { name: 'Hazel Home', email: 'hazel.home@example.com', password: 'fan password 1' });
      expect(reg.status).toBe(201);
      const fan = reg.body.data as { token: string; userId: string };
      const paid = await call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      for (const message of ['Hi there!', 'Are you live tonight?']) expect((await call('POST', '/api/chat/send_message', { message }, fan.token)).status).toBe(200);
      const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const soon = new Date(Date.now() + 86_400_000).toISOString();
      for (const [caption, at] of [['Later post', later], ['Sooner post', soon], ['Out now', null]] as const)
        expect((await call('POST', '/api/blogs', { caption, visibility: 'public', media_ids: [await uploadImage(caption)], ...(at ? { publish_at: at } : {}) }, admin)).status).toBeLessThan(300);

      const h = await home();
      expect(h.today_earnings_cents).toBe(999);
      expect(h.earnings_30d.at(-1).cents).toBe(999);
      expect(h.unread_messages).toBe(2);
      expect(h.unread_chats).toBe(1);
      expect(h.latest_unread).toEqual([{ fan_id: fan.userId, name: 'Hazel Home', last_message: 'Are you live tonight?', last_message_at: expect.any(String), unread: 2 }]);
      expect(h.scheduled_posts.map((p: { caption: string }) => p.caption)).toEqual(['Sooner post', 'Later post']);
      expect(h.recent_subscribers).toEqual([{ user_id: fan.userId, name: 'Hazel Home', started_at: expect.any(String), price_cents: 999 }]);

      // Staff read the conversation: nothing waits any more.
      expect((await call('POST', '/api/chat/read_message_model', { userId: fan.userId }, admin)).status).toBeLessThan(300);
      const read = await home();
      expect([read.unread_messages, read.unread_chats, read.latest_unread]).toEqual([0, 0, []]);
    });

    it('mail: a saved server that refuses every mail counts as configured and failing', async () => {
      const saved = await call('POST', '/api/settings/email-configuration', { host: '127.0.0.1', port: await closedPort(), security: 'none', username: '', password: '', from_email: 'club@fans.example.test', from_name: 'Club' }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await call('POST', '/api/settings/email-configuration/test', { to: 'owner@example.com' }, admin)).status).toBe(502);
      const h = await home();
      expect(h.checks).toMatchObject({ mail_configured: true, mail_failed_24h: 1, mail_sent_24h: 0 });
      // Live streaming and the avatar, through their own settings.
      expect((await call('POST', '/api/stream/save_settings', { enable_live_streaming: true }, admin)).status).toBe(200);
      expect((await call('PUT', '/admin-api/settings/site', { model_avatar_url: '/media/avatar.jpg' }, admin)).status).toBeLessThan(300);
      expect((await home()).checks).toMatchObject({ live_enabled: true, avatar_set: true });
    });

    it('is one road over the read models: no event stream is read', async () => {
      const store = t.server.services.store;
      const reads: string[] = [];
      const readStream = store.readStream.bind(store);
      store.readStream = (async (...args: Parameters<typeof store.readStream>) => {
        reads.push(String(args[0]));
        return readStream(...args);
      }) as typeof store.readStream;
      try {
        await home();
      } finally {
        store.readStream = readStream;
      }
      expect(reads).toEqual([]);
    });

    it('is for the managers: the model reads it; content manager, support, fans and guests do not', async () => {
      expect((await call('GET', '/admin-api/home', undefined, tokens.model)).status).toBe(200);
      for (const role of ['content_manager', 'support']) expect((await call('GET', '/admin-api/home', undefined, tokens[role])).status, role).toBe(403);
      const fan = (await call('POST', '/api/users/register', { name: 'Nosy', email: 'nosy.home@example.com', password: 'fan password 1' })).body.data.token;
      expect((await call('GET', '/admin-api/home', undefined, fan)).status).toBe(403);
      expect((await call('GET', '/admin-api/home')).status).toBe(401);
    });

    it('the setup wizard: finished or put off by an admin only, as events; the Home says so and stops opening it', async () => {
      const adminId = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.userId as string;
      expect(adminId).toEqual(expect.any(String));
      // Other staff never get it by itself, and may neither finish nor put it off; nothing is written.
      expect((await home(tokens.model)).setup).toMatchObject({ outcome: null, opens_by_itself: false });
      const head = await t.server.services.store.headPosition();
      for (const role of ['model', 'content_manager', 'support']) {
        expect((await call('POST', '/admin-api/setup/complete', {}, tokens[role])).status, role).toBe(403);
        expect((await call('POST', '/admin-api/setup/dismiss', { step: 'name' }, tokens[role])).status, role).toBe(403);
      }
      expect((await call('POST', '/admin-api/setup/complete', {})).status).toBe(401);
      const bad = await call('POST', '/admin-api/setup/dismiss', { step: 'colours' }, admin);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'step', message: 'step must be one of name, images, price, welcome, mail, live or done.' });
      expect(await t.server.services.store.headPosition()).toEqual(head);
      expect((await home()).setup).toMatchObject({ outcome: null, opens_by_itself: true });

      // "Finish later" at the price step: put off, by whom and when; it no longer opens by itself.
      const later = await call('POST', '/admin-api/setup/dismiss', { step: 'price' }, admin);
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      expect(later.body).toMatchObject({ outcome: 'dismissed', by: adminId, at: expect.any(String), opens_by_itself: false });
      expect((await home()).setup).toEqual(later.body);

      // Run again and finished: completed; a later "Finish later" keeps it finished.
      const done = await call('POST', '/admin-api/setup/complete', {}, admin);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ outcome: 'completed', by: adminId, by_name: expect.any(String), opens_by_itself: false });
      expect((await call('POST', '/admin-api/setup/dismiss', { step: 'mail' }, admin)).body.outcome).toBe('completed');
      expect((await home()).setup).toMatchObject({ outcome: 'completed', by: adminId, opens_by_itself: false });

      // The audit trail, in words on the Audit page.
      const audit = await call('GET', '/admin-api/audit?sort=["recorded_at","DESC"]&range=[0,9]', undefined, admin);
      const rows = (audit.body as { action: string; data: unknown; actor_id?: string }[]).filter((r) => r.action.startsWith('ConsoleSetup'));
      expect(rows.map((r) => auditSentence(r.action, r.data))).toEqual(['Console setup finished', 'Console setup put off at the price step']);
    });
  });
}

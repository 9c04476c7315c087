// Runs on one back end (PGlite, push.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Web push over real HTTP: devices registered per person and role, the
// A–E preferences, the site's switch, one trigger per category, and the background sender against a LOCAL push
// service (tests/support/push-service.ts): each request is checked as a push service would (VAPID JWT signed with
// the key it names, for the endpoint's origin) and decrypted as a browser would (RFC 8291 aes128gcm with the
// subscription's private key and auth secret); 410 removes the device, 5xx is retried with backoff; the manifest and
// its icons; send-device-info.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { decryptPush, startPushService, type BrowserSubscription, type PushService } from '../support/push-service';
import { appendOnce, commandContext } from '../../commands/handle';
import type { DomainEvent } from '../../domain/shared/decider';
import { pushReads, vapidKeys } from '../../api/push';
import { startPushSender } from '../../commands/push-sender';
import { createWebPushSender } from '../../infra/push/web-push';

export function pushSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`web push over HTTP with a local push service (${backend})`, () => {
    let t: TestServer;
    let ps: PushService;
    let admin: string;
    let fan: { token: string; id: string };
    let offset = 0;
    let n = 0;
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, { token });
    const get = (url: string, token?: string) => t.call('GET', url, undefined, { token });
    const register = async (name: string) => {
      const r = (await post('/api/users/register', { name, email: `${name.toLowerCase().replace(/\W/g, '.')}.${++n}@example.com`, password: 'fan password 1' })).body.data;
      return { token: r.token as string, id: r.userId as string };
    };
    const staffToken = async (role: string) => {
      const email = `${role}.${++n}@example.com`;
      const created = await post('/admin-api/users', { name: `Staff ${role}`, email, role }, admin);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      return (await post('/api/users/login', { email, password: created.body.generated_password })).body.data.token as string;
    };
    const subscribe = async (token: string, sub: BrowserSubscription) => post('/api/notifications/register-device', { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null }, token);
    /** Appends a trigger event as its aggregate would, waits for the read models, then runs a sender pass. */
    const trigger = async (stream: string, event: DomainEvent) => {
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' }, t.server.services.clock);
      await appendOnce(ctx, stream, [event]);
      await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!, 10_000);
      await t.server.services.push!.sender.tick();
    };
    const at = () => t.server.services.clock().toISOString();
    const newPost = (postId = randomUUID()) =>
      trigger(`post-${postId}`, { type: 'PostCreated', data: { postId, authorId: 'creator', caption: 'Behind the scenes <b>today</b>', visibility: 'subscribers', priceCents: 0, media: [], previewMediaId: null, publishAt: at(), createdAt: at() } });
    const writesNothing = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };
    const to = (path: string) => ps.received.filter((r) => r.path === path);

    beforeAll(async () => {
      ps = await startPushService();
      t = await startTestServer(backend);
      t.server.services.clock = () => new Date(Date.now() + offset);
      // The local push service listens on http://127.0.0.1: accepted only in tests (a real one is https).
      t.server.services.push!.allowHttpLocal = true;
      // Passes run when the test says (tick), not on the server's timer, so "writes nothing" checks hold.
      await t.server.services.push!.sender.stop();
      t.server.services.push!.sender = startPushSender({ store: t.server.services.store, reads: pushReads(t.server.services.database.db), send: createWebPushSender(vapidKeys(t.server.services.config)), now: () => t.server.services.clock(), timer: false });
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      fan = await register('Push Fan');
    });
    afterAll(async () => {
      await t?.close();
      await ps?.close();
    });

    it('the site serves its VAPID public key; the private key is kept with the secret, stable, and in no event or answer', async () => {
      const s = await get('/api/notifications/web-push-notification-settings', admin);
      expect(s.status).toBe(200);
      const keys = vapidKeys(t.server.services.config);
      expect(s.body.data).toMatchObject({ web_push_notification_enabled: true, provider: 'vapid', vapid_public_key: keys.publicKey });
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(vapidKeys(t.server.services.config)).toEqual(keys); // the same on every start with this data folder / secret
      expect(JSON.stringify(s.body)).not.toContain(keys.privateKey);
      const one = await get('/api/notifications/create-one-signal-account', admin);
      expect(one.body).toMatchObject({ success: 1, data: { vapid_public_key: keys.publicKey } });
      const prefs = await get('/api/notifications/user-notification-preferences', fan.token);
      expect(prefs.body.data).toMatchObject({ vapid_public_key: keys.publicKey, prompt: 'user', is_allow_web_notification: false, tags: ['A', 'B', 'C', 'D', 'E'], feed_refresh_seconds: 900, install_popup_at: [3, 12, 21, 30] });
      expect(JSON.stringify(prefs.body)).not.toContain(keys.privateKey);
    });

    it('a new post reaches a subscribed fan: VAPID-signed for the endpoint\'s origin, aes128gcm, decrypted with the browser\'s keys', async () => {
      const sub = ps.subscribe('fan-a');
      const r = await subscribe(fan.token, sub);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.message).toBe('This device will receive notifications.');
      expect((await subscribe(fan.token, sub)).status).toBe(200); // again: nothing new
      const postId = randomUUID();
      await newPost(postId);
      await expect.poll(() => to('/push/fan-a').length).toBe(1);
      const req = to('/push/fan-a')[0];
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(req.headers.ttl)).toBeGreaterThan(0);
      expect(req.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      expect(req.headers.urgency).toBe('normal');
      expect(req.vapid).toMatchObject({ aud: ps.url, sub: `mailto:${t.adminEmail}`, publicKey: t.server.services.push!.publicKey });
      expect(req.vapid!.exp * 1000).toBeGreaterThan(Date.now());
      const payload = JSON.parse(decryptPush(sub, req.body));
      expect(payload).toEqual({ title: 'New post from Fanclub Creator', body: 'Behind the scenes today', url: `/feed/${postId}/1`, tag: `post-${postId}`, category: 'content' });
      // The job is done: another pass sends nothing more.
      await t.server.services.push!.sender.tick();
      expect(to('/push/fan-a')).toHaveLength(1);
    });

    it('preferences A–E choose the categories: B off keeps offers away, C on brings the live start; switched off, nothing comes', async () => {
      const bad = await writesNothing(() => post('/api/notifications/save-user-notification-preferences', { is_allow_web_notification: true, tags: ['A', 'F'] }, fan.token));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('tags must be letters A to E (content, offers, live stream, messages, mass messages).');
      const saved = await post('/api/notifications/save-user-notification-preferences', { is_allow_web_notification: true, tags: ['A', 'C', 'D', 'E'] }, fan.token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ is_allow_web_notification: true, tags: ['A', 'C', 'D', 'E'], web_notification_preferences: { content: true, offers: false, live_stream: true, messages: true, mass_messages: true } });
      const before = to('/push/fan-a').length;
      const promotionId = randomUUID();
      await trigger(`promotion-${promotionId}`, { type: 'PromotionCreated', data: { promotionId, offer: { type: 'LOCKED_CONTENT', subtype: 'ALL', discountPercent: 50 }, applicableTo: 'ALL', ribbonText: '50% off', expiry: { type: 'NEVER' }, timezone: 'UTC', isRepeat: false, createdAt: at(), dateExpire: at(), expireHours: 1, createdBy: 'admin' } });
      // The live session's start, appended as domain/live records it (read by type name).
      const sessionId = randomUUID();
      await trigger(`live-session-${sessionId}`, { type: 'LiveSessionStarted', data: { sessionId, isGroup: true, fanId: null, publisherId: 'model', publisherName: 'Mia', room: 1, recordingName: 'r', tabToken: 'x', publisherToken: 'y', pricePerMinuteCents: 0, startedAt: at() } });
      await expect.poll(() => to('/push/fan-a').length).toBe(before + 1);
      const live = to('/push/fan-a').at(-1)!;
      expect(live.headers.urgency).toBe('high');
      // Each pass records what it did on the job's stream: the offer went to nobody.
      const job = async (id: string) => ((await t.server.services.database.db.withSchema('rm').selectFrom('push_jobs' as any).selectAll().execute()) as any[]).find((j) => j.id === id);
      await expect.poll(() => job(`offer-${promotionId}`)).toMatchObject({ status: 'done', sent: 0 });
      await expect.poll(() => job(`live-${sessionId}`)).toMatchObject({ status: 'done', sent: 1 });

      expect((await post('/api/notifications/save-user-notification-preferences', { is_allow_web_notification: false, tags: 'ACDE' }, fan.token)).status).toBe(200);
      await newPost();
      expect(to('/push/fan-a')).toHaveLength(before + 1);
      expect((await post('/api/notifications/save-user-notification-preferences', { is_allow_web_notification: true, tags: 'ABCDE' }, fan.token)).status).toBe(200);
    });

    it('a staff chat message and mass-message copies reach the fans they were for, not others; a fan\'s message reaches staff devices', async () => {
      const other = await register('Other Fan');
      const subA = ps.subscribe('fan-a'); // fan-a's keys are new: the same endpoint re-subscribed
      expect((await subscribe(fan.token, subA)).status).toBe(200);
      const subO = ps.subscribe('other');
      expect((await subscribe(other.token, subO)).status).toBe(200);
      const staffSub = ps.subscribe('admin');
      expect((await subscribe(admin, staffSub)).status).toBe(200);
      const seen = to('/push/fan-a').length;
      const messageId = randomUUID();
      await trigger(`chat-message-${messageId}`, { type: 'ChatMessageSent', data: { messageId, fanId: fan.id, senderId: 'creator', fromStaff: true, type: 'text', text: 'Hello you', media: [], previewMediaId: null, priceCents: 0, uniqueId: null, payPerMessage: null, sentAt: at() } });
      await expect.poll(() => to('/push/fan-a').length).toBe(seen + 1);
      const msg = JSON.parse(decryptPush(subA, to('/push/fan-a').at(-1)!.body));
      expect(msg).toMatchObject({ title: 'New message from Fanclub Creator', body: 'Hello you', url: '/private-chat', category: 'messages' });
      expect(to('/push/other')).toHaveLength(0);
      expect(to('/push/admin')).toHaveLength(0);

      const massId = randomUUID();
      await trigger(`mass-message-${massId}`, { type: 'MassMessageCopiesDelivered', data: { massId, kind: 'mass', content: { senderId: 'creator', type: 'text', text: 'For my subscribers', media: [], previewMediaId: null, priceCents: 500 }, copies: [{ fanId: other.id, messageId: randomUUID() }], future: false, deliveredAt: at(), deliveredTotal: 1, recipients: 1 } as any });
      await expect.poll(() => to('/push/other').length).toBe(1);
      expect(JSON.parse(decryptPush(subO, to('/push/other')[0].body))).toMatchObject({ body: 'Sent you a locked message.', category: 'mass_messages' });

      const fanMessage = randomUUID();
      await trigger(`chat-message-${fanMessage}`, { type: 'ChatMessageSent', data: { messageId: fanMessage, fanId: other.id, senderId: other.id, fromStaff: false, type: 'text', text: 'Hi there', media: [], previewMediaId: null, priceCents: 0, uniqueId: null, payPerMessage: null, sentAt: at() } });
      await expect.poll(() => to('/push/admin').length).toBe(1);
      expect(JSON.parse(decryptPush(staffSub, to('/push/admin')[0].body))).toEqual({ title: 'New message from Other Fan', body: 'Hi there', url: `/admin/private-chat/${other.id}`, tag: `chat-${other.id}`, category: 'messages' });
      expect(to('/push/fan-a')).toHaveLength(seen + 1);
    });

    it('a 410 from the push service removes the device; a 503 is retried after the backoff', async () => {
      const gone = await register('Gone Fan');
      const subG = ps.subscribe('gone');
      expect((await subscribe(gone.token, subG)).status).toBe(200);
      const flaky = await register('Flaky Fan');
      const subF = ps.subscribe('flaky');
      expect((await subscribe(flaky.token, subF)).status).toBe(200);
      ps.answer('/push/gone', 410);
      ps.answer('/push/flaky', 503, 201);
      await newPost();
      await expect.poll(() => to('/push/gone').length).toBe(1);
      await expect.poll(async () => (await get('/api/notifications/user-notification-preferences', gone.token)).body.data.devices.length).toBe(0);
      const removed = (await t.server.services.store.readStream(`push-subscription-${(await import('../../commands/push')).subscriptionIdOf(subG.endpoint)}`)).at(-1)!;
      expect(removed).toMatchObject({ type: 'PushSubscriptionRemoved', data: { reason: 'gone', status: 410 } });
      expect(to('/push/flaky')).toHaveLength(1);
      await t.server.services.push!.sender.tick();
      expect(to('/push/flaky')).toHaveLength(1); // not before the backoff
      offset += 31_000;
      await t.server.services.push!.sender.tick();
      await expect.poll(() => to('/push/flaky').length).toBe(2);
      expect(JSON.parse(decryptPush(subF, to('/push/flaky')[1].body)).category).toBe('content');
      // A later post goes to the flaky device, not to the removed one.
      await newPost();
      await expect.poll(() => to('/push/flaky').length).toBe(3);
      expect(to('/push/gone')).toHaveLength(1);
    });

    it('roles: support, live_stream_manager and a proxy session are not offered push; the site switch is the settings roles\'', async () => {
      for (const role of ['support', 'live_stream_manager']) {
        const token = await staffToken(role);
        const r = await writesNothing(() => subscribe(token, ps.subscribe(`${role}`)));
        expect(r.status, role).toBe(403);
        expect((await get('/api/notifications/user-notification-preferences', token)).body.data.prompt, role).toBeNull();
        expect((await post('/api/notifications/save-web-push-notification-settings', { web_push_notification_enabled: false }, token)).status, role).toBe(403);
      }
      const model = await staffToken('model');
      expect((await get('/api/notifications/user-notification-preferences', model)).body.data.prompt).toBe('admin');
      expect((await subscribe(model, ps.subscribe('model'))).status).toBe(200);
      const proxy = (await post('/api/users/login-as-proxy-user', { user_id: fan.id }, admin)).body.data.token as string;
      expect((await writesNothing(() => subscribe(proxy, ps.subscribe('proxy')))).status).toBe(403);
      expect((await post('/api/notifications/save-user-notification-preferences', { is_allow_web_notification: true, tags: 'A' }, proxy)).status).toBe(403);
      expect((await post('/api/services/send-device-info', { device_id: 'device-proxy-1' }, proxy)).status).toBe(403);
      expect((await post('/api/notifications/save-web-push-notification-settings', { web_push_notification_enabled: false }, fan.token)).status).toBe(403);
      expect((await get('/api/notifications/web-push-notification-settings', fan.token)).status).toBe(403);
      expect((await subscribe('', ps.subscribe('anon'))).status).toBe(401);
      expect((await get('/api/notifications/user-notification-preferences')).status).toBe(401);
    });

    it('bad subscriptions are refused naming the field; a device is removed only by its own person', async () => {
      const sub = ps.subscribe('checks');
      const bad = async (body: unknown, field: string) => {
        const r = await writesNothing(() => post('/api/notifications/register-device', body, fan.token));
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.message).toContain(field);
      };
      await bad({ endpoint: 'ftp://push.example/x', keys: sub.keys }, 'endpoint');
      await bad({ endpoint: 'http://push.example.com/x', keys: sub.keys }, 'endpoint');
      await bad({ endpoint: 'https://push.example.com/x', keys: { p256dh: 'abc', auth: sub.keys.auth } }, 'keys');
      await bad({ endpoint: 'https://push.example.com/x' }, 'keys');
      expect((await subscribe(fan.token, sub)).status).toBe(200);
      const other = await register('Stranger');
      const notMine = await post('/api/notifications/unregister-device', { endpoint: sub.endpoint }, other.token);
      expect(notMine.body.data.removed).toBe(false);
      const mine = await post('/api/notifications/unregister-device', { endpoint: sub.endpoint }, fan.token);
      expect(mine.body).toMatchObject({ success: 1, message: 'This device will no longer receive notifications.', data: { removed: true } });
    });

    it('turned off in the console: no device registers and queued notifications are dropped unsent', async () => {
      const off = await post('/api/notifications/save-web-push-notification-settings', { web_push_notification_enabled: false }, admin);
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ message: 'Web push notification settings saved successfully.', data: { web_push_notification_enabled: false } });
      const r = await writesNothing(() => subscribe(fan.token, ps.subscribe('when-off')));
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Web push notifications are turned off for this site.');
      expect((await get('/api/notifications/user-notification-preferences', fan.token)).body.data.prompt).toBeNull();
      const before = ps.received.length;
      await newPost();
      expect(ps.received).toHaveLength(before);
      expect((await post('/api/notifications/save-web-push-notification-settings', { web_push_notification_enabled: true }, admin)).status).toBe(200);
      await t.server.services.push!.sender.tick();
      expect(ps.received).toHaveLength(before);
    });

    it('send-device-info records a device once per change; the manifest names the site and its icons are PNGs from the creator', async () => {
      const info = { device_id: 'device-abc-123', platform: 'Linux', user_agent: 'Chromium', language: 'en', standalone: true, screen: '375x812', timezone: 'UTC' };
      expect((await post('/api/services/send-device-info', info, fan.token)).status).toBe(200);
      const again = await writesNothing(() => post('/api/services/send-device-info', info, fan.token));
      expect(again.status).toBe(200);
      const bad = await writesNothing(() => post('/api/services/send-device-info', { device_id: 'x' }, fan.token));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('device_id');
      expect((await post('/api/services/send-device-info', info)).status).toBe(401);

      const m = await get('/manifest.webmanifest');
      expect(m.status).toBe(200);
      expect(m.headers.get('content-type')).toContain('application/manifest+json');
      expect(m.body).toMatchObject({ name: 'Fanclub Creator', start_url: '/?source=pwa', scope: '/', display: 'standalone', theme_color: '#e91e63' });
      expect(m.body.icons).toHaveLength(4);
      for (const icon of m.body.icons) {
        const res = await fetch(t.base + icon.src);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      }
      expect((await fetch(`${t.base}/app-icons/evil.svg`)).status).toBe(404);
    });

    it('a scheduled post deleted before its time sends nothing; the help popup shows 5 days after subscribing without notifications', async () => {
      const before = ps.received.length;
      const postId = randomUUID();
      const later = new Date(t.server.services.clock().getTime() + 3600_000).toISOString();
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' }, t.server.services.clock);
      await appendOnce(ctx, `post-${postId}`, [{ type: 'PostCreated', data: { postId, authorId: 'creator', caption: 'Later', visibility: 'subscribers', priceCents: 0, media: [], previewMediaId: null, publishAt: later, createdAt: at() } }]);
      await t.server.services.store.appendToStream(`post-${postId}`, [{ id: randomUUID(), type: 'PostDeleted', data: { postId, deletedAt: at() }, metadata: { correlationId: 'test', causationId: null, userId: null, role: 'system', proxyAdminId: null, ip: null, at: at() } }], { expectedRevision: 0 });
      await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!, 10_000);
      offset += 2 * 3600_000;
      await t.server.services.push!.sender.tick();
      expect(ps.received).toHaveLength(before);

      const member = await register('Member Five Days');
      const paid = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, member.token);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const help = async () => (await get('/api/notifications/user-notification-preferences', member.token)).body.data.show_notification_help_popup;
      await expect.poll(help).toBe(false);
      offset += 5 * 24 * 3600_000;
      expect(await help()).toBe(true);
      expect((await subscribe(member.token, ps.subscribe('member'))).status).toBe(200);
      expect(await help()).toBe(false);
    });
  });
}

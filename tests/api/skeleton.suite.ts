// The walking skeleton over real HTTP and a real database: a fan registers, subscribes by card, unlocks a
// locked post; staff see the subscriber and both payments; bad input changes nothing; nothing is charged twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { sandboxCaptures } from '../../infra/payments/sandbox-card-gateway';
import { registerUser } from '../../commands/accounts';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

export function skeletonSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`walking skeleton over HTTP (${backend})`, () => {
    let t: TestServer;
    let adminToken: string;
    let fanToken: string;
    let lockedPostId: string;
    let privatePostId: string;

    const login = async (email: string, password: string) => {
      const r = await t.call('POST', '/api/users/login', { email, password });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.token as string;
    };

    const uploadImage = async (token: string, title: string) => {
      const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .composite([{ input: Buffer.from(`<svg width="1600" height="1200"><text x="100" y="600" font-size="200" fill="white">${title}</text></svg>`) }])
        .jpeg()
        .toBuffer();
      const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, { token });
      expect(presign.status).toBe(200);
      // The upload itself carries no Authorization header: the URL's signature is the permission.
      const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
      expect(put.status).toBe(200);
      const saved = await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data.status).toBe('ready');
      return saved.body.data.id as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      adminToken = await login(t.adminEmail, t.adminPassword);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('an admin uploads an image and creates locked and private posts from the console API', async () => {
      const mediaId = await uploadImage(adminToken, 'locked');
      const created = await t.call('POST', '/admin-api/posts', { caption: 'Studio set', visibility: 'locked', amount: 12, media_ids: [mediaId] }, { token: adminToken });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ caption: 'Studio set', visibility: 'locked', price_cents: 1200, status: 'published' });
      lockedPostId = created.body.id;
      const privateMedia = await uploadImage(adminToken, 'private');
      const priv = await t.call('POST', '/api/blogs', { caption: 'Members only', visibility: 'private', media_ids: [privateMedia] }, { token: adminToken });
      expect(priv.status).toBe(201);
      privatePostId = priv.body.data._id;
      const list = await t.call('GET', '/admin-api/posts?sort=["publish_at","DESC"]&range=[0,9]', undefined, { token: adminToken });
      expect(list.headers.get('content-range')).toBe('posts 0-1/2');
      const published = await t.call('GET', '/admin-api/posts?filter={"status":"published","visibility":"locked"}', undefined, { token: adminToken });
      expect(published.body.map((p: any) => p.id)).toEqual([lockedPostId]);
      const errored = await t.call('GET', '/admin-api/posts?filter={"status":"error"}', undefined, { token: adminToken });
      expect(errored.body).toEqual([]);
    });

    it('the composer rejects bad posts with the spec messages and writes nothing', async () => {
      const head = await t.server.services.store.headPosition();
      const noMedia = await t.call('POST', '/admin-api/posts', { caption: 'x', visibility: 'locked', amount: 12, media_ids: [] }, { token: adminToken });
      expect(noMedia.status).toBe(400);
      expect(noMedia.body).toMatchObject({ message: 'Please Select Media', field: 'media_ids' });
      const mediaId = (await t.call('GET', '/admin-api/media', undefined, { token: adminToken })).body[0].id;
      const tooCheap = await t.call('POST', '/admin-api/posts', { caption: 'x', visibility: 'locked', amount: 4, media_ids: [mediaId] }, { token: adminToken });
      expect(tooCheap.body).toMatchObject({ message: 'Choose an amount between 5 and 450', field: 'amount' });
      const badVisibility = await t.call('POST', '/admin-api/posts', { caption: 'x', visibility: 'secret', media_ids: [mediaId] }, { token: adminToken });
      expect(badVisibility.status).toBe(400);
      expect(badVisibility.body.field).toBe('visibility');
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('a guest sees locked and private posts blurred, with no link to the originals', async () => {
      const feed = await t.call('GET', '/api/blogs');
      expect(feed.status).toBe(200);
      const locked = feed.body.data.blogs.find((b: any) => b._id === lockedPostId);
      expect(locked).toMatchObject({ isLocked: true, captionBlur: true, description: '', cta: 'register', amount: 12 });
      expect(locked.media[0].url).toBeNull();
      expect(locked.media[0].thumbnail_url).toBeNull();
      const blur = await fetch(t.base + locked.media[0].blur_url);
      expect(blur.status).toBe(200);
      expect((await sharp(Buffer.from(await blur.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(480);
    });

    it('a fan registers (email normalised), and cannot register the same email twice', async () => {
      const r = await t.call('POST', '/api/users/register', { name: 'Fan One', email: '  Fan.One@Example.COM ', password: 'correct horse battery' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data.url).toBe('/subscribe');
      fanToken = r.body.data.token;
      const me = await t.call('GET', '/api/users/me', undefined, { token: fanToken });
      expect(me.body.data).toMatchObject({ email: 'fan.one@example.com', role: 'user', ccbillSubscriptionStatus: '0' });
      expect(JSON.stringify(me.body)).not.toMatch(/argon2|passwordHash|tokenHash/);
      const again = await t.call('POST', '/api/users/register', { name: 'Fan Two', email: 'fan.one@example.com', password: 'another password' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ message: 'An account with this email already exists.', field: 'email' });
      const wrong = await t.call('POST', '/api/users/login', { email: 'fan.one@example.com', password: 'nope nope nope' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Invalid email or password.');
    });

    it('a declined card does not subscribe; the test approve card does', async () => {
      const declined = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.decline }, { token: fanToken });
      expect(declined.body).toMatchObject({ success: 0, message: 'Payment failed.', data: { accepted: false } });
      const ok = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fanToken });
      expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ success: 1, message: 'Thank you for subscribing', data: { accepted: true } });
      const me = await t.call('GET', '/api/users/me', undefined, { token: fanToken });
      expect(me.body.data.ccbillSubscriptionStatus).toBe('1');
      expect(Date.parse(me.body.data.expiration_date)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const cards = await t.call('GET', '/api/ccbill/get-payment-card', undefined, { token: fanToken });
      // Only brand, last 4 and expiry are kept; the number and CVV never reach storage.
      expect(cards.body.data.find((c: any) => c.is_primary)).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(JSON.stringify(cards.body)).not.toContain('4242424242424242');
    });

    it('the subscriber sees private posts and unlocks a locked post by card, at once and after reload', async () => {
      const priv = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${privatePostId}`, undefined, { token: fanToken });
      expect(priv.body.data).toMatchObject({ isLocked: false, captionBlur: false, description: 'Members only' });
      const before = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${lockedPostId}`, undefined, { token: fanToken });
      expect(before.body.data).toMatchObject({ isLocked: true, captionBlur: false, cta: 'unlock' });
      const wrongPrice = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPostId, amount: 5 }, { token: fanToken });
      expect(wrongPrice.status).toBe(409);
      const r = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPostId, amount: 12 }, { token: fanToken, headers: { 'idempotency-key': 'unlock-attempt-0001' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.accepted).toBe(true);
      expect(r.body.data.blogData).toMatchObject({ isLocked: false, is_unlocked: true });
      const original = await fetch(t.base + r.body.data.blogData.media[0].url);
      expect(original.status).toBe(200);
      expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1600);
      // A retry with the same key replays the first answer and charges nothing more.
      const replay = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPostId, amount: 12 }, { token: fanToken, headers: { 'idempotency-key': 'unlock-attempt-0001' } });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.data.transactionId).toBe(r.body.data.transactionId);
      const again = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPostId, amount: 12 }, { token: fanToken });
      expect(again.body.message).toBe('Content already unlocked.');
      const reload = await t.call('GET', `/api/blogs`, undefined, { token: fanToken });
      expect(reload.body.data.blogs.find((b: any) => b._id === lockedPostId)).toMatchObject({ isLocked: false, is_unlocked: true });
      expect(await sandboxCaptures(t.server.services.database)).toEqual({ count: 2, cents: 999 + 1200 });
    });

    it('originals need a valid, unexpired signature', async () => {
      const post = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${lockedPostId}`, undefined, { token: fanToken })).body.data;
      const url = new URL(t.base + post.media[0].url);
      expect((await fetch(`${t.base}${url.pathname}`)).status).toBe(403);
      url.searchParams.set('sig', url.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')));
      expect((await fetch(url)).status).toBe(403);
      url.searchParams.set('exp', '1000');
      expect((await fetch(url)).status).toBe(403);
    });

    it('staff see the new subscriber and both payments in the console lists', async () => {
      const subs = await t.call('GET', '/admin-api/subscribers?sort=["started_at","DESC"]&range=[0,24]&filter={}', undefined, { token: adminToken });
      expect(subs.status).toBe(200);
      expect(subs.headers.get('content-range')).toBe('subscribers 0-0/1');
      expect(subs.body[0]).toMatchObject({ email: 'fan.one@example.com', status: 'active', price_cents: 999, payment_method: 'visa •••• 4242' });
      const tx = await t.call('GET', '/admin-api/transactions?sort=["created_at","ASC"]&range=[0,24]&filter={"status":"captured"}', undefined, { token: adminToken });
      expect(tx.headers.get('content-range')).toBe('transactions 0-1/2');
      expect(tx.body.map((x: any) => [x.type, x.amount_cents, x.user_email])).toEqual([
        ['subscription', 999, 'fan.one@example.com'],
        ['unlock', 1200, 'fan.one@example.com'],
      ]);
      const failed = await t.call('GET', '/admin-api/transactions?filter={"status":"failed"}', undefined, { token: adminToken });
      expect(failed.body).toHaveLength(1);
      const byType = await t.call('GET', '/admin-api/transactions?filter={"type":"unlock"}&range=[0,0]', undefined, { token: adminToken });
      expect(byType.headers.get('content-range')).toBe('transactions 0-0/1');
      const dash = await t.call('GET', '/admin-api/dashboard', undefined, { token: adminToken });
      expect(dash.body).toMatchObject({ today_earnings_cents: 2199, active_subscribers: 1, new_subscribers_today: 1, total_posts: 2 });
      expect(dash.body.earnings_30d).toHaveLength(30);
      // By source: the membership and the unlock, and the sources still to come at zero.
      const bySource = Object.fromEntries((dash.body.earnings_by_source_30d as { source: string; cents: number }[]).map((x) => [x.source, x.cents]));
      expect(Object.keys(bySource)).toEqual(['subscriptions', 'unlocks', 'tips', 'chat', 'shop', 'bookings']);
      expect(bySource.subscriptions).toBeGreaterThan(0);
      expect(bySource.unlocks).toBeGreaterThan(0);
      expect(bySource.subscriptions + bySource.unlocks).toBe(2199);
      expect([bySource.tips, bySource.chat]).toEqual([0, 0]);
      const events = await t.call('GET', '/admin-api/events?filter={"type":"PostUnlocked"}', undefined, { token: adminToken });
      expect(events.body).toHaveLength(1);
      expect(events.body[0].metadata).toMatchObject({ role: 'user', ip: '127.0.0.1' });
      const registered = await t.call('GET', '/admin-api/events?filter={"type":"UserRegistered"}', undefined, { token: adminToken });
      expect(JSON.stringify(registered.body)).not.toMatch(/\$argon2/);
    });

    it('the route table is enforced: guests 401, fans and support 403 where they do not belong', async () => {
      expect((await t.call('GET', '/admin-api/transactions')).status).toBe(401);
      expect((await t.call('GET', '/admin-api/transactions', undefined, { token: fanToken })).status).toBe(403);
      expect((await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'a.jpg', content_type: 'image/jpeg' }, { token: fanToken })).status).toBe(403);
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
      await registerUser(ctx, secrets, { name: 'Support', email: 'support@example.com', password: 'support-password', role: 'support' });
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      const support = await login('support@example.com', 'support-password');
      expect((await t.call('GET', '/admin-api/transactions', undefined, { token: support })).status).toBe(200);
      expect((await t.call('GET', '/admin-api/posts', undefined, { token: support })).status).toBe(403);
      expect((await t.call('GET', '/admin-api/events', undefined, { token: support })).status).toBe(403);
    });

    it('bad input answers 400 naming the field, unknown routes 404, never a stack trace, and writes no event', async () => {
      const head = await t.server.services.store.headPosition();
      const cases: [string, string, unknown, string][] = [
        ['POST', '/api/users/register', { name: 'X', password: 'long enough pw' }, 'email'],
        ['POST', '/api/users/register', { name: 'X', email: 'not-an-email', password: 'long enough pw' }, 'email'],
        ['POST', '/api/users/register', { name: 'X', email: 'x@example.com', password: 'short' }, 'password'],
        ['POST', '/api/v2/purchase/blog-content-purchase', { blogId: 'nope', amount: 12 }, 'blogId'],
        ['POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPostId, amount: '12.345' }, 'amount'],
        ['POST', '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: '4242abcd42424242' }, 'cardNumber'],
        ['POST', '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: '9999999999999999' }, 'cardNumber'],
        ['POST', '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve, cvv: '12' }, 'cvv'],
        ['POST', '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve, firstName: '  ' }, 'firstName'],
      ];
      for (const [method, url, body, field] of cases) {
        const r = await t.call(method, url, body, { token: fanToken });
        expect(r.status, `${url} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.field, url).toBe(field);
        expect(r.body.message).toBeTruthy();
      }
      const messages = (await t.call('POST', '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: '' }, { token: fanToken })).body.message;
      expect(messages).toBe('Please enter a card number.');
      const notFound = await t.call('GET', '/api/nothing-here');
      expect(notFound.status).toBe(404);
      expect(notFound.body.success).toBe(0);
      const badJson = await t.call('POST', '/api/users/login', undefined, { raw: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(badJson.status).toBe(400);
      expect(JSON.stringify(badJson.body)).not.toMatch(/at .*\.ts:\d+|stack/i);
      const badSort = await t.call('GET', '/admin-api/posts?sort=notjson', undefined, { token: adminToken });
      expect(badSort.body).toMatchObject({ field: 'sort' });
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('fifty parallel unlocks of one post by one fan charge once', async () => {
      const mediaId = await uploadImage(adminToken, 'race');
      const post = await t.call('POST', '/admin-api/posts', { caption: 'Race', visibility: 'locked', amount: 7, media_ids: [mediaId] }, { token: adminToken });
      const before = await sandboxCaptures(t.server.services.database);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: post.body.id, amount: 7 }, { token: fanToken })),
      );
      const accepted = results.filter((r) => r.body.data?.accepted);
      expect(accepted.length).toBeGreaterThan(0);
      expect(new Set(accepted.map((r) => r.body.data.transactionId)).size).toBe(1);
      for (const r of results) if (!r.body.data?.accepted) expect(r.body.message).toBe('Content already unlocked.');
      const after = await sandboxCaptures(t.server.services.database);
      expect(after).toEqual({ count: before.count + 1, cents: before.cents + 700 });
    });

    it('the admin changes the generated password; other sessions end, this one stays', async () => {
      const other = await login(t.adminEmail, t.adminPassword);
      const wrong = await t.call('POST', '/api/users/change_old_password', { old_password: 'nope', new_password: 'a brand new password' }, { token: adminToken });
      expect(wrong.body).toMatchObject({ field: 'old_password' });
      const short = await t.call('POST', '/api/users/change_old_password', { old_password: t.adminPassword, new_password: 'short' }, { token: adminToken });
      expect(short.body).toMatchObject({ field: 'new_password', message: 'Password must be at least 8 characters.' });
      const r = await t.call('POST', '/api/users/change_old_password', { old_password: t.adminPassword, new_password: 'a brand new password' }, { token: adminToken });
      expect(r.body).toMatchObject({ success: 1, message: 'Password updated successfully.' });
      expect((await t.call('GET', '/api/users/me', undefined, { token: adminToken })).status).toBe(200);
      expect((await t.call('GET', '/api/users/me', undefined, { token: other })).status).toBe(401);
      expect((await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).status).toBe(400);
      adminToken = await login(t.adminEmail, 'a brand new password');
    });

    it('rebuilding the read models from the log reproduces them row for row', async () => {
      const { database, store } = t.server.services;
      const snapshot = async () => {
        const out: Record<string, unknown[]> = {};
        for (const p of allProjections)
          for (const table of p.tables) {
            const rows = await untypedTables(database).withSchema('rm').selectFrom(table.name).selectAll().execute();
            const key = (r: any) => table.primaryKey.map((k) => String(r[k])).join('|');
            out[table.name] = rows.sort((a, b) => key(a).localeCompare(key(b))).map((r) => JSON.stringify(r));
          }
        return out;
      };
      const live = await snapshot();
      expect(live.transactions.length).toBeGreaterThan(0);
      await t.server.services.runner.stop();
      const result = await rebuildReadModels({ database, store, projections: allProjections });
      expect(result.events).toBeGreaterThan(20);
      const rebuilt = await snapshot();
      for (const table of Object.keys(live)) {
        const missing = live[table].filter((r) => !rebuilt[table].includes(r));
        const extra = rebuilt[table].filter((r) => !live[table].includes(r));
        expect({ table, missing, extra }).toEqual({ table, missing: [], extra: [] });
      }
    });
  });
}

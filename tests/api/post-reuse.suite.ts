// Runs on one back end (PGlite, post-reuse.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Reuse writes two streams (the new version, then the root's listing of it) with no transaction over them: the
// event store may be EventStoreDB. A failure between the two appends must leave nothing anyone can trip over —
// no version shown in the feed or the console that its root does not list, none for sale, no listing of a post
// that does not exist — and a retry completes the reuse.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { postStream } from '../../domain/post/post';
import type { EventStore } from '../../infra/eventstore/port';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

/** The store, except that the `n`th append from now (1 = the next) throws once, writing nothing. */
function failingAppend(store: EventStore, n: number): EventStore {
  let calls = 0;
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'appendToStream') {
        return (...args: Parameters<EventStore['appendToStream']>) => {
          if (++calls === n) return Promise.reject(new Error('injected: the store went away between two appends'));
          return target.appendToStream(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function postReuseSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`reuse with a failure between its two appends (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let buyer: string;
    let fan: string;
    let root: string;
    let media: string;

    const call = (method: string, url: string, body: unknown, token: string) => t.call(method, url, body, { token });
    /** A fan with a membership (locked posts are for members). */
    const member = async (name: string, email: string) => {
      const token = (await t.call('POST', '/api/users/register', { name, email, password: 'reuse fan password' })).body.data.token as string;
      const paid = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      return token;
    };
    const feedIds = async (token: string) => ((await call('GET', '/api/blogs', undefined, token)).body.data.blogs as any[]).map((b) => b._id as string);
    const staffFeedIds = async () => ((await call('GET', '/api/blogs/all', undefined, admin)).body.data.blogs as any[]).map((b) => b._id as string);
    const consoleGroup = async () => ((await call('GET', '/admin-api/posts?range=[0,99]', undefined, admin)).body as any[]).filter((p) => p.id === root || p.version_of === root);
    /** Ids of the posts written as versions of the root, whether listed or not (from the event log). */
    const versionsWritten = async () => {
      const all = await t.server.services.store.readAll({ maxCount: 100_000 });
      return all.filter((e) => e.type === 'PostCreated' && (e.data as any).reuseOf === root).map((e) => (e.data as any).postId as string);
    };
    const listedVersions = async () =>
      (await t.server.services.store.readStream(postStream(root))).filter((e) => e.type === 'PostVersionAdded').map((e) => (e.data as any).versionId as string);

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      buyer = await member('Reuse Buyer', 'reuse.buyer@example.com');
      fan = await member('Reuse Fan', 'reuse.fan@example.com');
      const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
      const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: 'reuse.jpg', content_type: 'image/jpeg', media_type: 'blog' }, admin)).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const saved = (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data;
      expect(saved.status).toBe('ready');
      media = saved.id;
      const created = await call('POST', '/admin-api/posts', { caption: 'Worth reusing', visibility: 'locked', amount: 10, media_ids: [media] }, admin);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      root = created.body.id;
      const bought = await call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: root, amount: 10, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, buyer);
      expect(bought.body.data?.accepted, JSON.stringify(bought.body)).toBe(true);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the second append fails: the request fails, nothing is shown or for sale, and the root lists only posts that exist', async () => {
      const services = t.server.services as { store: EventStore };
      const real = services.store;
      services.store = failingAppend(real, 2);
      let failed;
      try {
        failed = await call('POST', '/api/blog/reuse-blog', { _id: root, description: 'Reused, take one', amount: 12 }, admin);
      } finally {
        services.store = real;
      }
      expect(failed.status).toBe(500);
      expect(JSON.stringify(failed.body)).not.toContain('injected');
      await t.server.services.runner.waitFor((await real.headPosition())!, 30_000);

      // No listing of a post that does not exist (the old order left exactly that).
      const written = await versionsWritten();
      for (const id of await listedVersions()) expect(written).toContain(id);
      // Whatever was written is shown to nobody: fan feed, staff feed, console list, the post's own page.
      const [orphan] = written;
      expect(await feedIds(fan)).toEqual([root]);
      expect(await staffFeedIds()).toEqual([root]);
      expect((await consoleGroup()).map((p) => [p.id, p.group_versions])).toEqual([[root, 1]]);
      if (orphan) {
        expect((await call('GET', `/admin-api/posts/${orphan}`, undefined, admin)).status).toBe(404);
        // And not for sale: refused before any charge.
        const captures = (await call('GET', '/admin-api/transactions?range=[0,99]', undefined, admin)).body.length;
        const buy = await call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: orphan, amount: 12, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan);
        expect(buy.status).toBe(404);
        expect((await call('GET', '/admin-api/transactions?range=[0,99]', undefined, admin)).body.length).toBe(captures);
      }
    });

    it('a retry completes the reuse: one new version, in the root\'s group, unlocked for the root\'s buyer', async () => {
      const r = await call('POST', '/api/blog/reuse-blog', { _id: root, description: 'Reused, take two', amount: 12 }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const version = r.body.data.reuseBlog.udid as string;
      expect(await listedVersions()).toEqual([version]);
      expect(await feedIds(fan)).toEqual([version, root]);
      expect(await staffFeedIds()).toEqual([version, root]);
      expect((await consoleGroup()).map((p) => [p.id, p.group_versions]).sort()).toEqual([[root, 2], [version, 2]].sort());
      const mine = ((await call('GET', '/api/blogs', undefined, buyer)).body.data.blogs as any[]).find((b) => b._id === version);
      expect(mine).toMatchObject({ version_of: root, isLocked: false, is_unlocked: true });
      const again = await call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: version, amount: 12, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, buyer);
      expect(again.body.message).toBe('Content already unlocked.');
    });

    /** Runs the request with the `n`th append made to fail, then waits for the read models. */
    const withFailingAppend = async <T>(n: number, run: () => Promise<T>): Promise<T> => {
      const services = t.server.services as { store: EventStore };
      const real = services.store;
      services.store = failingAppend(real, n);
      try {
        return await run();
      } finally {
        services.store = real;
        await t.server.services.runner.waitFor((await real.headPosition())!, 30_000);
      }
    };
    const tagged = async (tagId: string) => ((await call('GET', `/api/blogs?feed_tag_id=${tagId}`, undefined, fan)).body.data.blogs as any[]).map((b) => b._id as string);

    it('a tagged reuse: its tags are written before the listing, so a failure at either step shows nothing; the retry shows it tagged', async () => {
      const tag = (await call('POST', '/api/feed-tags/add-or-update', { name: 'Encore' }, admin)).body.data.feed_tag._id as string;
      const before = await staffFeedIds();
      for (const n of [2, 3]) {
        const failed = await withFailingAppend(n, () => call('POST', '/api/blog/reuse-blog', { _id: root, description: `Encore, failing at ${n}`, amount: 12, feed_tags: [tag] }, admin));
        expect(failed.status).toBe(500);
        expect(await staffFeedIds()).toEqual(before);
        expect(await tagged(tag)).toEqual([]);
      }
      const written = await versionsWritten();
      for (const id of await listedVersions()) expect(written).toContain(id);
      const r = await call('POST', '/api/blog/reuse-blog', { _id: root, description: 'Encore', amount: 12, feed_tags: [tag] }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await tagged(tag)).toEqual([r.body.data.reuseBlog.udid]);
      expect(await staffFeedIds()).toEqual([r.body.data.reuseBlog.udid, ...before]);
    });

    it('a tagged new post: the tags first, the post last, so a failure between shows nothing and the retry posts once', async () => {
      const tag = (await call('POST', '/api/feed-tags/add-or-update', { name: 'Fresh' }, admin)).body.data.feed_tag._id as string;
      const before = await staffFeedIds();
      const body = { caption: 'Fresh and tagged', visibility: 'public', media_ids: [media], feed_tags: [tag] };
      const failed = await withFailingAppend(2, () => call('POST', '/admin-api/posts', body, admin));
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await staffFeedIds()).toEqual(before);
      expect(await tagged(tag)).toEqual([]);
      // The console's tag list counts no post for it.
      const tagCount = async () => ((await call('POST', '/api/feed-tags/', {}, admin)).body.data.feed_tags as any[]).find((x) => x._id === tag).count;
      expect(await tagCount()).toBe(0);
      const r = await call('POST', '/admin-api/posts', body, admin);
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      expect(await tagged(tag)).toEqual([r.body.id]);
      expect(await staffFeedIds()).toEqual([r.body.id, ...before]);
      expect(await tagCount()).toBe(1);
    });
  });
}

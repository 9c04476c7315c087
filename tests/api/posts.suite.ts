// The post lifecycle over real HTTP and a real database: preview, category and tags on
// create, scheduling against the services clock, posts hidden while their media processes or after it failed,
// edit, reuse (versions grouped by their root; a buyer of any version is never charged again), review of an
// errored post, delete with the feed's extras, counts per settings, and a rebuild that reproduces it all.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { SETTINGS_STREAM, settingsDecider, type SiteSettings } from '../../domain/settings/settings';
import { commandContext, handle } from '../../commands/handle';
import { sandboxCaptures } from '../../infra/payments/sandbox-card-gateway';
import { mediaByIds } from '../../projections/media';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { mediaEvents } from '../support/media-events';
import type { EventStore, NewEvent } from '../../infra/eventstore/port';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

const HOUR = 3600_000;

export function postsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`post lifecycle over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let adminId: string;
    let member: string; // subscriber who buys the original
    let other: string; // subscriber who buys a later version
    let tagId: string;
    const readyMedia: string[] = [];

    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    const feed = async (token?: string, query = '') => (await get(`/api/blogs${query}`, token)).body.data.blogs as any[];
    const staffFeed = async () => (await get('/api/blogs/all', admin)).body.data.blogs as any[];
    const total = async (token?: string) => (await get('/api/blogs', token)).body.data.totalPosts as number;
    const staffTotal = async () => (await get('/api/blogs/all', admin)).body.data.totalPosts as number;
    const inFeed = async (id: string, token?: string) => (await feed(token)).find((b) => b._id === id);
    const byId = (id: string, token?: string) => get(`/api/blog/get-blog-data-by-id?id=${id}`, token);
    const head = () => t.server.services.store.headPosition();
    /** Post, tag and media events since `from` (payment notices may arrive from the sandbox gateway meanwhile). */
    const written = async (from: Awaited<ReturnType<typeof head>>) =>
      (await t.server.services.store.readAll({ after: from })).filter((e) => /^(post|feed-tags|media)-?/.test(e.streamId)).map((e) => `${e.streamId} ${e.type}`);
    const login = async (email: string, password: string) => (await post('/api/users/login', { email, password })).body.data.token as string;

    const register = async (name: string, email: string) => {
      const r = await post('/api/users/register', { name, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const id = r.body.data.userId as string;
      expect((await post('/api/admin/give_complimentary_subscription', { user_id: id, months: 1 }, admin)).status).toBe(200);
      return r.body.data.token as string;
    };

    const uploadImage = async (title: string) => {
      const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 60 } } }).jpeg().toBuffer();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin);
      const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
      expect(put.status).toBe(200);
      const saved = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(saved.body.data.status).toBe('ready');
      return saved.body.data.id as string;
    };

    const create = async (body: Record<string, unknown>) => {
      const r = await post('/api/blogs', body, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { id: r.body.data._id as string, message: r.body.message as string };
    };

    const settings = async (changes: Partial<SiteSettings>) => {
      const ctx = commandContext(t.server.services.store, { userId: adminId, role: 'admin' });
      await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
      if (ctx.lastPosition) await t.server.services.runner.waitFor(ctx.lastPosition);
    };

    const { append, heldMedia, fail } = mediaEvents(() => t, () => adminId);
    /** Records renditions for held media (the files of an already processed image). */
    const finish = async (mediaId: string) => {
      const m = (await mediaByIds(t.server.services.database.db, [readyMedia[0]])).get(readyMedia[0])!;
      await append(mediaId, [
        { type: 'MediaProcessed', data: { mediaId, originalKey: m.original_key, thumbnailKey: m.thumbnail_key, blurKey: m.blur_key, width: m.width, height: m.height } },
      ]);
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await login(t.adminEmail, t.adminPassword);
      adminId = (await get('/api/users/me', admin)).body.data._id;
      member = await register('Member One', 'member.one@example.com');
      other = await register('Member Two', 'member.two@example.com');
      for (const title of ['a', 'b', 'c', 'preview']) readyMedia.push(await uploadImage(title));
      const tag = await post('/api/feed-tags/add-or-update', { name: 'Beach' }, admin);
      expect(tag.status, JSON.stringify(tag.body)).toBe(200);
      tagId = tag.body.data.feed_tag._id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('creates a locked post with a separate preview item, a category and tags; guests see only the preview unblurred', async () => {
      const [a, b, , preview] = readyMedia;
      const categoryId = randomUUID();
      const { id, message } = await create({ caption: 'Beach set', visibility: 'locked', amount: 15, media_ids: [a, b], preview_media_id: preview, category_id: categoryId, feed_tags: [tagId] });
      expect(message).toBe('Content posted successfully.');
      const guest = await inFeed(id);
      expect(guest).toMatchObject({ isLocked: true, isPreviewEnable: true, category_id: categoryId, processing: false, isError: false, is_published: true, version_of: null });
      expect(guest.media.map((m: any) => [m.url, m.thumbnail_url])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(guest.media_preview._id).toBe(preview);
      for (const url of [guest.media_preview.url, guest.media_preview.thumbnail_url]) expect((await fetch(t.base + url)).status).toBe(200);
      // Tagged in the same request: the tag filter finds it.
      expect((await feed(member, `?feed_tag_id=${tagId}`)).map((p) => p._id)).toEqual([id]);
      // Staff see everything.
      const staff = (await byId(id, admin)).body.data;
      expect(staff.media.every((m: any) => typeof m.url === 'string')).toBe(true);
    });

    it('a preview that is one of the media opens that one item only', async () => {
      const [a, b] = readyMedia;
      const { id } = await create({ caption: 'Two', visibility: 'locked', amount: 9, media_ids: [a, b], preview_media_id: b });
      const seen = (await byId(id, other)).body.data;
      expect(seen).toMatchObject({ isLocked: true, cta: 'unlock', isPreviewEnable: true });
      expect(seen.media[0].url).toBeNull();
      expect((await fetch(t.base + seen.media[1].url)).status).toBe(200);
      expect(seen.media_preview._id).toBe(b);
    });

    it('refuses bad posts with the spec messages, naming the field, and writes nothing', async () => {
      const [a, b] = readyMedia;
      const before = await head();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ visibility: 'private', media_ids: [a], preview_media_id: b }, 'preview_media_id', 'Preview is only available for Locked posts.'],
        [{ visibility: 'locked', amount: 10, media_ids: [a], preview_media_id: [a, b] }, 'preview_media_id', 'preview_media_id is invalid.'],
        [{ visibility: 'locked', amount: 10, media_ids: [a], preview_media_id: randomUUID() }, 'preview_media_id', 'Invalid Request'],
        [{ visibility: 'private', media_ids: [a], feed_tags: [randomUUID()] }, 'feed_tags', 'Invalid Tag'],
        [{ visibility: 'private', media_ids: [a], category_id: 'nope' }, 'category_id', 'category_id is invalid.'],
        [{ visibility: 'private', media_ids: [a], publish_at: new Date(Date.now() - 5 * 60_000).toISOString() }, 'publish_at', 'Schedule date cannot be in the past.'],
        [{ visibility: 'locked', amount: 'lots', media_ids: [a] }, 'amount', 'Choose an amount between 5 and 450'],
        [{ visibility: 'locked', amount: 10, media_ids: [a, b], caption: '  ' }, 'caption', 'Please Add Caption'],
      ];
      for (const [body, field, message] of cases) {
        const r = await post('/api/blogs', body, admin);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body, JSON.stringify(body)).toMatchObject({ success: 0, field, message });
      }
      expect(await written(before)).toEqual([]);
    });

    it('a scheduled post appears at its time by the clock alone; staff see it before, as not published', async () => {
      const [a] = readyMedia;
      const skewed = await create({ caption: 'A bit late', visibility: 'public', media_ids: [a], publish_at: new Date(Date.now() - 30_000).toISOString() });
      expect(await inFeed(skewed.id)).toBeTruthy();
      const at = new Date(Date.now() + 2 * HOUR).toISOString();
      const [fans, staff] = [await total(), await staffTotal()];
      const { id } = await create({ caption: 'Later', visibility: 'public', media_ids: [a], publish_at: at });
      expect([await total(), await staffTotal()]).toEqual([fans, staff + 1]);
      expect(await inFeed(id, member)).toBeUndefined();
      expect((await byId(id, member)).status).toBe(404);
      expect((await staffFeed()).find((b) => b._id === id)).toMatchObject({ is_published: false, date: at });
      const clock = t.server.services.clock;
      t.server.services.clock = () => new Date(Date.now() + 3 * HOUR);
      try {
        expect(await inFeed(id, member)).toMatchObject({ is_published: true });
        expect(await total(member)).toBe(fans + 1);
        expect((await feed(member))[0]._id).toBe(id); // newest publish time first
        expect((await byId(id)).status).toBe(200);
      } finally {
        t.server.services.clock = clock;
      }
    });

    let erroredPost: string;
    let goodItem: string;
    it('a post stays hidden from fans while its media processes, returns to processing on a reprocess request, and on error', async () => {
      const held = await heldMedia();
      const fans = await total();
      const { id, message } = await create({ caption: 'Slow one', visibility: 'public', media_ids: [held] });
      expect(await total()).toBe(fans);
      expect(message).toBe('The uploaded post is being processed and will be visible in some time.');
      expect(await inFeed(id)).toBeUndefined();
      expect((await byId(id)).status).toBe(404);
      expect((await staffFeed()).find((b) => b._id === id)).toMatchObject({ processing: true, isError: false });
      expect((await get(`/admin-api/posts/${id}`, admin)).body.status).toBe('processing');

      await finish(held);
      expect(await inFeed(id)).toMatchObject({ processing: false, isError: false });
      expect(await total()).toBe(fans + 1);

      // Staff asked for the item to be processed again (domain/media): under process again.
      await append(held, [{ type: 'MediaReprocessRequested', data: { mediaId: held } }]);
      expect(await inFeed(id)).toBeUndefined();
      expect((await staffFeed()).find((b) => b._id === id)).toMatchObject({ processing: true });
      await append(held, [{ type: 'MediaProcessed', data: { mediaId: held, originalKey: 'x', thumbnailKey: 'x', blurKey: 'x', width: 1, height: 1 } }]);
      expect(await inFeed(id)).toBeTruthy();

      // A gallery with one item failing: hidden from fans, flagged for staff with the failing position.
      const broken = await heldMedia();
      goodItem = readyMedia[2];
      erroredPost = (await create({ caption: 'Gallery', visibility: 'locked', amount: 20, media_ids: [goodItem, broken] })).id;
      await fail(broken);
      expect(await inFeed(erroredPost, member)).toBeUndefined();
      expect((await byId(erroredPost, member)).status).toBe(404);
      expect((await staffFeed()).find((b) => b._id === erroredPost)).toMatchObject({ isError: true, processing: false, gallery_process_error_index: [1] });
      expect((await get(`/admin-api/posts?filter={"status":"error"}`, admin)).body.map((p: any) => p.id)).toEqual([erroredPost]);

      // Choosing errored media for a new post is refused.
      const r = await post('/api/blogs', { caption: 'x', visibility: 'public', media_ids: [broken] }, admin);
      expect(r.body).toMatchObject({ field: 'media_ids', message: 'Error: There is problem in processing one or multiple content.' });
    });

    it('Review And Post fixes an errored post only, replacing media, caption and price', async () => {
      const [, , , preview] = readyMedia;
      const notInError = (await create({ caption: 'fine', visibility: 'public', media_ids: [goodItem] })).id;
      const before = await head();
      const refused = await post('/api/blog/post-reviewed-blog', { blog_id: notInError, description: 'x', media: [goodItem] }, admin);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'Invalid Request', field: 'blog_id' });
      const withBroken = (await staffFeed()).find((b) => b._id === erroredPost).media.map((m: any) => m._id);
      const stillBroken = await post('/api/blog/post-reviewed-blog', { blog_id: erroredPost, description: 'x', media: withBroken, amount: 20 }, admin);
      expect(stillBroken.body).toMatchObject({ field: 'media', message: 'Error: There is problem in processing one or multiple content.' });
      const badAmount = await post('/api/blog/post-reviewed-blog', { blog_id: erroredPost, description: 'x', media: [goodItem], amount: 1000 }, admin);
      expect(badAmount.body).toMatchObject({ field: 'amount', message: 'Choose an amount between 5 and 450' });
      expect(await written(before)).toEqual([]);

      const reupload = await uploadImage('reupload');
      const review = { blog_id: erroredPost, description: 'Gallery, fixed', media: [goodItem, reupload], media_preview: preview, amount: 25, feed_tags: [tagId], contentLeftForProcessing: 0 };
      // Two streams (tags, then the review): the store fails once on the tags' append, then once on the review's.
      // Either way the post stays in error for everyone, so Review And Post can simply be sent again (the old order
      // wrote the review first: a failed tags append left it reviewed with its old tags, and a retry was refused).
      const services = t.server.services as { store: EventStore };
      const real = services.store;
      for (const cutWhen of [(s: string, es: NewEvent[]) => s !== `post-${erroredPost}` && es.some((e) => e.data.postId === erroredPost),
        (s: string, es: NewEvent[]) => s === `post-${erroredPost}` && es.some((e) => e.type === 'PostReviewed')]) {
        services.store = new Proxy(real, {
          get(target, prop) {
            const value = Reflect.get(target, prop, target);
            if (prop !== 'appendToStream') return typeof value === 'function' ? value.bind(target) : value;
            return (stream: string, events: NewEvent[], options?: any) => {
              if (cutWhen(stream, events)) {
                services.store = real;
                return Promise.reject(new Error('injected: the store went away between two appends'));
              }
              return target.appendToStream(stream, events, options);
            };
          },
        });
        let cut;
        try {
          cut = await post('/api/blog/post-reviewed-blog', review, admin);
        } finally {
          services.store = real;
        }
        expect(cut.status).toBe(500);
        await t.server.services.runner.waitFor((await real.headPosition())!, 30_000);
        expect((await staffFeed()).find((b) => b._id === erroredPost)).toMatchObject({ isError: true });
      }
      const ok = await post('/api/blog/post-reviewed-blog', review, admin);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toMatchObject({ success: 1, message: 'Content reviewed successfully.' });
      const fixed = await inFeed(erroredPost, other);
      expect(fixed).toMatchObject({ description: 'Gallery, fixed', amount: 25, isError: false, processing: false, isPreviewEnable: true });
      expect(fixed.media.map((m: any) => m._id)).toEqual([goodItem, reupload]);
      expect((await feed(other, `?feed_tag_id=${tagId}`)).map((p) => p._id)).toContain(erroredPost);
    });

    it('edits the caption, Private/Public of unlocked posts and the preview of locked posts', async () => {
      const [a, b, , preview] = readyMedia;
      const priv = (await create({ caption: 'private one', visibility: 'private', media_ids: [a] })).id;
      const r = await post('/api/blogs/edit', { postId: priv, description: 'now public', isPublicPost: 'public', pageNum: 1, isCaptionBlur: false }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Post updated successfully.', data: { _id: priv, description: 'now public', visibility: 'public' } });
      expect(await inFeed(priv)).toMatchObject({ description: 'now public', public: true, isLocked: false });

      const locked = (await create({ caption: 'gallery', visibility: 'locked', amount: 10, media_ids: [a, b] })).id;
      const before = await head();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ postId: locked, description: ' ' }, 'description', 'Please Add Caption'],
        [{ postId: locked, description: 'x', isPublicPost: 'public' }, 'isPublicPost', 'Invalid Request'],
        [{ postId: priv, description: 'x', media_preview_item: b }, 'media_preview_item', 'Preview is only available for Locked posts.'],
        [{ postId: locked, description: 'x', media_preview_item: randomUUID() }, 'media_preview_item', 'Invalid Request'],
        [{ postId: locked, description: 'x', isPublicPost: 'secret' }, 'isPublicPost', 'isPublicPost must be private or public.'],
      ];
      for (const [body, field, message] of cases) expect((await post('/api/blogs/edit', body, admin)).body, JSON.stringify(body)).toMatchObject({ success: 0, field, message });
      expect((await post('/api/blogs/edit', { postId: randomUUID(), description: 'x' }, admin)).status).toBe(404);
      expect(await written(before)).toEqual([]);

      await post('/api/blogs/edit', { postId: locked, description: 'gallery', media_preview_item: preview }, admin);
      expect((await byId(locked, other)).body.data).toMatchObject({ isPreviewEnable: true, media_preview: { _id: preview } });
      await post('/api/blogs/edit', { postId: locked, description: 'gallery', media_preview_item: null }, admin);
      expect((await byId(locked, other)).body.data).toMatchObject({ isPreviewEnable: false, media_preview: null });
    });

    it('reuse makes a new version: buyers of any version see it unlocked and are never charged again; others pay the new price', async () => {
      const [a] = readyMedia;
      const original = (await create({ caption: 'Original', visibility: 'locked', amount: 12, media_ids: [a], feed_tags: [tagId] })).id;
      const bought = await post('/api/v2/purchase/blog-content-purchase', { blogId: original, amount: 12, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, member);
      expect(bought.body.data?.accepted, JSON.stringify(bought.body)).toBe(true);
      const originalDate = (await byId(original, admin)).body.data.date;

      const before = await head();
      const bad: [Record<string, unknown>, string, string][] = [
        [{ _id: original, description: 'x', amount: 501 }, 'amount', 'Choose an amount between 5 and 500'],
        [{ _id: original, description: 'x', amount: 4 }, 'amount', 'Choose an amount between 5 and 500'],
        [{ _id: original, description: 'x', amount: 20, date: new Date(Date.now() - HOUR).toISOString() }, 'date', 'Schedule date cannot be in the past.'],
        [{ _id: original, description: 'x', amount: 20, media_item: [randomUUID()] }, 'media_item', 'Image Number 1 media format is not supported.'],
        [{ _id: original, description: 'x', amount: 20, feed_tags: [randomUUID()] }, 'feed_tags', 'Invalid Tag'],
        [{ _id: 'nope', description: 'x' }, '_id', '_id is invalid.'],
      ];
      for (const [body, field, message] of bad) expect((await post('/api/blog/reuse-blog', body, admin)).body, JSON.stringify(body)).toMatchObject({ success: 0, field, message });
      expect((await post('/api/blog/reuse-blog', { _id: randomUUID(), description: 'x' }, admin)).status).toBe(404);
      expect(await written(before)).toEqual([]);

      const r = await post('/api/blog/reuse-blog', { _id: original, description: 'Original, again', amount: 20, privateBlur: false, media: [], contentLeftForProcessing: 0 }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Content posted successfully.', data: { reuseBlog: { udid: expect.any(String) } } });
      const version = r.body.data.reuseBlog.udid as string;
      expect(version).not.toBe(original);

      // New post at the top, same media and tags, in the original's group.
      const top = (await feed(other))[0];
      expect(top).toMatchObject({ _id: version, description: 'Original, again', amount: 20, isLocked: true, cta: 'unlock', version_of: original });
      expect(top.media.map((m: any) => m._id)).toEqual([a]);
      expect((await feed(other, `?feed_tag_id=${tagId}`)).map((p) => p._id)).toContain(version);
      // The buyer of the original sees the new version unlocked, and an unlock attempt charges nothing.
      expect(await inFeed(version, member)).toMatchObject({ isLocked: false, is_unlocked: true });
      const captures = await sandboxCaptures(t.server.services.database);
      const again = await post('/api/v2/purchase/blog-content-purchase', { blogId: version, amount: 20, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, member);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Content already unlocked.');

      // Keeping the original date: the new version takes the reused post's date and does not go to the top.
      const kept = await post('/api/blog/reuse-blog', { _id: original, description: 'Third time', amount: 30, keep_original_date: true }, admin);
      const third = kept.body.data.reuseBlog.udid as string;
      expect((await byId(third, member)).body.data).toMatchObject({ version_of: original, date: originalDate, isLocked: false });
      expect((await feed(other))[0]._id).toBe(version);

      // Someone who bought a later version is entitled to the original and to every other version.
      const otherBuys = await post('/api/v2/purchase/blog-content-purchase', { blogId: third, amount: 30, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, other);
      expect(otherBuys.body.data?.accepted, JSON.stringify(otherBuys.body)).toBe(true);
      expect(await inFeed(original, other)).toMatchObject({ isLocked: false, is_unlocked: true });
      expect((await post('/api/v2/purchase/blog-content-purchase', { blogId: version, amount: 20 }, other)).body.message).toBe('Content already unlocked.');
      expect(await sandboxCaptures(t.server.services.database)).toEqual({ count: captures.count + 1, cents: captures.cents + 3000 });

      // A reuse of a version joins the same group (grouped by the root), and its buyers' entitlement follows.
      const fourth = (await post('/api/blog/reuse-blog', { _id: version, description: 'Fourth', amount: 25 }, admin)).body.data.reuseBlog.udid as string;
      expect((await feed(other))[0]).toMatchObject({ _id: fourth, version_of: original, isLocked: false, amount: 25 });

      // The console groups versions: version_of and the group's revenue (12 + 30).
      const list = (await get('/admin-api/posts?range=[0,99]', admin)).body as any[];
      const group = list.filter((p) => p.id === original || p.version_of === original);
      expect(group.map((p) => [p.id === original ? 'root' : p.version_of === original, p.group_revenue_cents, p.group_versions])).toEqual(
        expect.arrayContaining([
          ['root', 4200, 4],
          [true, 4200, 4],
        ]),
      );
      expect(group).toHaveLength(4);
    });

    it('shows like and comment counts only as the settings allow; staff always see them', async () => {
      const [a] = readyMedia;
      const pub = (await create({ caption: 'count me', visibility: 'public', media_ids: [a] })).id;
      const priv = (await create({ caption: 'count me too', visibility: 'private', media_ids: [a] })).id;
      expect(await inFeed(priv, member)).toMatchObject({ total_likes: 0, total_comments: 0 });
      await settings({ enable_like_count_for_private_locked_post: false, enable_comment_count_for_private_locked_post: false });
      expect(await inFeed(priv, member)).toMatchObject({ total_likes: null, total_comments: null });
      expect(await inFeed(pub, member)).toMatchObject({ total_likes: 0, total_comments: 0 });
      expect((await byId(priv, admin)).body.data).toMatchObject({ total_likes: 0, total_comments: 0 });
      await settings({ like_visibility: 'registered_and_subscribers', is_feed_comment_enabled: false });
      expect(await inFeed(pub)).toMatchObject({ total_likes: null, total_comments: null });
      expect(await inFeed(pub, member)).toMatchObject({ total_likes: 0, total_comments: null });
      await settings({
        like_visibility: 'everyone', is_feed_comment_enabled: true, enable_like_count_for_private_locked_post: true, enable_comment_count_for_private_locked_post: true,
      });
    });

    it('delete accepts the feed extras (requestFrom, pageNum, feedTagId) and removes the post', async () => {
      const [a] = readyMedia;
      const { id } = await create({ caption: 'bye', visibility: 'public', media_ids: [a] });
      const [fans, staff] = [await total(), await staffTotal()];
      const r = await post('/api/blogs/delete', { id, requestFrom: 'feed', pageNum: 2, feedTagId: tagId }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Post deleted.' });
      expect(await inFeed(id)).toBeUndefined();
      expect((await staffFeed()).find((b) => b._id === id)).toBeUndefined();
      expect([await total(), await staffTotal()]).toEqual([fans - 1, staff - 1]);
    });

    it('only admin, super_admin and model edit; fans cannot reuse or review', async () => {
      const [a] = readyMedia;
      const { id } = await create({ caption: 'roles', visibility: 'public', media_ids: [a] });
      expect((await post('/api/blogs/edit', { postId: id, description: 'x' }, member)).status).toBe(403);
      expect((await post('/api/blog/reuse-blog', { _id: id, description: 'x' }, member)).status).toBe(403);
      expect((await post('/api/blog/post-reviewed-blog', { blog_id: id, description: 'x', media: [a] }, member)).status).toBe(403);
      expect((await post('/api/blogs/edit', { postId: id, description: 'x' })).status).toBe(401);
    });

    it('cached feed pages and sessions follow every change at once: a new post, an unlock, a like, a delete, a logout', async () => {
      const fan = await register('Cache Fan', 'cache.fan@example.com');
      // A fan of the same standing: the two share a kept answer until one of them buys or likes something.
      const twin = await register('Cache Twin', 'cache.twin@example.com');
      const first = await create({ caption: 'Cached locked post', visibility: 'locked', amount: 9, media_ids: [readyMedia[0]] });
      // Read twice: the second answer comes from the caches.
      expect(await inFeed(first.id, fan)).toMatchObject({ isLocked: true, user_feed_like: false });
      expect(await inFeed(first.id, fan)).toMatchObject({ isLocked: true, user_feed_like: false });
      expect(await feed(twin)).toEqual(await feed(fan));
      const second = await create({ caption: 'Posted after the page was cached', visibility: 'public', media_ids: [readyMedia[0]] });
      expect((await feed(fan))[0]._id).toBe(second.id);
      const bought = await post('/api/v2/purchase/blog-content-purchase', { blogId: first.id, amount: 9, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan);
      expect(bought.body.data?.accepted, JSON.stringify(bought.body)).toBe(true);
      expect(await inFeed(first.id, fan)).toMatchObject({ isLocked: false, is_unlocked: true });
      expect((await inFeed(first.id, fan)).media[0].url).toMatch(/^\/media\//);
      expect(await inFeed(first.id, other)).toMatchObject({ isLocked: true });
      expect(await inFeed(first.id, twin)).toMatchObject({ isLocked: true, is_unlocked: false });
      expect((await inFeed(first.id, twin)).media[0].url).toBeNull();
      expect((await post('/api/blog/like-dislike', { blog_id: second.id, like: true }, fan)).status).toBe(200);
      expect(await inFeed(second.id, fan)).toMatchObject({ user_feed_like: true });
      expect(await inFeed(second.id, other)).toMatchObject({ user_feed_like: false });
      expect(await inFeed(second.id, twin)).toMatchObject({ user_feed_like: false });
      expect((await post('/api/blogs/delete', { id: second.id }, admin)).status).toBe(200);
      expect(await inFeed(second.id, fan)).toBeUndefined();
      // The session is cached too: a logout ends it at once.
      expect((await get('/api/users/me', fan)).status).toBe(200);
      expect((await post('/api/users/logout', {}, fan)).status).toBe(200);
      expect((await get('/api/users/me', fan)).status).toBe(401);
      // With the caches off the answers are the same.
      const cached = await feed(other);
      t.server.services.config.FANCLUB_READ_CACHE = false;
      try {
        expect(await feed(other)).toEqual(cached);
      } finally {
        t.server.services.config.FANCLUB_READ_CACHE = true;
      }
    });

    it('a page read with its session (none kept in memory): a proxy session sees the fan\'s unlocks, a blocked fan gets 430, a dead token and a deleted account the guest\'s page', async () => {
      const fan = await register('Session Fan', 'session.fan@example.com');
      const fanId = (await get('/api/users/me', fan)).body.data._id as string;
      const p = await create({ caption: 'Bought by the session fan', visibility: 'locked', amount: 5, media_ids: [readyMedia[0]] });
      const bought = await post('/api/v2/purchase/blog-content-purchase', { blogId: p.id, amount: 5, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan);
      expect(bought.body.data?.accepted, JSON.stringify(bought.body)).toBe(true);
      const proxy = (await post('/api/users/login-as-proxy-user', { user_id: fanId }, admin)).body.data.token as string;
      const dead = 'x'.repeat(43);
      // What a viewer is shown of each post (signed links carry their own expiry).
      const shown = async (token?: string) => (await feed(token)).map((b) => [b._id, b.isLocked, b.is_unlocked, b.user_feed_like]);
      t.server.services.config.FANCLUB_READ_CACHE = false; // every request reads its session with the page
      try {
        expect(await inFeed(p.id, fan)).toMatchObject({ isLocked: false, is_unlocked: true });
        expect(await inFeed(p.id, proxy)).toMatchObject({ isLocked: false, is_unlocked: true });
        const guest = await shown();
        expect(guest.find(([id]) => id === p.id)).toEqual([p.id, true, false, false]);
        expect(await shown(dead)).toEqual(guest);
        // A dead session's cookie is dropped; the page is the guest's.
        const withCookie = await t.call('GET', '/api/blogs', undefined, { headers: { cookie: `fanclub_session=${dead}` } });
        expect(withCookie.headers.get('set-cookie')).toMatch(/^fanclub_session=;/);
        expect(withCookie.body.data.blogs.map((b: any) => [b._id, b.isLocked, b.is_unlocked, b.user_feed_like])).toEqual(guest);
        expect((await post('/api/admin/update_user_block_status', { user_id: fanId, is_blocked: true }, admin)).status).toBe(200);
        const refused = await get('/api/blogs', fan);
        expect([refused.status, refused.body.code]).toEqual([430, 'BLOCKED']);
        expect((await post('/api/admin/update_user_block_status', { user_id: fanId, is_blocked: false }, admin)).status).toBe(200);
        expect(await inFeed(p.id, fan)).toMatchObject({ is_unlocked: true });
        expect((await get(`/api/admin/delete_user?user_id=${fanId}`, admin)).status).toBe(200);
        expect(await shown(fan)).toEqual(guest);
      } finally {
        t.server.services.config.FANCLUB_READ_CACHE = true;
      }
    });

    it('rebuilding the read models from the log reproduces posts, their media links and unlocks', async () => {
      const { database, store } = t.server.services;
      const tables = ['posts', 'post_media', 'post_stats', 'post_unlocks'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const name of tables) out[name] = (await untypedTables(database).withSchema('rm').selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      const fanFeed = await feed(member);
      // The kept totals agree with counting the rows.
      const count = async (where: ReturnType<typeof sql>) => Number(((await where.execute(database.db)).rows[0] as { n: string }).n);
      const nowIso = new Date().toISOString();
      expect(await total()).toBe(await count(sql`SELECT count(*) AS n FROM rm.posts WHERE fan_visible AND publish_at <= ${nowIso}`));
      expect(await staffTotal()).toBe(await count(sql`SELECT count(*) AS n FROM rm.posts WHERE NOT deleted`));
      expect(await total()).toBeGreaterThan(10);
      const live = await snapshot();
      expect(live.post_media.length).toBeGreaterThan(5);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
      expect((await feed(member)).map((p) => p._id)).toEqual(fanFeed.map((p) => p._id));
    });
  });
}

// Runs on one back end (PGlite, feed-tags.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Feed tags over real HTTP: create, rename, delete (detaching from posts), tagging posts,
// counts for staff only, the feed filter, the spec's messages, and bad input refused before any event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { commandContext, handle } from '../../commands/handle';
import { settingsDecider, SETTINGS_STREAM } from '../../domain/settings/settings';
import { startTestServer, type Backend, type TestServer } from '../support/server';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

export function feedTagsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`feed tags over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let fan: string;
    const posts: string[] = [];

    const post = (url: string, body: unknown, token: string | undefined = admin) => t.call('POST', url, body, { token });
    const tags = async (token = admin) => (await post('/api/feed-tags/', {}, token)).body.data.feed_tags as { _id: string; name: string; slug: string; count?: number }[];
    const feedIds = async (query: string, token?: string) => ((await t.call('GET', `/api/blogs${query}`, undefined, { token })).body.data.blogs as { _id: string }[]).map((b) => b._id);
    /** Runs a request and asserts it wrote no event. */
    const writesNothing = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      fan = (await t.call('POST', '/api/users/register', { name: 'Fan Tagged', email: 'fan.tagged@example.com', password: 'fan password 1' })).body.data.token;
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 140, b: 90 } } }).jpeg().toBuffer();
      for (const caption of ['Beach day', 'Studio night', 'Untagged']) {
        const presign = await post('/api/upload/generate_presigned_url', { file_name: `${posts.length}.jpg`, content_type: 'image/jpeg', media_type: 'blog' });
        expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
        const media = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' });
        const r = await post('/api/blogs', { caption, visibility: 'public', media_ids: [media.body.data.id] });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        posts.push(r.body.data._id);
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('creates tags lowercased and trimmed, with the slug from the name; lists say "no tags" as an empty list first', async () => {
      expect(await tags()).toEqual([]);
      const r = await post('/api/feed-tags/add-or-update', { name: '  Summer Vibes ', slug: 'ignored' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 200, message: 'Tag added successfully' });
      expect(r.body.data.feed_tag).toEqual({ _id: expect.any(String), name: 'summer vibes', slug: 'summer vibes', count: 0 });
      expect(r.body.data.feed_tags).toHaveLength(1);
      await post('/api/feed-tags/add-or-update', { name: 'studio' });
      expect((await tags()).map((x) => x.slug)).toEqual(['studio', 'summer vibes']);
    });

    it('refuses a blank name, a long name and a duplicate slug with the spec messages, writing nothing', async () => {
      const blank = await writesNothing(() => post('/api/feed-tags/add-or-update', { name: '   ' }));
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ message: 'Enter Valid Tag Name', field: 'name' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', {}))).body).toMatchObject({ message: 'Enter Valid Tag Name', field: 'name' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', { name: 'x'.repeat(31) }))).body).toMatchObject({ message: 'Tag name cannot be more than 30 characters', field: 'name' });
      const dup = await writesNothing(() => post('/api/feed-tags/add-or-update', { name: 'STUDIO ' }));
      expect(dup.status).toBe(400);
      expect(dup.body).toMatchObject({ message: 'Tag already exist', field: 'name' });
      // Renaming onto another tag's slug is refused too.
      const summer = (await tags()).find((x) => x.slug === 'summer vibes')!;
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', { id: summer._id, name: 'Studio' }))).body).toMatchObject({ message: 'Tag already exist', field: 'name' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', { id: 'nope', name: 'x' }))).body).toMatchObject({ field: 'id' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', { name: 'x', blogId: 'nope' }))).body).toMatchObject({ field: 'blogId' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', { id: UNKNOWN, name: 'x' }))).status).toBe(404);
      expect((await writesNothing(() => post('/api/feed-tags/add-or-update', { name: 'fresh', blogId: UNKNOWN }))).status).toBe(404);
    });

    it('renames a tag; an unchanged update answers "Tag update successfully" and writes nothing', async () => {
      const summer = (await tags()).find((x) => x.slug === 'summer vibes')!;
      const renamed = await post('/api/feed-tags/add-or-update', { id: summer._id, name: 'Beach' });
      expect(renamed.body).toMatchObject({ status: 200, message: 'Tag update successfully', data: { feed_tag: { _id: summer._id, name: 'beach', slug: 'beach' } } });
      const same = await writesNothing(() => post('/api/feed-tags/add-or-update', { id: summer._id, name: ' BEACH' }));
      expect(same.body).toMatchObject({ status: 200, message: 'Tag update successfully' });
    });

    it('tags posts, counts per tag for staff only, and filters the feed to tagged posts', async () => {
      const [beach, studio] = ['beach', 'studio'].map((s) => s);
      const all = await tags();
      const beachId = all.find((x) => x.slug === beach)!._id;
      const studioId = all.find((x) => x.slug === studio)!._id;
      const r = await post('/api/feed-tags/add-or-remove-tag', { feedTags: [beachId, studioId], blogId: posts[0] });
      expect(r.body).toMatchObject({ status: 200, message: 'Tags updated successfully', data: { blogId: posts[0] } });
      expect(r.body.data.feed_tags.map((x: any) => x.slug)).toEqual(['beach', 'studio']);
      await post('/api/feed-tags/add-or-remove-tag', { feedTags: [studioId], blogId: posts[1] });
      // Creating a tag from a post's dialog adds it to that post.
      const created = await post('/api/feed-tags/add-or-update', { name: 'Night', blogId: posts[1] });
      expect(created.body.data.feedData.feed_tags.map((x: any) => x.slug)).toEqual(['night', 'studio']);

      const counts = Object.fromEntries((await tags()).map((x) => [x.slug, x.count]));
      expect(counts).toEqual({ beach: 1, night: 1, studio: 2 });
      const fanTags = await tags(fan);
      expect(fanTags.map((x) => x.slug)).toEqual(['beach', 'night', 'studio']);
      expect(fanTags.every((x) => !('count' in x))).toBe(true);

      expect(new Set(await feedIds(`?feed_tag_id=${studioId}`, fan))).toEqual(new Set([posts[0], posts[1]]));
      expect(await feedIds(`?feed_tag_id=${beachId}`, fan)).toEqual([posts[0]]);
      expect(await feedIds(`/all?feed_tag_id=${beachId}`, admin)).toEqual([posts[0]]);
      expect((await t.call('GET', `/api/blogs?feed_tag_id=${studioId}`, undefined, { token: fan })).body.data.totalPosts).toBe(2);
      expect(await feedIds('?feed_tag_id=', fan)).toHaveLength(3);
      expect(await feedIds(`?feed_tag_id=${UNKNOWN}`, fan)).toEqual([]);
      // Posts carry their tags on read (id, slug and name), in the feed and in the post view.
      const page = (await t.call('GET', '/api/blogs', undefined, { token: fan })).body.data.blogs as { _id: string; feed_tags: { slug: string }[] }[];
      expect(page.find((b) => b._id === posts[1])!.feed_tags.map((x) => x.slug)).toEqual(['night', 'studio']);
      expect(page.find((b) => b._id === posts[2])!.feed_tags).toEqual([]);
      const one = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${posts[0]}`, undefined, { token: admin })).body.data;
      expect(one.feed_tags).toEqual([{ _id: beachId, slug: 'beach', name: 'beach' }, { _id: studioId, slug: 'studio', name: 'studio' }]);

      // Removing: setting the post's tags to exactly the given list; repeating writes nothing.
      await post('/api/feed-tags/add-or-remove-tag', { feedTags: [beachId], blogId: posts[0] });
      expect(await feedIds(`?feed_tag_id=${studioId}`, fan)).toEqual([posts[1]]);
      await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: [beachId], blogId: posts[0] }));
    });

    it('refuses bad tagging input naming the field, with the spec messages, writing nothing', async () => {
      const beachId = (await tags()).find((x) => x.slug === 'beach')!._id;
      expect((await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: [' '], blogId: posts[2] }))).body).toMatchObject({ message: 'Tag not allow empty', field: 'feedTags' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: [beachId, beachId], blogId: posts[2] }))).body).toMatchObject({ message: 'Tag already added', field: 'feedTags' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: [UNKNOWN], blogId: posts[2] }))).body).toMatchObject({ message: 'Invalid Tag', field: 'feedTags' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: 'beach', blogId: posts[2] }))).body).toMatchObject({ field: 'feedTags' });
      const noBlog = await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: [beachId] }));
      expect(noBlog.status).toBe(400);
      expect(noBlog.body).toMatchObject({ field: 'blogId' });
      expect((await writesNothing(() => post('/api/feed-tags/add-or-remove-tag', { feedTags: [beachId], blogId: UNKNOWN }))).status).toBe(404);
      const badFilter = await t.call('GET', '/api/blogs?feed_tag_id=beach', undefined, { token: fan });
      expect(badFilter.status).toBe(400);
      expect(badFilter.body).toMatchObject({ field: 'feed_tag_id' });
      expect((await writesNothing(() => t.call('DELETE', '/api/feed-tags/delete/nope', undefined, { token: admin }))).body).toMatchObject({ field: 'id' });
      expect((await writesNothing(() => t.call('DELETE', `/api/feed-tags/delete/${UNKNOWN}`, undefined, { token: admin }))).status).toBe(404);
    });

    it('deleting a tag detaches it from every post', async () => {
      const studioId = (await tags()).find((x) => x.slug === 'studio')!._id;
      expect(await feedIds(`?feed_tag_id=${studioId}`, fan)).toEqual([posts[1]]);
      const r = await t.call('DELETE', `/api/feed-tags/delete/${studioId}`, undefined, { token: admin });
      expect(r.body).toMatchObject({ status: 200, message: 'Tag deleted successfully' });
      expect(r.body.data.feed_tags.map((x: any) => x.slug)).toEqual(['beach', 'night']);
      expect(await feedIds(`?feed_tag_id=${studioId}`, fan)).toEqual([]);
      const again = await post('/api/feed-tags/add-or-update', { name: 'studio' });
      expect(again.body.data.feed_tag.count).toBe(0);
    });

    it('guests cannot list tags (401); fans cannot change them (403); fans see none when the filter is off', async () => {
      expect((await t.call('POST', '/api/feed-tags/', {})).status).toBe(401);
      expect((await post('/api/feed-tags/add-or-update', { name: 'fanmade' }, fan)).status).toBe(403);
      expect((await t.call('DELETE', `/api/feed-tags/delete/${UNKNOWN}`, undefined, { token: fan })).status).toBe(403);
      expect((await post('/api/feed-tags/add-or-remove-tag', { feedTags: [], blogId: posts[0] }, fan)).status).toBe(403);
      expect((await t.call('GET', '/api/app_settings/get')).body.data.feed_tags_enable).toBe(true);
      // The console's settings form does not carry this key yet (api/routes/staff.ts): switch it off with the command.
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
      await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: { feed_tags_enable: false } });
      await t.server.services.runner.waitFor(ctx.lastPosition!, 5000);
      expect((await t.call('GET', '/api/app_settings/get')).body.data.feed_tags_enable).toBe(false);
      const off = (await post('/api/feed-tags/', {}, fan)).body.data;
      expect(off).toEqual({ feed_tags: [], feed_tags_enable: false });
      expect((await tags()).length).toBeGreaterThan(0);
    });
  });
}

// Runs on one back end (PGlite, library.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The Content Manager's media library over real HTTP: categories with the spec's messages,
// the reserved 'All Media' and 'Preview', assigning media to several categories, the paged list with its type
// tabs, counts and search, removing media (not while a live post uses it), file sizes for admins only, and bad
// input refused before any event is written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { commandContext } from '../../commands/handle';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { mediaDecider, mediaStream, type MediaEvent } from '../../domain/media/media';
import { mayOpen, ADMIN_PAGES } from '../../domain/access/pages';
import { decideAccess } from '../../domain/access/routes';
import type { Role } from '../../domain/shared/wire';
import { allProjections } from '../../projections';
import { mediaLibraryProjection } from '../../projections/media-library';
import { mediaProjection } from '../../projections/media';
import { rebuildReadModels } from '../../projections/rebuild';
import { dumpTables } from '../projections/support';
import { startTestServer, type Backend, type TestServer } from '../support/server';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const LIBRARY_ROUTES = [
  'GET /api/media/category', 'POST /api/media/category', 'POST /api/media/category/update', 'POST /api/media/category/delete', 'POST /api/media/get',
  'POST /api/media/add-media-from-category', 'POST /api/media/remove-media-from-category', 'POST /api/media/remove-media',
];
const ROLES: Role[] = ['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user'];

interface Category { id: string; name: string; slug: string; reserved: boolean; photo_count: number; video_count: number; processed_photo_count: number; processed_video_count: number }

describe('the Content Manager page and its routes agree', () => {
  it('every role that may open /admin/content-manager may call every library route, and only those roles', () => {
    for (const role of ROLES) {
      const opens = mayOpen(ADMIN_PAGES, '/admin/content-manager', role) === 'allow';
      for (const route of LIBRARY_ROUTES) expect(decideAccess(route, role) === 'allow', `${role} ${route}`).toBe(opens);
    }
    expect(ROLES.filter((r) => mayOpen(ADMIN_PAGES, '/admin/content-manager', r) === 'allow').sort()).toEqual(['admin', 'content_manager', 'model', 'sub_admin', 'super_admin']);
  });
});

export function librarySuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`media library over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let contentManager: string;
    let support: string;
    /** Seeded media, oldest first. */
    const photos: string[] = [];
    let video: string;
    let failedPhoto: string;
    let uploaded: string;

    const post = (url: string, body: unknown, token: string | undefined = admin) => t.call('POST', url, body, { token });
    const categories = async (token = admin) => {
      const r = await t.call('GET', '/api/media/category', undefined, { token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as Category[];
    };
    const byName = async (name: string) => (await categories()).find((c) => c.name === name)!;
    const page = async (body: object, token = admin) => {
      const r = await post('/api/media/get', body, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { media: any[]; currentPage: number; totalPages: number; counts: { photo: number; video: number; total: number } };
    };
    /** Runs a request and asserts it wrote no event. */
    const writesNothing = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };

    /**
     * Records media through the media decider, upload and outcome in one append (no file, so the media worker has
     * nothing to pick up): many items quickly, with chosen upload times.
     */
    const seed = async (kind: 'photo' | 'video', n: number, outcome: 'ready' | 'error') => {
      const mediaId = randomUUID();
      const at = new Date(Date.UTC(2020, 0, 1, 0, n)).toISOString();
      const upload = mediaDecider.decide({
        type: 'RegisterUpload', mediaId, fileName: kind === 'photo' ? `seed-${n}.jpg` : `clip-${n}.mp4`, contentType: kind === 'photo' ? 'image/jpeg' : 'video/mp4',
        size: 1000 + n, uploadedBy: 'seed', at,
      }, mediaDecider.initialState());
      const state = upload.reduce(mediaDecider.evolve, mediaDecider.initialState());
      const done: MediaEvent[] = outcome === 'ready'
        ? mediaDecider.decide({ type: 'RecordRenditions', renditions: { originalKey: `originals/${mediaId}.jpg`, thumbnailKey: `thumbs/${mediaId}.jpg`, blurKey: `blur/${mediaId}.jpg`, width: 10, height: 10, ...(kind === 'video' ? { durationSeconds: 12.4 } : {}) } }, state)
        : mediaDecider.decide({ type: 'RecordProcessingFailure', reason: 'broken file' }, state);
      const r = await t.server.services.store.appendToStream(
        mediaStream(mediaId),
        [...upload, ...done].map((e) => ({ id: randomUUID(), type: e.type, data: e.data as any, metadata: { correlationId: randomUUID(), causationId: null, userId: null, role: 'admin', proxyAdminId: null, ip: null, at } })),
        { expectedRevision: 'no_stream' },
      );
      await t.server.services.runner.waitFor(r.position);
      return mediaId;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      await createStaffAccount(ctx, secrets, { name: 'Content', email: 'content@example.com', role: 'content_manager', password: 'content password 1' });
      await createStaffAccount(ctx, secrets, { name: 'Support', email: 'support@example.com', role: 'support', password: 'support password 1' });
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      contentManager = (await t.call('POST', '/api/users/login', { email: 'content@example.com', password: 'content password 1' })).body.data.token;
      support = (await t.call('POST', '/api/users/login', { email: 'support@example.com', password: 'support password 1' })).body.data.token;
      for (let n = 0; n < 31; n++) photos.push(await seed('photo', n, 'ready'));
      video = await seed('video', 40, 'ready');
      failedPhoto = await seed('photo', 41, 'error');
      // One real upload through the presigned address, the way the console's drop-zone sends it.
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 20 } } }).png().toBuffer();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: 'Sunset Beach.png', content_type: 'image/png', media_type: 'media' });
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: image })).status).toBe(200);
      uploaded = (await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/png', original_name: 'Sunset Beach.png' })).body.data.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('always lists All Media and Preview first, reserved, with the library\'s counts', async () => {
      const list = await categories();
      expect(list).toEqual([
        { id: 'all-media', name: 'All Media', slug: 'all media', reserved: true, photo_count: 33, video_count: 1, processed_photo_count: 32, processed_video_count: 1 },
        { id: 'preview', name: 'Preview', slug: 'preview', reserved: true, photo_count: 0, video_count: 0, processed_photo_count: 0, processed_video_count: 0 },
      ]);
      expect(await categories(contentManager)).toEqual(list);
    });

    it('creates categories keeping their capitals; the slug is the lower-cased trimmed name', async () => {
      const r = await post('/api/media/category', { name: '  Beach Days ' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Category added successfully.' });
      expect(r.body.data.category).toEqual({ id: expect.any(String), name: 'Beach Days', slug: 'beach days', reserved: false, photo_count: 0, video_count: 0, processed_photo_count: 0, processed_video_count: 0 });
      expect(r.body.data.categories).toHaveLength(3);
      await post('/api/media/category', { name: 'Studio' }, contentManager);
      expect((await categories()).map((c) => c.name)).toEqual(['All Media', 'Preview', 'Beach Days', 'Studio']);
    });

    it('refuses bad names with the spec messages, naming the field, writing nothing', async () => {
      const cases: [unknown, string][] = [
        [{}, 'Name is required'],
        [{ name: '   ' }, 'Name is required'],
        [{ name: 'x'.repeat(101) }, 'Name cannot be more than 100 characters.'],
        [{ name: ' beach DAYS' }, 'Name already exist. Please add another category.'],
        [{ name: 'All Media' }, 'Invalid Category'],
        [{ name: 'preview' }, 'Invalid Category'],
      ];
      for (const [body, message] of cases) {
        const r = await writesNothing(() => post('/api/media/category', body));
        expect(r.status, message).toBe(400);
        expect(r.body).toMatchObject({ success: 0, message, field: 'name' });
      }
      expect((await writesNothing(() => post('/api/media/category', { name: 42 }))).body).toMatchObject({ success: 0, field: 'name' });
    });

    it('renames and deletes categories; All Media and Preview are refused with Invalid Request', async () => {
      const studio = await byName('Studio');
      const renamed = await post('/api/media/category/update', { id: studio.id, name: 'Studio Nights' });
      expect(renamed.body).toMatchObject({ success: 1, message: 'Category updated successfully.', data: { category: { id: studio.id, name: 'Studio Nights', slug: 'studio nights' } } });
      await writesNothing(() => post('/api/media/category/update', { id: studio.id, name: ' Studio Nights ' }));
      expect((await writesNothing(() => post('/api/media/category/update', { id: studio.id, name: 'BEACH days' }))).body).toMatchObject({ message: 'Name already exist. Please add another category.', field: 'name' });
      for (const id of ['all-media', 'preview']) {
        const rename = await writesNothing(() => post('/api/media/category/update', { id, name: 'Mine' }));
        expect([rename.status, rename.body.message]).toEqual([400, 'Invalid Request']);
        const del = await writesNothing(() => post('/api/media/category/delete', { id }));
        expect([del.status, del.body.message]).toEqual([400, 'Invalid Request']);
      }
      expect((await writesNothing(() => post('/api/media/category/update', { id: UNKNOWN, name: 'x' }))).status).toBe(404);
      expect((await writesNothing(() => post('/api/media/category/update', { name: 'x' }))).body).toMatchObject({ message: 'id is required.', field: 'id' });
      expect((await writesNothing(() => post('/api/media/category/delete', {}))).body).toMatchObject({ field: 'id' });

      const temp = (await post('/api/media/category', { name: 'Temporary' })).body.data.category;
      const deleted = await post('/api/media/category/delete', { id: temp.id });
      expect(deleted.body).toMatchObject({ success: 1, message: 'Category deleted successfully.' });
      expect(deleted.body.data.categories.map((c: Category) => c.name)).toEqual(['All Media', 'Preview', 'Beach Days', 'Studio Nights']);
      expect((await writesNothing(() => post('/api/media/category/delete', { id: temp.id }))).status).toBe(404);
      // The name is free again.
      const again = await post('/api/media/category', { name: 'temporary' });
      expect(again.status).toBe(200);
      await post('/api/media/category/delete', { id: again.body.data.category.id });
    });

    it('lists the library 30 a page, newest first, with type tabs and counts over the whole category', async () => {
      const first = await page({ page: 1 });
      expect(first.currentPage).toBe(1);
      expect(first.totalPages).toBe(2);
      expect(first.counts).toEqual({ photo: 33, video: 1, total: 34 });
      expect(first.media).toHaveLength(30);
      expect(first.media.slice(0, 3).map((m) => m.id)).toEqual([uploaded, failedPhoto, video]);
      const second = await page({ page: 2, type: 'all', category_id: null });
      expect(second.media.map((m) => m.id)).toEqual([photos[3], photos[2], photos[1], photos[0]]);
      expect((await page({ page: 3 })).media).toEqual([]);

      const videos = await page({ type: 'video' });
      expect(videos.media.map((m) => m.id)).toEqual([video]);
      expect(videos).toMatchObject({ totalPages: 1, counts: { photo: 33, video: 1, total: 34 } });
      expect(videos.media[0]).toMatchObject({ kind: 'video', status: 'ready', video_duration: 12, category_ids: [] });
      const images = await page({ type: 'photo', page: 2 });
      expect(images.media).toHaveLength(3);
      expect(images.totalPages).toBe(2);

      const record = first.media[0];
      expect(record).toMatchObject({ id: uploaded, kind: 'photo', file_name: 'Sunset Beach.png', content_type: 'image/png', status: 'ready', category_ids: [], video_duration: null });
      expect(record.size).toBeGreaterThan(0);
      expect(record.thumbnail_url).toMatch(/^\/media\/thumbs\/.+sig=/);
      expect(Date.parse(record.created_at)).not.toBeNaN();
      expect(first.media[1]).toMatchObject({ id: failedPhoto, status: 'error' });

      const search = await page({ search: 'SUNSET' });
      expect(search.media.map((m) => m.id)).toEqual([uploaded]);
      expect(search.counts).toEqual({ photo: 1, video: 0, total: 1 });
      expect((await page({ search: '%' })).media).toEqual([]);
    });

    it('file sizes go to admins only', async () => {
      const cm = await page({}, contentManager);
      expect(cm.media).toHaveLength(30);
      expect(cm.media.every((m) => !('size' in m))).toBe(true);
      expect((await page({})).media.every((m) => typeof m.size === 'number')).toBe(true);
    });

    it('refuses bad list input naming the field; an unknown category is Invalid Request', async () => {
      for (const [body, field] of [[{ page: 0 }, 'page'], [{ page: 'x' }, 'page'], [{ type: 'gif' }, 'type'], [{ category_id: 'nope' }, 'category_id'], [{ search: 5 }, 'search']] as const) {
        const r = await post('/api/media/get', body);
        expect([r.status, r.body.field], JSON.stringify(body)).toEqual([400, field]);
      }
      const unknown = await post('/api/media/get', { category_id: UNKNOWN });
      expect([unknown.status, unknown.body.message, unknown.body.field]).toEqual([404, 'Invalid Request', 'category_id']);
    });

    it('assigns media to several categories; assigning again writes nothing; counts follow', async () => {
      const beach = await byName('Beach Days');
      const studio = await byName('Studio Nights');
      const r = await post('/api/media/add-media-from-category', { category_id: beach.id, media_ids: [uploaded, video, failedPhoto, photos[0]] });
      expect(r.body).toMatchObject({ success: 1, message: 'Media added to category successfully.', data: { added: [uploaded, video, failedPhoto, photos[0]] } });
      expect(r.body.data.categories.find((c: Category) => c.id === beach.id)).toMatchObject({ photo_count: 3, video_count: 1, processed_photo_count: 2, processed_video_count: 1 });
      await writesNothing(() => post('/api/media/add-media-from-category', { category_id: beach.id, media_ids: [uploaded, video] }));
      await post('/api/media/add-media-from-category', { category_id: studio.id, media_ids: [uploaded] }, contentManager);

      const inBeach = await page({ category_id: beach.id });
      expect(inBeach.media.map((m) => m.id)).toEqual([uploaded, failedPhoto, video, photos[0]]);
      expect(inBeach).toMatchObject({ totalPages: 1, counts: { photo: 3, video: 1, total: 4 } });
      expect(inBeach.media[0].category_ids.sort()).toEqual([beach.id, studio.id].sort());
      expect((await page({ category_id: beach.id, type: 'video' })).media.map((m) => m.id)).toEqual([video]);
      expect((await page({ category_id: studio.id })).media.map((m) => m.id)).toEqual([uploaded]);
      expect((await page({ category_id: 'preview' })).media).toEqual([]);

      // Taking out of one category leaves the others.
      await post('/api/media/remove-media-from-category', { category_id: studio.id, media_ids: [uploaded] });
      expect((await page({ category_id: studio.id })).counts.total).toBe(0);
      expect((await byName('Studio Nights')).photo_count).toBe(0);
      expect((await page({ category_id: beach.id })).media[0].category_ids).toEqual([beach.id]);
    });

    it('refuses bad assignments naming the field, writing nothing', async () => {
      const beach = await byName('Beach Days');
      const cases: [object, number, string, string?][] = [
        [{}, 400, 'category_id'],
        [{ category_id: beach.id }, 400, 'media_ids', 'media_ids is required.'],
        [{ category_id: beach.id, media_ids: [] }, 400, 'media_ids', 'media_ids is required.'],
        [{ category_id: beach.id, media_ids: ['nope'] }, 400, 'media_ids.0', 'media_ids is invalid.'],
        [{ category_id: beach.id, media_ids: [UNKNOWN] }, 404, 'media_ids', 'Invalid Request'],
        [{ category_id: UNKNOWN, media_ids: [photos[1]] }, 404, 'category_id', 'Invalid Request'],
        [{ category_id: 'all-media', media_ids: [photos[1]] }, 400, 'category_id', 'Invalid Request'],
        [{ category_id: 'preview', media_ids: [photos[1]] }, 400, 'category_id', 'Invalid Request'],
      ];
      for (const [body, status, field, message] of cases) {
        const r = await writesNothing(() => post('/api/media/add-media-from-category', body));
        expect([r.status, r.body.field], JSON.stringify(body)).toEqual([status, field]);
        if (message) expect(r.body.message).toBe(message);
      }
    });

    it('removes media from the library and every count, but not media a live post uses', async () => {
      const beach = await byName('Beach Days');
      const created = await post('/api/blogs', { caption: 'Uses a photo', visibility: 'public', media_ids: [photos[0]] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const refused = await writesNothing(() => post('/api/media/remove-media', { mediaIds: [failedPhoto, photos[0]] }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: 0, message: 'This media is used in a post and cannot be deleted.', field: 'mediaIds' });

      const r = await post('/api/media/remove-media', { mediaIds: [failedPhoto, photos[1]] }, contentManager);
      expect(r.body).toMatchObject({ success: 1, message: 'Media removed successfully', data: { removed: [failedPhoto, photos[1]] } });
      await writesNothing(() => post('/api/media/remove-media', { mediaIds: [failedPhoto] }));
      const all = await page({});
      expect(all.counts).toEqual({ photo: 31, video: 1, total: 32 });
      expect(all.media.map((m) => m.id)).not.toContain(failedPhoto);
      expect((await page({ page: 2 })).media.map((m) => m.id)).toEqual([photos[2], photos[0]]);
      expect(await byName('Beach Days')).toMatchObject({ id: beach.id, photo_count: 2, processed_photo_count: 2, video_count: 1 });
      expect((await byName('All Media')).photo_count).toBe(31);
      // Removed media cannot be put into a category again, nor into a new post (a composer opened before the removal).
      expect((await writesNothing(() => post('/api/media/add-media-from-category', { category_id: beach.id, media_ids: [photos[1]] }))).status).toBe(404);
      const stale = await post('/api/blogs', { caption: 'Stale pick', visibility: 'public', media_ids: [photos[1]] });
      expect([stale.status, stale.body.field, stale.body.message]).toEqual([400, 'media_ids', 'This media was deleted from the library. Please select it again.']);

      // Once the post is deleted its media may go.
      expect((await post('/api/blogs/delete', { id: created.body.data._id })).status).toBe(200);
      expect((await post('/api/media/remove-media', { mediaIds: [photos[0]] })).body.data.removed).toEqual([photos[0]]);

      for (const [body, status, field] of [[{}, 400, 'mediaIds'], [{ mediaIds: [] }, 400, 'mediaIds'], [{ mediaIds: ['x'] }, 400, 'mediaIds.0'], [{ mediaIds: [UNKNOWN] }, 404, 'mediaIds']] as const) {
        const bad = await writesNothing(() => post('/api/media/remove-media', body));
        expect([bad.status, bad.body.field], JSON.stringify(body)).toEqual([status, field]);
      }
    });

    it('Preview holds the media live posts use as their preview; those cannot be removed either', async () => {
      const created = await post('/api/blogs', { caption: 'Locked with a preview', visibility: 'locked', amount: 10, media_ids: [photos[5]], preview_media_id: photos[6] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const previews = await page({ category_id: 'preview' });
      expect(previews.media.map((m) => m.id)).toEqual([photos[6]]);
      expect(previews.counts).toEqual({ photo: 1, video: 0, total: 1 });
      expect(await byName('Preview')).toMatchObject({ photo_count: 1, processed_photo_count: 1, video_count: 0 });
      const refused = await writesNothing(() => post('/api/media/remove-media', { mediaIds: [photos[6]] }));
      expect([refused.status, refused.body.message]).toEqual([400, 'This media is used in a post and cannot be deleted.']);
      await post('/api/blogs/delete', { id: created.body.data._id });
      expect((await page({ category_id: 'preview' })).media).toEqual([]);
    });

    it('a rebuild from the log reproduces the library\'s read models row for row', async () => {
      const tables = [mediaLibraryProjection, mediaProjection];
      const before = await dumpTables(t.server.services.database, tables);
      expect(before.media_categories.length).toBeGreaterThan(0);
      expect(before.media.some((m) => m.removed === true)).toBe(true);
      await rebuildReadModels({ database: t.server.services.database, store: t.server.services.store, projections: allProjections });
      expect(await dumpTables(t.server.services.database, tables)).toEqual(before);
    });

    it('is for content staff only', async () => {
      expect((await t.call('GET', '/api/media/category', undefined, { token: support })).status).toBe(403);
      expect((await post('/api/media/get', {}, support)).status).toBe(403);
      expect((await t.call('POST', '/api/media/get', {})).status).toBe(401);
    });
  });
}

// Runs on one back end (PGlite, live-feed.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The live feed over a real server and real sockets: a post staff publish reaches every connected fan as a frame
// carrying only its id (no words, no media), which each fan reads with its own session (a fan not entitled to a
// locked post gets no link to its media); a scheduled post is announced when its time comes, not when written;
// likes and comments move counts (POST_COUNTS, naming no one); a deleted post leaves (POST_REMOVED). A post whose
// media finishes after it was published is announced once, when fans can see it. Guests poll GET /api/blogs/newest
// (ETag, 304) for their "N new posts": it names only posts any visitor may list. The bell's list
// has words and thumbnails, and a live stream's entry says it ended once the stream is over, also after a rebuild.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import sharp from 'sharp';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { liveSessionStream } from '../../domain/live/live-session';
import { startTestServer, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';
import { mediaEvents } from '../support/media-events';
import { mediaByIds } from '../../projections/media';

interface Frame { type: string; data: any; position?: string }

function socket(base: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return {
    frames,
    opened,
    send: (f: unknown) => ws.send(JSON.stringify(f)),
    async next(type: string, match: (f: Frame) => boolean = () => true, ms = 10_000): Promise<Frame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find((f) => f.type === type && match(f));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${frames.map((f) => f.type).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => ws.close(),
  };
}

export function liveFeedSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`live feed over sockets (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let mediaId: string;
    let fan: { token: string; id: string };
    let member: { token: string; id: string };
    const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
    const register = async (name: string) => {
      const r = await call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/\W/g, '.')}.${backend}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string };
    };
    const connect = async (token: string) => {
      const c = socket(t.base);
      await c.opened;
      c.send({ type: 'AUTH', data: { token } });
      await c.next('AUTH_OK');
      return c;
    };
    const publish = async (body: Record<string, unknown>) => {
      const r = await call('POST', '/api/blogs', { media_ids: [mediaId], ...body }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data._id as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#996633' } }).jpeg().toBuffer();
      const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: 'f.jpg', content_type: 'image/jpeg' }, admin)).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      mediaId = (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
      fan = await register('Lena Looker');
      member = await register('Max Member');
      expect((await call('POST', '/api/admin/give_complimentary_subscription', { user_id: member.id, months: 1 }, admin)).status).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a locked post staff publish reaches each connected fan as its id only; a fan not entitled reads it without a link to the media', async () => {
      const a = await connect(fan.token);
      const b = await connect(member.token);
      const postId = await publish({ caption: 'Locked treasure', visibility: 'locked', amount: 7 });
      for (const c of [a, b]) {
        const f = await c.next('POST_PUBLISHED', (x) => x.data.postId === postId);
        expect(f.data).toEqual({ postId });
        expect(JSON.stringify(f)).not.toMatch(/media|treasure|\/originals\/|thumb/i);
      }
      // What the fan then reads with its own session: locked, no original, no thumbnail; only the blurred copy.
      const seen = await call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, fan.token);
      expect(seen.status, JSON.stringify(seen.body)).toBe(200);
      expect(seen.body.data.isLocked).toBe(true);
      for (const m of seen.body.data.media) {
        expect(m.url).toBeNull();
        expect(m.thumbnail_url).toBeNull();
      }
      // Not a thing more on the socket about it: no other frame carries the post's words.
      expect(JSON.stringify(a.frames)).not.toContain('Locked treasure');
      a.close();
      b.close();
    });

    it('a scheduled post is announced when its time comes, not when it is written', async () => {
      const a = await connect(fan.token);
      const at = new Date(Date.now() + 2_500).toISOString();
      const postId = await publish({ caption: 'Later', visibility: 'public', publish_at: at });
      await new Promise((r) => setTimeout(r, 800));
      expect(a.frames.some((f) => f.type === 'POST_PUBLISHED' && f.data.postId === postId)).toBe(false);
      // Before its time the fan cannot read it either.
      expect((await call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, fan.token)).status).toBe(404);
      await new Promise((r) => setTimeout(r, Math.max(0, new Date(at).getTime() - Date.now() + 100)));
      await t.server.app.realtime.scheduledPosts.tick();
      expect((await a.next('POST_PUBLISHED', (f) => f.data.postId === postId)).data).toEqual({ postId });
      expect((await call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, fan.token)).status).toBe(200);
      // Announced once.
      await t.server.app.realtime.scheduledPosts.tick();
      expect(a.frames.filter((f) => f.type === 'POST_PUBLISHED' && f.data.postId === postId)).toHaveLength(1);
      a.close();
    });

    it('a post whose media finishes after publishing is announced once, when fans can see it (not before, not again after a reprocess)', async () => {
      const adminId = (await call('GET', '/api/users/me', undefined, admin)).body.data._id as string;
      const { append, heldMedia } = mediaEvents(() => t, () => adminId);
      const ready = (await mediaByIds(t.server.services.database.db, [mediaId])).get(mediaId)!;
      const processed = (id: string) => ({ type: 'MediaProcessed', data: { mediaId: id, originalKey: ready.original_key, thumbnailKey: ready.thumbnail_key, blurKey: ready.blur_key, width: ready.width, height: ready.height } });
      const a = await connect(fan.token);
      const held = await heldMedia();
      const postId = await publish({ caption: 'Slow render', visibility: 'public', media_ids: [held] });
      // A post written at once after it, with its media ready: its frame shows the processing one was not announced.
      const marker = await publish({ caption: 'Marker', visibility: 'public' });
      await a.next('POST_PUBLISHED', (f) => f.data.postId === marker);
      expect(a.frames.some((f) => f.type === 'POST_PUBLISHED' && f.data.postId === postId)).toBe(false);
      expect((await call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, fan.token)).status).toBe(404);

      await append(held, [processed(held)]);
      expect((await a.next('POST_PUBLISHED', (f) => f.data.postId === postId)).data).toEqual({ postId });
      expect((await call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, fan.token)).status).toBe(200);
      // Hidden again for a reprocess and shown again: not news a second time; nor is the scheduled-post check.
      await append(held, [{ type: 'MediaReprocessRequested', data: { mediaId: held } }]);
      await append(held, [processed(held)]);
      await t.server.app.realtime.scheduledPosts.tick();
      const second = await publish({ caption: 'Second marker', visibility: 'public' });
      await a.next('POST_PUBLISHED', (f) => f.data.postId === second);
      expect(a.frames.filter((f) => f.type === 'POST_PUBLISHED' && f.data.postId === postId)).toHaveLength(1);
      a.close();
    });

    it('a scheduled post whose media finishes after its time is announced when it finishes; one ready early, when its time comes', async () => {
      const adminId = (await call('GET', '/api/users/me', undefined, admin)).body.data._id as string;
      const { append, heldMedia } = mediaEvents(() => t, () => adminId);
      const ready = (await mediaByIds(t.server.services.database.db, [mediaId])).get(mediaId)!;
      const a = await connect(fan.token);
      const held = await heldMedia();
      const at = new Date(Date.now() + 1_000).toISOString();
      const postId = await publish({ caption: 'Late render', visibility: 'public', publish_at: at, media_ids: [held] });
      await new Promise((r) => setTimeout(r, Math.max(0, new Date(at).getTime() - Date.now() + 100)));
      // Its time came while it rendered: the check finds nothing to say of it.
      await t.server.app.realtime.scheduledPosts.tick();
      expect(a.frames.some((f) => f.type === 'POST_PUBLISHED' && f.data.postId === postId)).toBe(false);
      await append(held, [{ type: 'MediaProcessed', data: { mediaId: held, originalKey: ready.original_key, thumbnailKey: ready.thumbnail_key, blurKey: ready.blur_key, width: ready.width, height: ready.height } }]);
      await a.next('POST_PUBLISHED', (f) => f.data.postId === postId);
      await t.server.app.realtime.scheduledPosts.tick();
      const marker = await publish({ caption: 'Marker 3', visibility: 'public' });
      await a.next('POST_PUBLISHED', (f) => f.data.postId === marker);
      expect(a.frames.filter((f) => f.type === 'POST_PUBLISHED' && f.data.postId === postId)).toHaveLength(1);
      a.close();
    });

    it('guests poll the newest posts any visitor may list: ids and times only, 304 while unchanged, a new post named at once', async () => {
      const newest = (etag?: string) => fetch(`${t.base}/api/blogs/newest`, { headers: etag ? { 'if-none-match': etag } : {} });
      const first = await newest();
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const body = await first.json();
      for (const p of body.data.posts) expect(Object.keys(p).sort()).toEqual(['_id', 'date']);
      expect((await newest(etag)).status).toBe(304);
      // A locked post is listed to guests (blurred): its id is public, its words and media are not in this answer.
      const postId = await publish({ caption: 'Guest news', visibility: 'locked', amount: 6 });
      const next = await newest(etag);
      expect(next.status).toBe(200);
      const text = await next.text();
      expect(JSON.parse(text).data.posts[0]._id).toBe(postId);
      expect(text).not.toMatch(/Guest news|media|url/i);
      // One not yet visible (processing) or not yet due is not named.
      const adminId = (await call('GET', '/api/users/me', undefined, admin)).body.data._id as string;
      const held = await mediaEvents(() => t, () => adminId).heldMedia();
      const hidden = await publish({ caption: 'Not yet', visibility: 'public', media_ids: [held] });
      const later = await publish({ caption: 'Later still', visibility: 'public', publish_at: new Date(Date.now() + 3_600_000).toISOString() });
      const ids = (await (await newest()).json()).data.posts.map((p: { _id: string }) => p._id);
      expect(ids).not.toContain(hidden);
      expect(ids).not.toContain(later);
      // The guest reads the new post with a guest's view: locked, no link to its media.
      const seen = await call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`);
      expect(seen.body.data.isLocked).toBe(true);
      for (const m of seen.body.data.media) expect(m.url).toBeNull();
    });

    it('another fan\'s like and comment move the counts (POST_COUNTS names no one); a deleted post leaves (POST_REMOVED)', async () => {
      const postId = await publish({ caption: 'Count me', visibility: 'public' });
      const a = await connect(fan.token);
      const liked = await call('POST', '/api/blog/like-dislike', { blog_id: postId }, member.token);
      expect(liked.status, JSON.stringify(liked.body)).toBe(200);
      const counts = await a.next('POST_COUNTS', (f) => f.data.postId === postId);
      expect(counts.data).toEqual({ postId });
      expect(JSON.stringify(a.frames)).not.toContain(member.id);
      const info = await call('POST', '/api/blog/get-blog-info', { blog_id: postId }, fan.token);
      expect(info.body.data.total_likes).toBe(1);
      const before = a.frames.length;
      expect((await call('POST', '/api/blog/save-blog-comment', { blog_id: postId, comment: 'a private thought' }, member.token)).status).toBe(201);
      await a.next('POST_COUNTS', (f) => f.data.postId === postId && a.frames.indexOf(f) >= before);
      expect(JSON.stringify(a.frames)).not.toContain('private thought');
      expect((await call('POST', '/api/blogs/delete', { id: postId }, admin)).status).toBe(200);
      expect((await a.next('POST_REMOVED', (f) => f.data.postId === postId)).data).toEqual({ postId });
      a.close();
    });

    it('the bell\'s list: a new post in words with its thumbnail; a live entry says it ended once the stream is over, also after a rebuild', async () => {
      const postId = await publish({ caption: 'Sunset set', visibility: 'public' });
      const list = async () => {
        const r = await call('GET', '/api/notifications/list/notification', undefined, fan.token);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data.rows as Array<{ _id: string; message: string; thumbnail_url: string | null; post_id: string | null; link: string | null }>;
      };
      const row = (await list()).find((r) => r.post_id === postId)!;
      expect(row.message).toBe('New post: Sunset set');
      expect(row.thumbnail_url).toMatch(/^\/media\//);
      // A locked post's entry shows the fan only the blurred copy.
      const lockedId = await publish({ caption: 'Hidden gem', visibility: 'locked', amount: 5 });
      const lockedRow = (await list()).find((r) => r.post_id === lockedId)!;
      const lockedView = (await call('GET', `/api/blog/get-blog-data-by-id?id=${lockedId}`, undefined, admin)).body.data;
      expect(lockedRow.thumbnail_url).toBe(lockedView.media[0].blur_url);
      expect(lockedRow.thumbnail_url).not.toBe(lockedView.media[0].thumbnail_url);

      // A group live stream starts and stops (the session's own events, as the live supervisor writes them).
      const sessionId = randomUUID();
      const meta = { correlationId: randomUUID(), causationId: null, userId: null, role: 'admin', proxyAdminId: null, ip: null, at: new Date().toISOString() };
      const started = { sessionId, isGroup: true, fanId: null, publisherId: 'creator', publisherName: 'Creator Cam', room: { room: 1, secret: 's', pin: 'p' }, recordingName: 'r', tabToken: '0123456789ab', publisherToken: 'tok', pricePerMinuteCents: 0, startedAt: new Date().toISOString() };
      const s1 = await t.server.services.store.appendToStream(liveSessionStream(sessionId), [{ id: randomUUID(), type: 'LiveSessionStarted', data: started, metadata: meta }], { expectedRevision: 'no_stream' });
      await t.server.services.runner.waitFor(s1.position);
      expect((await list()).find((r) => r._id === `live-${sessionId}`)).toMatchObject({ message: 'Creator Cam is live', link: '/live-stream' });
      const stopped = { sessionId, reason: 'publisher', by: 'creator', isGroup: true, fanId: null, publisherId: 'creator', tokens: [], viewerIds: [], durationSeconds: 60, stoppedAt: new Date().toISOString() };
      const s2 = await t.server.services.store.appendToStream(liveSessionStream(sessionId), [{ id: randomUUID(), type: 'LiveSessionStopped', data: stopped, metadata: meta }]);
      await t.server.services.runner.waitFor(s2.position);
      expect((await list()).find((r) => r._id === `live-${sessionId}`)).toMatchObject({ message: 'Creator Cam was live · ended', link: null });

      const { database, store } = t.server.services;
      const snapshot = async () => (await untypedTables(database).withSchema('rm').selectFrom('notification_entries').selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      const live = await snapshot();
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
      expect((await list()).find((r) => r._id === `live-${sessionId}`)?.message).toBe('Creator Cam was live · ended');
    });
  });
}

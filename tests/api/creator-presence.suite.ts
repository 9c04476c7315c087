// The creator's profile counts and presence over real HTTP and real sockets: GET /api/creator/profile counts what
// the fans' feed shows (scheduled and deleted posts not), moves when a post is liked or published; the creator's
// presence reaches fans live (CREATOR_PRESENCE) and in the read, a fan's never does; show_creator_presence off
// hides it from the read and the fans' sockets (staff still see it) and bad values are 400 with nothing written;
// the last-seen time survives a restart, and a presence a crash left open ends at its last record.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appendOnce, commandContext } from '../../commands/handle';
import { createStaffAccount } from '../../commands/staff';
import { CREATOR_PRESENCE_STREAM } from '../../domain/creator/presence';
import { secrets } from '../../infra/auth/secrets';
import { createTestDatabase } from '../support/postgres';
import { startTestServer, type Backend, type TestServer } from '../support/server';

interface Frame { type: string; data: any }

function socket(base: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  const opened = new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  return {
    frames,
    send: (f: unknown) => ws.send(JSON.stringify(f)),
    async next(type: string, match: (f: Frame) => boolean = () => true, from = 0): Promise<Frame> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = frames.slice(from).find((f) => f.type === type && match(f));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type}; got ${frames.map((f) => f.type).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() { ws.close(); await closed; },
    opened,
  };
}

export function creatorPresenceSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`creator profile counts and presence (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let support: string;
    let store: { env: Record<string, string>; drop: () => Promise<void> };
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const profile = async (token?: string) => {
      const r = await t.call('GET', '/api/creator/profile', undefined, token ? { token } : {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { counts: Record<string, number>; presence: { online: boolean; lastSeenAt: string | null } | null };
    };
    const connect = async (token: string) => {
      const c = socket(t.base);
      await c.opened;
      c.send({ type: 'AUTH', data: { token } });
      await c.next('AUTH_OK');
      return c;
    };
    let n = 0;
    const fan = async () => {
      const r = await post('/api/users/register', { name: `Presence Fan ${++n}`, email: `presence.fan.${n}.${randomUUID().slice(0, 6)}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string };
    };
    const settle = async () => t.server.services.runner.waitFor((await t.server.services.store.headPosition())!, 10_000);
    const newPost = async (media: Array<'photo' | 'video'>, publishInMs = 0, visibility = 'public') => {
      const postId = randomUUID();
      const now = t.server.services.clock();
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' }, t.server.services.clock);
      await appendOnce(ctx, `post-${postId}`, [{
        type: 'PostCreated',
        data: {
          postId, authorId: 'creator', caption: 'Counted', visibility, priceCents: 0, media: media.map((kind) => ({ mediaId: randomUUID(), kind })), previewMediaId: null,
          publishAt: new Date(now.getTime() + publishInMs).toISOString(), createdAt: now.toISOString(),
        },
      }]);
      await settle();
      return postId;
    };
    const login = async () => (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;

    beforeAll(async () => {
      if (backend === 'postgres') {
        const db = await createTestDatabase();
        store = { env: { DATABASE_URL: db.url }, drop: db.drop };
      } else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-presence-'));
        store = { env: { FANCLUB_DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
      }
      t = await startTestServer(backend, store.env);
      admin = await login();
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      await createStaffAccount(ctx, secrets, { name: 'Sam Support', email: 'sam.support@example.com', role: 'support', password: 'role password 1' });
      await settle();
      support = (await post('/api/users/login', { email: 'sam.support@example.com', password: 'role password 1' })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
      await store?.drop();
    });

    it('counts what the fans\' feed shows: posts, their photos and videos, and likes; not scheduled or deleted posts', async () => {
      expect(await profile()).toEqual({ counts: { posts: 0, photos: 0, videos: 0, likes: 0 }, presence: { online: false, lastSeenAt: null } });
      const first = await newPost(['photo', 'photo', 'video']);
      await newPost(['video']);
      await newPost(['photo'], 3_600_000); // scheduled: not yet
      const gone = await newPost(['photo', 'photo']);
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' }, t.server.services.clock);
      await t.server.services.store.appendToStream(`post-${gone}`, [{ id: randomUUID(), type: 'PostDeleted', data: { postId: gone, deletedAt: new Date().toISOString() }, metadata: { ...ctx.metadata, causationId: null, proxyAdminId: null, ip: null, at: new Date().toISOString() } as never }], { expectedRevision: 0 });
      await settle();
      expect((await profile()).counts).toEqual({ posts: 2, photos: 2, videos: 2, likes: 0 });
      // A like moves the count at once (the kept answer is dropped when the read models move).
      const f = await fan();
      const liked = await post('/api/blog/like-dislike', { blog_id: first }, f.token);
      expect(liked.status, JSON.stringify(liked.body)).toBe(200);
      expect((await profile(f.token)).counts.likes).toBe(1);
      await newPost(['video', 'video']);
      expect((await profile()).counts).toEqual({ posts: 3, photos: 2, videos: 4, likes: 1 });
    });

    it('the creator coming online and going offline reaches a fan live and in the read; a fan\'s presence never reaches another fan', async () => {
      const a = await fan();
      const b = await fan();
      const fanSocket = await connect(a.token);
      const watcher = await connect(support);
      // Another fan comes online: staff hear it, fan A hears nothing about them.
      const other = await connect(b.token);
      await watcher.next('USER_ONLINE', (f) => f.data.userId === b.id);
      const creator = await connect(admin);
      const on = await fanSocket.next('CREATOR_PRESENCE', (f) => f.data.online === true);
      expect(Object.keys(on.data).sort()).toEqual(['lastSeenAt', 'online']);
      expect((await profile()).presence).toMatchObject({ online: true });
      const leftAt = Date.now();
      await creator.close();
      const off = await fanSocket.next('CREATOR_PRESENCE', (f) => f.data.online === false);
      expect(Math.abs(Date.parse(off.data.lastSeenAt) - leftAt)).toBeLessThan(2_000);
      expect((await profile()).presence).toEqual({ online: false, lastSeenAt: off.data.lastSeenAt });
      await watcher.next('CREATOR_PRESENCE', (f) => f.data.online === false);
      await other.close();
      await watcher.next('USER_OFFLINE', (f) => f.data.userId === b.id);
      expect(fanSocket.frames.filter((f) => ['USER_ONLINE', 'USER_OFFLINE', 'ONLINE_USER_LIST'].includes(f.type))).toEqual([]);
      expect(JSON.stringify(fanSocket.frames)).not.toContain(b.id);
      await fanSocket.close();
      await watcher.close();
    });

    it('show_creator_presence off: the read and the fans\' sockets carry no presence, staff still see it; a bad value is 400 with nothing written', async () => {
      const head = await t.server.services.store.headPosition();
      const bad = await t.call('PUT', '/admin-api/settings/site', { show_creator_presence: 'yes' }, { token: admin });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('show_creator_presence');
      expect(await t.server.services.store.headPosition()).toEqual(head);

      expect((await t.call('PUT', '/admin-api/settings/site', { show_creator_presence: false }, { token: admin })).status).toBe(200);
      const a = await fan();
      expect((await profile(a.token)).presence).toBeNull();
      expect((await profile()).presence).toBeNull();
      const fanSocket = await connect(a.token);
      const watcher = await connect(support);
      const creator = await connect(admin);
      await watcher.next('CREATOR_PRESENCE', (f) => f.data.online === true);
      fanSocket.send({ type: 'MODEL_ONLINE', data: {} });
      const asked = await fanSocket.next('ONLINE_MODEL', (f) => !('isOnline' in f.data), 1);
      expect(asked.data).toEqual({ count: expect.any(Number) });
      await creator.close();
      await watcher.next('CREATOR_PRESENCE', (f) => f.data.online === false);
      expect(fanSocket.frames.filter((f) => f.type === 'CREATOR_PRESENCE' || 'isOnline' in (f.data ?? {}))).toEqual([]);
      expect((await profile(a.token)).presence).toBeNull();

      expect((await t.call('PUT', '/admin-api/settings/site', { show_creator_presence: true }, { token: admin })).status).toBe(200);
      expect((await profile(a.token)).presence).toMatchObject({ online: false, lastSeenAt: expect.any(String) });
      await fanSocket.close();
      await watcher.close();
    });

    it('the last-seen time survives a restart; a presence a crash left open ends at its last record', async () => {
      const before = (await profile()).presence!;
      expect(before.online).toBe(false);
      // As if the server died while the creator was online: the last record says online.
      const openAt = new Date(Date.now() - 7 * 60_000).toISOString();
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' }, t.server.services.clock);
      const stream = await t.server.services.store.readStream(CREATOR_PRESENCE_STREAM);
      await t.server.services.store.appendToStream(CREATOR_PRESENCE_STREAM, [{ id: randomUUID(), type: 'CreatorPresenceRecorded', data: { online: true, at: openAt }, metadata: { ...ctx.metadata, causationId: null, proxyAdminId: null, ip: null, at: new Date().toISOString() } as never }], { expectedRevision: stream.length - 1 });
      await settle();
      expect((await profile()).presence).toEqual({ online: true, lastSeenAt: openAt });
      await t.close();
      t = await startTestServer(backend, store.env);
      // Nobody connected after the start: the open presence ends at its last record ("Active 7 min ago").
      await expect.poll(async () => (await profile()).presence, { timeout: 15_000 }).toEqual({ online: false, lastSeenAt: openAt });
      expect((await profile()).counts).toEqual({ posts: 3, photos: 2, videos: 4, likes: 1 });
    });
  });
}

// Two API nodes on one Postgres database and one real Kafka broker (both in this process): a post whose media
// finishes after it was published is announced once on each node, to the fans connected there, when it becomes
// visible — each node reads which posts the MediaProcessed event showed from the shared read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createRealtimeClient, type SocketLike } from '../../web-shared/realtime/client';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { requireKafka } from '../support/kafka';
import { mediaEvents } from '../support/media-events';
import { startTestServer, type TestServer } from '../support/server';

const brokers = (await requirePostgresServer()) ? await requireKafka() : null;

describe.skipIf(!brokers)('live feed across two nodes through Kafka', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestServer;
  let b: TestServer;
  let admin: string;
  let adminId: string;
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const call = (t: TestServer, method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
  const socketTo = (t: TestServer, token: string) => {
    const frames: Array<{ type: string; data: any }> = [];
    const rt = createRealtimeClient({ url: `${t.base.replace('http', 'ws')}/ws`, open: (u) => new WebSocket(u) as unknown as SocketLike, token: () => token, onFrame: (f) => void frames.push(f as any), random: () => 0 });
    return { rt, frames };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix };
    a = await startTestServer('pglite', { ...env, FANCLUB_INSTANCE_ID: 'node-a' });
    b = await startTestServer('pglite', { ...env, FANCLUB_INSTANCE_ID: 'node-b' });
    const login = (await call(a, 'POST', '/api/users/login', { email: a.adminEmail, password: a.adminPassword })).body.data;
    admin = login.token;
    adminId = (await call(a, 'GET', '/api/users/me', undefined, admin)).body.data._id;
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  it('announces a post once on each node when its media finishes', async () => {
    const register = async (t: TestServer, name: string) => (await call(t, 'POST', '/api/users/register', { name, email: `${name.replace(/\W/g, '.').toLowerCase()}.${prefix}@example.com`, password: 'fan password 1' })).body.data.token as string;
    const onA = socketTo(a, await register(a, 'Fan On A'));
    const onB = socketTo(b, await register(b, 'Fan On B'));
    await expect.poll(() => onA.rt.state).toBe('live');
    await expect.poll(() => onB.rt.state).toBe('live');
    const { append, heldMedia } = mediaEvents(() => a, () => adminId);
    const held = await heldMedia();
    const created = await call(a, 'POST', '/api/blogs', { caption: 'Two nodes', visibility: 'public', media_ids: [held] }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.data._id as string;
    const published = (f: { frames: Array<{ type: string; data: any }> }) => f.frames.filter((x) => x.type === 'POST_PUBLISHED' && x.data.postId === postId).length;
    await append(held, [{ type: 'MediaProcessed', data: { mediaId: held, originalKey: 'x', thumbnailKey: 'x', blurKey: 'x', width: 1, height: 1 } }]);
    await expect.poll(() => published(onA), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => published(onB), { timeout: 20_000 }).toBe(1);
    // Later news on both nodes has gone past it: still once each.
    const held2 = await heldMedia();
    const after = await call(b, 'POST', '/api/blogs', { caption: 'After', visibility: 'public', media_ids: [held2] }, admin);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    const marker = after.body.data._id as string;
    await append(held2, [{ type: 'MediaProcessed', data: { mediaId: held2, originalKey: 'x', thumbnailKey: 'x', blurKey: 'x', width: 1, height: 1 } }]);
    await expect.poll(() => onA.frames.some((x) => x.type === 'POST_PUBLISHED' && x.data.postId === marker), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => onB.frames.some((x) => x.type === 'POST_PUBLISHED' && x.data.postId === marker), { timeout: 20_000 }).toBe(true);
    expect([published(onA), published(onB)]).toEqual([1, 1]);
    onA.rt.close();
    onB.rt.close();
  });
});

// Two API nodes on one Postgres database and one real Kafka broker: node A is a separate
// process (so it can be killed with SIGKILL), node B runs in this test process. A message sent through node A
// reaches a fan's socket on node B; presence crosses nodes; killing the node that runs the relay loses nothing:
// node B's relay takes the lease and publishes from the last acknowledged checkpoint, and the fan's socket gets
// every message once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { createRealtimeClient, type SocketLike } from '../../web-shared/realtime/client';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { requireKafka } from '../support/kafka';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const brokers = (await requirePostgresServer()) ? await requireKafka() : null;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!brokers)('real time across two nodes through Kafka', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodeA: ChildProcess;
  let baseA: string;
  let b: TestServer;
  let admin: string;
  const secret = randomBytes(24).toString('hex');
  const adminPassword = 'admin-password-123';
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const call = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(base + url, { method, headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  const socketTo = (base: string, token: string) => {
    const frames: Array<{ type: string; data: any; position?: string }> = [];
    const rt = createRealtimeClient({ url: `${base.replace('http', 'ws')}/ws`, open: (u) => new WebSocket(u) as unknown as SocketLike, token: () => token, onFrame: (f) => void frames.push(f as any), random: () => 0 });
    return { rt, frames };
  };
  const sendToFan = async (base: string, fanId: string, message: string) => {
    const r = await call(base, 'POST', '/api/chat/send_message', { receiver: fanId, message }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.message._id as string;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix, FANCLUB_LIVE: 'off', FANCLUB_SECRET: secret, FANCLUB_ADMIN_PASSWORD: adminPassword, FANCLUB_DEMO: 'false', LOG_LEVEL: 'silent' };
    // Node A first, as its own process: it takes the relay's lease.
    const port = await freePort();
    baseA = `http://127.0.0.1:${port}`;
    nodeA = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', FANCLUB_INSTANCE_ID: 'node-a', FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-node-a-')) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`node A did not start: ${output}`)), 90_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('Fanclub is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      nodeA.stdout!.on('data', onData);
      nodeA.stderr!.on('data', onData);
      nodeA.on('exit', (code) => reject(new Error(`node A exited (${code}): ${output}`)));
    });
    b = await startTestServer('pglite', { ...env, FANCLUB_INSTANCE_ID: 'node-b' });
    admin = (await call(baseA, 'POST', '/api/users/login', { email: b.adminEmail, password: adminPassword })).body.data.token;
  });

  afterAll(async () => {
    nodeA?.kill('SIGKILL');
    await b?.close();
    await db?.drop();
  });

  it('a message sent through node A reaches the fan on node B; presence crosses nodes; killing the relay node loses nothing', async () => {
    const reg = await call(baseA, 'POST', '/api/users/register', { name: 'Fan on B', email: `fan.b.${prefix}@example.com`, password: 'fan password 1' });
    expect(reg.status).toBe(201);
    const fan = { token: reg.body.data.token as string, id: reg.body.data.userId as string };
    expect((await call(baseA, 'POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token)).body.data.accepted).toBe(true);

    const staffOnA = socketTo(baseA, admin);
    await expect.poll(() => staffOnA.rt.state).toBe('live');
    const fanOnB = socketTo(b.base, fan.token);
    await expect.poll(() => fanOnB.rt.state).toBe('live');
    // Presence: the fan is connected to B; the staff member on A sees them come online.
    await expect.poll(() => staffOnA.frames.some((f) => f.type === 'USER_ONLINE' && f.data.userId === fan.id), { timeout: 20_000 }).toBe(true);

    // "Admin is in this chat" crosses nodes too: a staff member on A opens the fan's chat, one on B is told.
    const staffOnB = socketTo(b.base, admin);
    await expect.poll(() => staffOnB.rt.state).toBe('live');
    expect(staffOnA.rt.send('ADMIN_IN_USER_CHAT', { userId: fan.id })).toBe(true);
    await expect.poll(() => staffOnB.frames.some((f) => f.type === 'ADMIN_IN_USER_CHAT' && f.data.userId === fan.id), { timeout: 20_000 }).toBe(true);
    staffOnB.rt.close();

    const received = () => fanOnB.frames.filter((f) => f.type === 'MESSAGE_RECEIVE').map((f) => f.data._id as string);
    const m1 = await sendToFan(baseA, fan.id, 'through node A');
    await expect.poll(received, { timeout: 20_000 }).toEqual([m1]);

    // Node A (the relay's leader) dies right after a write; B keeps serving and its relay takes over.
    const m2 = await sendToFan(baseA, fan.id, 'just before A dies');
    nodeA.kill('SIGKILL');
    const m3 = await sendToFan(b.base, fan.id, 'after A died');
    await expect.poll(received, { timeout: 30_000 }).toEqual([m1, m2, m3]);
    const m4 = await sendToFan(b.base, fan.id, 'and once more');
    await expect.poll(received, { timeout: 20_000 }).toEqual([m1, m2, m3, m4]);
    // Positions only go forward on the fan's socket: nothing twice, nothing out of order.
    const positions = fanOnB.frames.filter((f) => f.position).map((f) => f.position!.split('/').map(Number));
    for (let i = 1; i < positions.length; i++) expect(positions[i][0] > positions[i - 1][0] || (positions[i][0] === positions[i - 1][0] && positions[i][1] > positions[i - 1][1])).toBe(true);
    // The relay checkpoint moved past the last message after A died: node B's relay holds the lease now.
    const last = fanOnB.frames.filter((f) => f.type === 'MESSAGE_RECEIVE').at(-1)!.position!.split('/').map(Number);
    const checkpoint = (await sql<{ tx: string; seq: string }>`SELECT tx, seq FROM fanclub_relay_checkpoint WHERE name = 'events'`.execute(b.server.services.database.db)).rows[0];
    expect(Number(checkpoint.tx) > last[0] || (Number(checkpoint.tx) === last[0] && Number(checkpoint.seq) >= last[1])).toBe(true);
    staffOnA.rt.close();
    fanOnB.rt.close();
  });
});

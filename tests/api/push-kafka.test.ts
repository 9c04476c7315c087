// Web push on several machines: an API node that leaves sending to workers (FANCLUB_DELIVERY_WORKER=off) and an
// `npm run worker` process, on one Postgres database and one real Kafka broker. A trigger on the node reaches the
// worker through the events topic; the worker sends the notification (signed with the same VAPID key: both derive
// it from the shared secret) to a local push service, where it decrypts with the browser's keys. The node itself
// sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { requireKafka } from '../support/kafka';
import { startTestServer, type TestServer } from '../support/server';
import { decryptPush, startPushService, type PushService } from '../support/push-service';
import { appendOnce, commandContext } from '../../commands/handle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const brokers = (await requirePostgresServer()) ? await requireKafka() : null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!brokers)('web push sent by a worker process through Kafka', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestServer;
  let ps: PushService;
  let worker: ChildProcess | null = null;
  let output = '';
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-push-worker-'));

  beforeAll(async () => {
    ps = await startPushService();
    db = await createTestDatabase();
    t = await startTestServer('pglite', { DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix, FANCLUB_INSTANCE_ID: 'node-a', FANCLUB_DELIVERY_WORKER: 'off', FANCLUB_SECRET: randomBytes(24).toString('hex') });
    t.server.services.push!.allowHttpLocal = true;
  }, 180_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await t?.close();
    await db?.drop();
    await ps?.close();
    fs.rmSync(workerDir, { recursive: true, force: true });
  });

  it('the node queues, the worker sends; the payload decrypts with the browser\'s keys', async () => {
    const fan = (await t.call('POST', '/api/users/register', { name: 'Kafka Fan', email: 'kafka.fan@example.com', password: 'fan password 1' })).body.data;
    const sub = ps.subscribe('kafka-fan');
    expect((await t.call('POST', '/api/notifications/register-device', { endpoint: sub.endpoint, keys: sub.keys }, { token: fan.token })).status).toBe(200);
    worker = spawn(process.execPath, ['--import', 'tsx', 'api/worker.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix, FANCLUB_INSTANCE_ID: 'worker-1', FANCLUB_SECRET: t.server.services.config.FANCLUB_SECRET, FANCLUB_DATA_DIR: workerDir } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker did not start: ${output}`)), 60_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('Fanclub worker is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      worker!.stdout!.on('data', onData);
      worker!.stderr!.on('data', onData);
      worker!.on('exit', (code) => reject(new Error(`the worker exited (${code}): ${output}`)));
    });
    await sleep(1000);
    const postId = randomUUID();
    const at = new Date().toISOString();
    await appendOnce(commandContext(t.server.services.store, { userId: null, role: 'system' }), `post-${postId}`, [
      { type: 'PostCreated', data: { postId, authorId: 'creator', caption: 'Sent by the worker', visibility: 'subscribers', priceCents: 0, media: [], previewMediaId: null, publishAt: at, createdAt: at } },
    ]);
    await expect.poll(() => ps.received.length, { timeout: 30_000 }).toBe(1);
    const req = ps.received[0];
    expect(req.vapid?.publicKey).toBe(t.server.services.push!.publicKey);
    expect(JSON.parse(decryptPush(sub, req.body))).toMatchObject({ title: 'New post from Fanclub Creator', body: 'Sent by the worker', url: `/feed/${postId}/1` });
    // Recorded once, by the worker (the node's sender has no timer with FANCLUB_DELIVERY_WORKER=off).
    await expect.poll(async () => (await t.server.services.store.readStream(`push-job-post-${postId}`)).length, { timeout: 10_000 }).toBe(1);
    await sleep(4000);
    expect(ps.received).toHaveLength(1);
  }, 240_000);
});

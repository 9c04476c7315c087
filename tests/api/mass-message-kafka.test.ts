// Mass-message delivery on several machines (gap 1 of the mass-message backend): an API node that leaves delivery
// to workers (FANCLUB_DELIVERY_WORKER=off) and an `npm run worker` process, on one Postgres database and one real
// Kafka broker. A mass message sent on the node is announced on the bus; the worker starts its pass at once (not
// on its 5-second timer) and delivers. A second message is delivered by the worker AND by a pass the node runs
// at the same moment: every fan still has exactly one copy, in the log and in the chat read model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { massMessageStream } from '../../domain/chat/mass-message';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { requireKafka } from '../support/kafka';
import { startTestServer, type TestServer } from '../support/server';
import { seedSubscribers } from '../support/subscribers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const brokers = (await requirePostgresServer()) ? await requireKafka() : null;
const FANS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!brokers)('mass message delivery by a worker process through Kafka', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestServer;
  let worker: ChildProcess | null = null;
  let output = '';
  let admin: string;
  let fanIds: string[];
  /** The message sent before the worker ran. */
  let waiting = '';
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-delivery-worker-'));

  /** fan id → copies in the mass message's log. */
  const copiesInLog = async (massId: string) => {
    const counts = new Map<string, number>();
    for (const e of await t.server.services.store.readStream(massMessageStream(massId)))
      if (e.type === 'MassMessageCopiesDelivered') for (const c of (e.data as { copies: { fanId: string }[] }).copies) counts.set(c.fanId, (counts.get(c.fanId) ?? 0) + 1);
    return counts;
  };
  const completed = async (massId: string, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await t.server.services.store.readStream(massMessageStream(massId))).some((e) => e.type === 'MassMessageSendCompleted')) return true;
      await sleep(50);
    }
    return false;
  };
  const send = async (message: string) => {
    const r = await t.call('POST', '/api/message/send-mass-message', { type: 'text', message, isLocked: 'free', send_to: 'ONLY_EXISTING' }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data._id as string;
  };
  const expectOneCopyEach = async (massId: string) => {
    const log = await copiesInLog(massId);
    expect(log.size).toBe(FANS);
    expect([...log.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(log.keys())).toEqual(new Set(fanIds));
    const head = await t.server.services.store.headPosition();
    expect(await t.server.services.runner.waitFor(head!, 60_000)).toBe(true);
    const rows = (await sql<{ fan_id: string; n: string }>`SELECT fan_id, count(*) AS n FROM rm.chat_messages WHERE mass_message_id = ${massId} GROUP BY fan_id`.execute(t.server.services.database.db)).rows;
    expect(rows).toHaveLength(FANS);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    const view = await t.call('GET', `/api/message/mass-messages/${massId}`, undefined, { token: admin });
    expect(view.body.data.status).toBe('sent');
    expect(view.body.data.stats.delivered).toBe(FANS);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const secret = randomBytes(24).toString('hex');
    t = await startTestServer('pglite', { DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix, FANCLUB_INSTANCE_ID: 'node-a', FANCLUB_DELIVERY_WORKER: 'off', FANCLUB_SECRET: secret });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const seeded = await seedSubscribers(t.server.services.store, FANS, new Date());
    fanIds = seeded.fanIds;
    expect(await t.server.services.runner.waitFor(seeded.last!, 120_000)).toBe(true);
  }, 180_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await t?.close();
    await db?.drop();
    fs.rmSync(workerDir, { recursive: true, force: true });
  });

  it('the node alone delivers nothing: FANCLUB_DELIVERY_WORKER=off', async () => {
    const massId = await send('Nobody delivers me yet');
    await sleep(3000);
    expect(await copiesInLog(massId)).toEqual(new Map());
    // Counted later, once the worker runs (it finds this one in the read model on start-up).
    waiting = massId;
  });

  it('the worker finishes what waited, then starts at once on an announced message; one copy per fan', async () => {
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
    expect(output).toContain('taking announcements from Kafka');
    expect(await completed(waiting, 60_000), output.slice(-2000)).toBe(true);
    await expectOneCopyEach(waiting);

    // Let the worker's start-up pass and its timer settle, then announce a new one: the pass starts from the bus.
    const before = output.length;
    const sentAt = Date.now();
    const massId = await send('Hello from node A');
    let started = 0;
    while (!started && Date.now() - sentAt < 20_000) {
      if ((await t.server.services.store.readStream(massMessageStream(massId))).some((e) => e.type === 'MassMessageAudienceChosen')) started = Date.now() - sentAt;
      else await sleep(25);
    }
    expect(output.slice(before)).toContain('[delivery] pass announced by node-a');
    // The timer passes every 5 s; the announcement starts the pass well before.
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThan(2500);
    expect(await completed(massId, 60_000), output.slice(-2000)).toBe(true);
    await expectOneCopyEach(massId);
    console.log(`delivery started on the worker ${started} ms after the send was answered`);
  }, 240_000);

  it('the node and the worker deliver the same message at once: still exactly one copy per fan', async () => {
    const before = output.length;
    const massId = await send('Both of us deliver this');
    // Node A runs a pass of its own (tick works even with FANCLUB_DELIVERY_WORKER=off) while the worker runs the
    // announced one; both append batches to the same stream and only one of them wins each revision.
    const [written] = await Promise.all([t.server.delivery.tick(), completed(massId, 60_000)]);
    expect(await completed(massId, 60_000), output.slice(-2000)).toBe(true);
    expect(output.slice(before)).toContain('[delivery] pass announced by node-a');
    await expectOneCopyEach(massId);
    // The node's pass wrote some (or all, or none) of the copies; the worker wrote the rest.
    console.log(`node A's concurrent pass wrote ${written} of ${FANS} copies; the worker the rest`);
  }, 240_000);
});

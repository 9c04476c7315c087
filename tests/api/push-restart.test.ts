// Web push jobs survive a conflict and a crash: a job is retried until it is recorded as sent (or given up with a
// reason), never lost and never an error in the log.
//   1. two nodes (two event stores on one Postgres database) pass the same backlog at once: where both sent a job,
//      the second record meets the first as an optimistic-concurrency conflict; it is decided again on the
//      reloaded stream, adds nothing and logs nothing. Every job is recorded once, as sent.
//   2. a real node (a child process on a PGlite data folder) is killed with SIGKILL while the push service holds
//      its request: nothing was recorded, so the next start sends the notification again and records it once.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { openPostgres } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { appendOnce, commandContext } from '../../commands/handle';
import { subscriptionIdOf } from '../../commands/push';
import { startPushSender } from '../../commands/push-sender';
import { pushReads, vapidKeys } from '../../api/push';
import { createWebPushSender } from '../../infra/push/web-push';
import { pushJobStream } from '../../domain/push/push';
import { requirePostgresServer } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { decryptPush, startPushService, type BrowserSubscription, type PushService } from '../support/push-service';
import { copyPgliteTemplate } from '../support/pglite-template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgAvailable = await requirePostgresServer();

/** A browser subscribed for `fanId`, registered as the push-subscription stream records it. */
async function registerDevice(store: EventStore, ps: PushService, name: string, fanId: string): Promise<BrowserSubscription> {
  const sub = ps.subscribe(name);
  const id = subscriptionIdOf(sub.endpoint);
  await appendOnce(commandContext(store, { userId: fanId, role: 'user' }), `push-subscription-${id}`, [
    { type: 'PushSubscriptionRegistered', data: { subscriptionId: id, userId: fanId, role: 'user', endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: 'test browser', registeredAt: new Date().toISOString() } },
  ]);
  return sub;
}

/** A staff message to a fan, as the chat records it: it queues one push job, chat-<messageId>. */
async function staffMessage(store: EventStore, fanId: string, text: string): Promise<string> {
  const messageId = randomUUID();
  await appendOnce(commandContext(store, { userId: null, role: 'model' }), `chat-message-${messageId}`, [
    { type: 'ChatMessageSent', data: { messageId, fanId, senderId: 'creator', fromStaff: true, type: 'text', text, media: [], previewMediaId: null, priceCents: 0, uniqueId: null, payPerMessage: null, sentAt: new Date().toISOString() } },
  ]);
  return `chat-${messageId}`;
}

const attemptsOf = async (store: EventStore, jobId: string) => (await store.readStream(pushJobStream(jobId))).filter((e) => e.type === 'PushNotificationAttempted');

describe.skipIf(!pgAvailable)('two nodes pass the same push jobs at once (one Postgres database)', () => {
  let t: TestServer;
  let ps: PushService;
  beforeAll(async () => {
    ps = await startPushService();
    t = await startTestServer('postgres');
  });
  afterAll(async () => {
    await t?.close();
    await ps?.close();
  });

  it('the second record of a job is a conflict that is decided again and adds nothing: no error logged, every job recorded once as sent', async () => {
    const s = t.server.services;
    const fans = [randomUUID(), randomUUID(), randomUUID()];
    const subs = await Promise.all(fans.map((f, i) => registerDevice(s.store, ps, `race-${i}`, f)));
    const jobs: string[] = [];
    for (let i = 0; i < 6; i++) jobs.push(await staffMessage(s.store, fans[i % 3], `message ${i}`));
    expect(await s.runner.waitFor((await s.store.headPosition())!, 30_000)).toBe(true);

    // Node B: its own connections and event store on the same database. Its appends to a job's stream wait until
    // node A's record of that job is committed, so B always appends at the revision it read before A wrote: the
    // interleaving of two nodes that sent the same job, every time.
    const dbB = await openPostgres(s.config.DATABASE_URL!);
    const realB = await createPostgresEventStore(dbB);
    const storeB: EventStore = {
      ...realB,
      async appendToStream(stream, events, opts) {
        if (stream.startsWith('push-job-')) {
          const until = Date.now() + 20_000;
          while ((await s.store.readStream(stream)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        }
        return realB.appendToStream(stream, events, opts);
      },
    };
    const logs: string[] = [];
    const node = (store: EventStore, db: typeof s.database.db, name: string) =>
      startPushSender({ store, reads: pushReads(db), send: createWebPushSender(vapidKeys(s.config)), now: () => new Date(), timer: false, log: (m) => logs.push(`${name}: ${m}`) });
    const a = node(s.store, s.database.db, 'node A');
    const b = node(storeB, dbB.db, 'node B');
    try {
      await Promise.all([a.tick(), b.tick()]);
      expect(logs).toEqual([]);
      for (const job of jobs) {
        const recorded = await attemptsOf(s.store, job);
        expect(recorded, job).toHaveLength(1);
        expect(recorded[0].data).toMatchObject({ finished: true, reason: 'sent' });
        expect((recorded[0].data as { results: { outcome: string }[] }).results.map((r) => r.outcome)).toEqual(['sent']);
      }
      // Both nodes sent every job (the push service collapses repeats by their Topic): each fan got each message.
      for (const [i, sub] of subs.entries()) {
        const texts = ps.received.filter((r) => r.path === `/push/race-${i}`).map((r) => JSON.parse(decryptPush(sub, r.body)).body as string);
        expect(new Set(texts)).toEqual(new Set([`message ${i}`, `message ${i + 3}`]));
      }
      expect(await s.runner.waitFor((await s.store.headPosition())!, 30_000)).toBe(true);
      const rows = (await sql<{ id: string; status: string; attempts: number; sent: number }>`SELECT id, status, attempts, sent FROM rm.push_jobs WHERE id IN (${sql.join(jobs)})`.execute(s.database.db)).rows;
      expect(rows.map((r) => [r.status, Number(r.attempts), Number(r.sent)])).toEqual(jobs.map(() => ['done', 1, 1]));
      // Nothing is due any more: further passes on both nodes send nothing.
      const before = ps.received.length;
      await Promise.all([a.tick(), b.tick()]);
      expect(ps.received).toHaveLength(before);
    } finally {
      await a.stop();
      await b.stop();
      await realB.close();
      await dbB.close();
    }
  });
});

describe('a node killed while it delivers a push notification (real process kill)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-push-crash-'));
  const env = { PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: path.join(tmp, 'data'), FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent' };
  let server: RunningServer | null = null;
  let ps: PushService;
  beforeAll(async () => {
    // The data folder starts from the run's migrated PGlite template (as every test server's does), not an empty one.
    copyPgliteTemplate(env.FANCLUB_DATA_DIR);
    ps = await startPushService();
  });
  afterAll(async () => {
    await server?.close().catch(() => {});
    await ps?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A Fanclub process on the data folder passing push jobs every 200 ms; the test kills it. */
  function node() {
    const script = path.join(tmp, 'child.mts');
    fs.writeFileSync(
      script,
      `import { loadConfig } from ${JSON.stringify(pathToFileURL(path.join(root, 'infra/config.ts')).href)};
import { startServer } from ${JSON.stringify(pathToFileURL(path.join(root, 'api/server.ts')).href)};
await startServer(loadConfig(JSON.parse(process.env.CHILD_ENV)), { serveApps: false, deliverNotices: false, pushIntervalMs: 200, log: (m) => console.log(m) });
console.log('started');
setTimeout(() => process.exit(7), 90_000);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, CHILD_ENV: JSON.stringify(env) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    return { child, exited, output: () => output };
  }

  it('the next start sends it again and records it once', async () => {
    const fanId = randomUUID();
    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false, pushIntervalMs: 0 });
    const sub = await registerDevice(server.services.store, ps, 'crash-fan', fanId);
    const job = await staffMessage(server.services.store, fanId, 'Sent before the crash');
    expect(await server.services.runner.waitFor((await server.services.store.headPosition())!, 30_000)).toBe(true);
    await server.close();
    server = null;

    // The push service takes the request and does not answer: the node is part-way through the delivery.
    ps.hang('/push/crash-fan');
    const crashing = node();
    const until = Date.now() + 90_000;
    while (!ps.received.some((r) => r.path === '/push/crash-fan') && Date.now() < until) {
      const done = await Promise.race([crashing.exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 50))]);
      if (done) throw new Error(`the node exited before it sent: ${crashing.output().slice(-2000)}`);
    }
    expect(ps.received.filter((r) => r.path === '/push/crash-fan')).toHaveLength(1);
    crashing.child.kill('SIGKILL');
    expect((await crashing.exited).signal).toBe('SIGKILL');
    ps.answer('/push/crash-fan', 201);

    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false, pushIntervalMs: 0 });
    const store = server.services.store;
    expect(await attemptsOf(store, job)).toHaveLength(0); // the killed node recorded nothing
    await server.services.push!.sender.tick();
    const delivered = ps.received.filter((r) => r.path === '/push/crash-fan');
    expect(delivered).toHaveLength(2);
    expect(JSON.parse(decryptPush(sub, delivered[1].body))).toMatchObject({ body: 'Sent before the crash', url: '/private-chat', category: 'messages' });
    const recorded = await attemptsOf(store, job);
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ finished: true, reason: 'sent', results: [{ outcome: 'sent', status: 201 }] });
    expect(await server.services.runner.waitFor((await store.headPosition())!, 30_000)).toBe(true);
    await server.services.push!.sender.tick();
    expect(ps.received.filter((r) => r.path === '/push/crash-fan')).toHaveLength(2);
  }, 240_000);
});

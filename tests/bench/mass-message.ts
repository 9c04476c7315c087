// `npm run bench -- mass-message`: a mass message to 10,000 subscribers. Measures the send
// request (it must return at once: delivery is in the background), then the time until every copy is a row in
// the fans' chat read model and the real-time feed has handed out the last delivery's frames — next to a
// same-run baseline: 10,000 rows inserted raw into a scratch table (500 per INSERT, as the copies are batched).
// Meanwhile the console keeps working: the chat list and the message's view are requested every 100 ms during
// delivery, next to the same requests when idle. Three sends per back end (the machine is shared), medians.
// Prints figures; asserts nothing. Goal: < 10 s on PGlite, < 5 s on the Postgres server, the send answered and
// the console's requests served well under a second meanwhile.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { comparePositions, type Position } from '../../infra/eventstore/port';
import { massMessageStream } from '../../domain/chat/mass-message';
import { startTestServer, type Backend } from '../support/server';
import { seedSubscribers } from '../support/subscribers';

export interface Latencies {
  count: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface MassMessageSend {
  requestMs: number;
  appendedSeconds: number;
  readModelSeconds: number;
  framesSeconds: number;
  /** Console requests made every 100 ms while the copies went out (the send's own answer excluded). */
  userList: Latencies;
  massView: Latencies;
}

export interface MassMessageBenchResult {
  fans: number;
  seedSeconds: number;
  rawInsertSeconds: number;
  /** The same console requests every 100 ms for 3 s with nothing going on (same server, same run). */
  idle: { userList: Latencies; massView: Latencies; /** a send request that delivers nothing now (scheduled a day ahead), alone */ scheduledSendMs: number; /** the same, median of 3 while the console polls */ polledSendMs: number };
  /** One entry per send (each to every subscriber), the console polling meanwhile. */
  sends: MassMessageSend[];
  /** The same sends with nobody polling. */
  quiet: MassMessageSend[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const latencies = (xs: number[]): Latencies => {
  const s = [...xs].sort((a, b) => a - b);
  return { count: s.length, medianMs: median(s), p95Ms: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? NaN, maxMs: s[s.length - 1] ?? NaN };
};

/**
 * The console meanwhile: every 100 ms the chat list (GET /api/chat/get_user_list) and the mass message's view
 * (GET /api/message/mass-messages/:id), both at once, until `stop` says so. Latencies of each.
 */
function consolePoller(call: (url: string) => Promise<number>, massId: () => string) {
  const userList: number[] = [];
  const massView: number[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const started = performance.now();
      await Promise.all([
        call('/api/chat/get_user_list?page_num=1').then((ms) => userList.push(ms)),
        call(`/api/message/mass-messages/${massId()}`).then((ms) => massView.push(ms)),
      ]);
      await sleep(Math.max(0, 100 - (performance.now() - started)));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { userList: latencies(userList), massView: latencies(massView) };
    },
  };
}

export async function benchMassMessage(backend: Backend, fans: number, sends = 3): Promise<MassMessageBenchResult> {
  const t = await startTestServer(backend, {}, { ledgerCheck: false });
  try {
    const { store, runner, database } = t.server.services;
    const db = database.db;
    const seedStart = performance.now();
    const { last } = await seedSubscribers(store, fans, new Date());
    if (last) await runner.waitFor(last, 600_000);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    await sql`ANALYZE`.execute(db);

    // Baseline, same database, same run: 10,000 rows of a chat message's width, 500 per INSERT statement.
    await sql`CREATE TABLE IF NOT EXISTS public.bench_mass_raw (id text PRIMARY KEY, fan_id text, text text, media jsonb, created_at timestamptz)`.execute(db);
    const rawStart = performance.now();
    for (let i = 0; i < fans; i += 500) {
      const rows = Array.from({ length: Math.min(500, fans - i) }, () => sql`(${randomUUID()}, ${randomUUID()}, ${'Hello, all of you'}, ${'[]'}::jsonb, now())`);
      await sql`INSERT INTO public.bench_mass_raw (id, fan_id, text, media, created_at) VALUES ${sql.join(rows)}`.execute(db);
    }
    const rawInsertSeconds = (performance.now() - rawStart) / 1000;

    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const timedGet = async (url: string) => {
      const started = performance.now();
      const r = await t.call('GET', url, undefined, { token: admin });
      if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${JSON.stringify(r.body)}`);
      return performance.now() - started;
    };
    const feed = (t.server.app as unknown as { realtime: { feed: { position(): Position | null } } }).realtime.feed;

    // Idle baseline: a message scheduled a day ahead (nobody gets it yet) stands in for the one being viewed.
    const scheduledStart = performance.now();
    const scheduled = await t.call('POST', '/api/message/send-mass-message', {
      type: 'text', message: 'Tomorrow', isLocked: 'free', send_to: 'ONLY_EXISTING', scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    }, { token: admin });
    const scheduledSendMs = performance.now() - scheduledStart;
    if (scheduled.status !== 200) throw new Error(`schedule failed: ${JSON.stringify(scheduled.body)}`);
    // Idle means idle: the read models and the real-time feed have caught up with the seeded fans first.
    const head = await store.headPosition();
    if (head) {
      await runner.waitFor(head, 600_000);
      for (;;) {
        const p = feed.position();
        if (p && comparePositions(p, head) >= 0) break;
        await sleep(20);
      }
    }
    const idlePoller = consolePoller(timedGet, () => scheduled.body.data._id);
    // The send request itself with the console polling and nothing delivered: three sends scheduled for tomorrow.
    const idleSends: number[] = [];
    for (let i = 0; i < 3; i++) {
      await sleep(800);
      const started = performance.now();
      const r = await t.call('POST', '/api/message/send-mass-message', {
        type: 'text', message: `Tomorrow ${i}`, isLocked: 'free', send_to: 'ONLY_EXISTING', scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      }, { token: admin });
      if (r.status !== 200) throw new Error(`schedule failed: ${JSON.stringify(r.body)}`);
      idleSends.push(performance.now() - started);
    }
    const idle = { ...(await idlePoller.stop()), scheduledSendMs, polledSendMs: median(idleSends) };

    const results: MassMessageSend[] = [];
    const quiet: MassMessageSend[] = [];
    // First `sends` sends with the console polling, then `sends` without (delivery's own time).
    for (let n = 0; n < 2 * sends; n++) {
      const polling = n < sends;
      let massId = scheduled.body.data._id as string;
      const poller = polling ? consolePoller(timedGet, () => massId) : { stop: async () => ({ userList: latencies([]), massView: latencies([]) }) };
      const t0 = performance.now();
      const sent = await t.call('POST', '/api/message/send-mass-message', { type: 'text', message: `Hello, all of you (${n + 1})`, isLocked: 'free', send_to: 'ONLY_EXISTING' }, { token: admin });
      const requestMs = performance.now() - t0;
      if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
      massId = sent.body.data._id as string;

      // Delivery is done when the log has MassMessageSendCompleted; its position covers every copy before it.
      let done: Position | null = null;
      while (!done) {
        const events = await store.readStream(massMessageStream(massId));
        done = events.find((e) => e.type === 'MassMessageSendCompleted')?.position ?? null;
        if (!done) await sleep(20);
      }
      const appendedSeconds = (performance.now() - t0) / 1000;
      await runner.waitFor(done, 600_000);
      const readModelSeconds = (performance.now() - t0) / 1000;
      for (;;) {
        const p = feed.position();
        if (p && comparePositions(p, done) >= 0) break;
        await sleep(10);
      }
      const framesSeconds = (performance.now() - t0) / 1000;
      const during = await poller.stop();
      const rows = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM rm.chat_messages WHERE mass_message_id = ${massId}`.execute(db)).rows[0].n);
      if (rows !== fans) throw new Error(`expected ${fans} copies in the read model, found ${rows}`);
      (polling ? results : quiet).push({ requestMs, appendedSeconds, readModelSeconds, framesSeconds, ...during });
      await sleep(1000);
    }
    return { fans, seedSeconds, rawInsertSeconds, idle, sends: results, quiet };
  } finally {
    await t.close();
  }
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const lat = (l: Latencies) => `median ${ms(l.medianMs)}, p95 ${ms(l.p95Ms)}, max ${ms(l.maxMs)} (${l.count} requests)`;
const med = (r: MassMessageBenchResult, f: (s: MassMessageSend) => number) => median(r.sends.map(f));

export function printMassMessage(backend: Backend, r: MassMessageBenchResult) {
  const goal = backend === 'pglite' ? 10 : 5;
  console.log(`mass message to ${r.fans.toLocaleString()} subscribers (${backend}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), ${r.sends.length} sends, medians:`);
  console.log(`  send request answered                 ${ms(med(r, (s) => s.requestMs))}   (each: ${r.sends.map((s) => ms(s.requestMs)).join(', ')})`);
  console.log(`  every copy appended to the log        ${med(r, (s) => s.appendedSeconds).toFixed(2)} s`);
  console.log(`  every copy in the chat read models    ${med(r, (s) => s.readModelSeconds).toFixed(2)} s`);
  console.log(`  live frames out (feed past the last)  ${med(r, (s) => s.framesSeconds).toFixed(2)} s   (goal < ${goal} s; each: ${r.sends.map((s) => s.framesSeconds.toFixed(2)).join(', ')} s)`);
  console.log(`  console requests every 100 ms while delivering (medians of the ${r.sends.length} sends):`);
  console.log(`    GET /api/chat/get_user_list          median ${ms(med(r, (s) => s.userList.medianMs))}, p95 ${ms(med(r, (s) => s.userList.p95Ms))}, max ${ms(med(r, (s) => s.userList.maxMs))}`);
  console.log(`    GET /api/message/mass-messages/:id   median ${ms(med(r, (s) => s.massView.medianMs))}, p95 ${ms(med(r, (s) => s.massView.p95Ms))}, max ${ms(med(r, (s) => s.massView.maxMs))}`);
  console.log(`  the same requests when idle (baseline; a send scheduled for tomorrow answered in ${ms(r.idle.scheduledSendMs)} alone, ${ms(r.idle.polledSendMs)} with the console polling):`);
  console.log(`    GET /api/chat/get_user_list          ${lat(r.idle.userList)}`);
  console.log(`    GET /api/message/mass-messages/:id   ${lat(r.idle.massView)}`);
  const q = (f: (s: MassMessageSend) => number) => median(r.quiet.map(f));
  console.log(`  the same sends with nobody polling: answered ${ms(q((s) => s.requestMs))}, live frames out ${q((s) => s.framesSeconds).toFixed(2)} s (each: ${r.quiet.map((s) => s.framesSeconds.toFixed(2)).join(', ')} s)`);
  console.log(`  baseline: ${r.fans.toLocaleString()} raw rows, 500 per INSERT ${r.rawInsertSeconds.toFixed(2)} s   (seeding the subscribers took ${r.seedSeconds.toFixed(1)} s)`);
}

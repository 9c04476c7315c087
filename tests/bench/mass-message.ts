// `npm run bench -- mass-message`: a mass message to 10,000 subscribers (issue 14 item 3). Measures the send
// request (it must return at once: delivery is in the background), then the time until every copy is a row in
// the fans' chat read model and the real-time feed has handed out the last delivery's frames — next to a
// same-run baseline: 10,000 rows inserted raw into a scratch table (500 per INSERT, as the copies are batched).
// Prints figures; asserts nothing. Goal: < 10 s on PGlite, < 5 s on the Postgres server.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { comparePositions, type Position } from '../../infra/eventstore/port';
import { massMessageStream } from '../../domain/chat/mass-message';
import { startTestServer, type Backend } from '../support/server';
import { seedSubscribers } from '../support/subscribers';

export interface MassMessageBenchResult {
  fans: number;
  seedSeconds: number;
  requestMs: number;
  appendedSeconds: number;
  readModelSeconds: number;
  framesSeconds: number;
  rawInsertSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchMassMessage(backend: Backend, fans: number): Promise<MassMessageBenchResult> {
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
    const feed = (t.server.app as unknown as { realtime: { feed: { position(): Position | null } } }).realtime.feed;
    const t0 = performance.now();
    const sent = await t.call('POST', '/api/message/send-mass-message', { type: 'text', message: 'Hello, all of you', isLocked: 'free', send_to: 'ONLY_EXISTING' }, { token: admin });
    const requestMs = performance.now() - t0;
    if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
    const massId = sent.body.data._id as string;

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
    const rows = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM rm.chat_messages WHERE mass_message_id = ${massId}`.execute(db)).rows[0].n);
    if (rows !== fans) throw new Error(`expected ${fans} copies in the read model, found ${rows}`);
    return { fans, seedSeconds, requestMs, appendedSeconds, readModelSeconds, framesSeconds, rawInsertSeconds };
  } finally {
    await t.close();
  }
}

export function printMassMessage(backend: Backend, r: MassMessageBenchResult) {
  const goal = backend === 'pglite' ? 10 : 5;
  console.log(`mass message to ${r.fans.toLocaleString()} subscribers (${backend}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  console.log(`  send request answered                 ${r.requestMs.toFixed(0)} ms (delivery continues in the background)`);
  console.log(`  every copy appended to the log        ${r.appendedSeconds.toFixed(2)} s`);
  console.log(`  every copy in the chat read models    ${r.readModelSeconds.toFixed(2)} s`);
  console.log(`  live frames out (feed past the last)  ${r.framesSeconds.toFixed(2)} s   (goal < ${goal} s)`);
  console.log(`  baseline: ${r.fans.toLocaleString()} raw rows, 500 per INSERT ${r.rawInsertSeconds.toFixed(2)} s   (seeding the subscribers took ${r.seedSeconds.toFixed(1)} s)`);
}

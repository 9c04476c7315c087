// `npm run bench`: throughput and latency figures for PGlite and the Postgres server, each next to a
// same-run baseline (raw single-row INSERT transactions on the same database). Prints; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openPglite, openPostgres, type Database } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore, NewEvent } from '../../infra/eventstore/port';
import { createTestDatabase, isPostgresServerAvailable } from '../support/postgres';
import { startTestServer, TEST_CARD_FORM, type Backend } from '../support/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { benchRebuild } from './projections';
import { benchMedia } from './media';
import { benchFeed, printFeed } from './feed';
import { benchChat, printChat } from './chat';
import { benchRealtime } from './realtime';
import { benchMassMessage, printMassMessage } from './mass-message';
import { benchLive } from './live';
import { benchChatBrowsers } from './chat-browsers';
import { benchShop, printShop } from './shop';

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const N_RAW = QUICK ? 500 : 3000;
const N_APPEND = QUICK ? 500 : 3000;
const N_REBUILD = QUICK ? 10_000 : 100_000;
const N_UNLOCK = QUICK ? 30 : 200;
const N_FEED_POSTS = QUICK ? 2000 : 10_000;
/** --feed: only the feed benchmark. */
const FEED_ONLY = args.has('--feed');
/** --appends: only the raw-insert baseline and the append figures (for tuning the event store). */
const APPENDS_ONLY = args.has('--appends');
/** realtime (or --realtime): only the socket gateway benchmark. */
const REALTIME_ONLY = args.has('realtime') || args.has('--realtime');
/** mass-message (or --mass-message): only the mass message delivery benchmark (10,000 subscribers). */
const MASS_ONLY = args.has('mass-message') || args.has('--mass-message');
/** live (or --live): only the live streaming benchmark (viewers per Janus, join time, comment/tip broadcast). */
const LIVE_ONLY = args.has('live') || args.has('--live');
/** chat-browsers: only the two-browser chat latency (send → shown); `--baseline <dir>` also measures another checkout. */
const CHAT_BROWSERS_ONLY = args.has('chat-browsers') || args.has('--chat-browsers');
const argAfter = (flag: string) => {
  const all = process.argv.slice(2);
  const i = all.indexOf(flag);
  return i >= 0 && all[i + 1] ? all[i + 1] : null;
};
/** --unlock: only the HTTP unlock latency (for tuning the read-your-writes wait). */
const UNLOCK_ONLY = args.has('--unlock');
/** shop (or --shop): only the shop (checkout next to unlock, the oversell race). */
const SHOP_ONLY = args.has('shop') || args.has('--shop');
/** --chat: only the chat benchmark. */
const CHAT_ONLY = args.has('--chat');
const chatOptions = { messages: QUICK ? 1000 : 5000, requests: QUICK ? 200 : 1000, clients: 8, commands: QUICK ? 20 : 100 };

const meta = () => ({ correlationId: randomUUID(), causationId: null, userId: null, role: 'bench', proxyAdminId: null, ip: null, at: new Date().toISOString() });
const event = (i: number): NewEvent => ({ id: randomUUID(), type: 'BenchEvent', data: { i, note: 'benchmark payload' }, metadata: meta() });

async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

/** Runs `total` jobs with `clients` concurrent workers. */
async function concurrently(total: number, clients: number, job: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < total) await job(next++);
  }));
}

const rate = (n: number, s: number) => Math.round(n / s);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** One measured run: throughput, per-operation latency, and (Postgres server only) what the server did per event. */
interface RunFigures {
  perSecond: number;
  p99: number;
  commitsPerEvent: number | null;
  walFlushesPerEvent: number | null;
}

// Commits come from pg_stat_database of the bench's own database (other databases on the server do not count);
// WAL flushes from pg_stat_wal, which is server-wide: other work on the server adds to it. Backends publish
// their counters lazily (up to ~10 s later), so every pool connection is told to publish before each reading,
// the two kept for the appends (database.prepared) included.
const POOL_SIZE = 20;
const APPEND_CONNECTIONS = 2;
async function serverCounters(database: Database): Promise<{ commits: number; walSyncs: number } | null> {
  if (database.kind !== 'postgres') return null;
  await Promise.all([
    ...Array.from({ length: POOL_SIZE }, () => sql`SELECT pg_stat_force_next_flush(), pg_sleep(0.05)`.execute(database.db)),
    ...Array.from({ length: APPEND_CONNECTIONS }, () => database.prepared('bench_stat_flush', 'SELECT pg_stat_force_next_flush(), pg_sleep(0.05)', [])),
  ]);
  const [r] = (
    await sql<{ commits: string | number; wal_sync: string | number }>`
      SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
             (SELECT wal_sync FROM pg_stat_wal) AS wal_sync`.execute(database.db)
  ).rows;
  return { commits: Number(r.commits), walSyncs: Number(r.wal_sync) };
}

/** Raw counts of one slice of a run; slices of the same kind add up to a run. */
interface Slice {
  events: number;
  seconds: number;
  latencies: number[];
  commits: number | null;
  walSyncs: number | null;
}

async function measured(database: Database, total: number, clients: number, job: (i: number) => Promise<void>, counted = false): Promise<Slice> {
  const before = counted ? await serverCounters(database) : null;
  const latencies: number[] = [];
  const seconds = await timed(() =>
    concurrently(total, clients, async (i) => {
      const t0 = performance.now();
      await job(i);
      latencies.push(performance.now() - t0);
    }),
  );
  const after = counted ? await serverCounters(database) : null;
  // The reading itself: POOL_SIZE publishing statements and one SELECT, each a (read-only) commit.
  return {
    events: total,
    seconds,
    latencies,
    commits: before && after ? after.commits - before.commits - (POOL_SIZE + 1) : null,
    walSyncs: before && after ? after.walSyncs - before.walSyncs : null,
  };
}

function figures(slices: Slice[]): RunFigures {
  const events = slices.reduce((n, x) => n + x.events, 0);
  const latencies = slices.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const sum = (key: 'commits' | 'walSyncs') => (slices.every((x) => x[key] !== null) ? slices.reduce((n, x) => n + x[key]!, 0) / events : null);
  return {
    perSecond: rate(events, slices.reduce((n, x) => n + x.seconds, 0)),
    p99: pct(latencies, 99),
    commitsPerEvent: sum('commits'),
    walFlushesPerEvent: sum('walSyncs'),
  };
}

// Each run is cut into slices that alternate with the other runs' slices (raw 1, append 1, raw 16, append 16,
// then again), so that a burst of load from elsewhere on the machine falls on both sides of a ratio. The
// server's counters lag behind a slice of a few hundred events by tens of commits, so commits and WAL flushes
// per event come from one further whole run of each kind (`counted`).
const SLICES = 5;

async function rawInserts(database: Database, clients: number, counted = false): Promise<Slice> {
  await database.exec('CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)');
  return measured(database, counted ? N_RAW : N_RAW / SLICES, clients, async (i) => {
    await sql`INSERT INTO bench_raw (stream, data) VALUES (${`s-${i}`}, ${JSON.stringify({ i, note: 'benchmark payload' })}::jsonb)`.execute(database.db);
  }, counted);
}

async function appends(database: Database, store: EventStore, clients: number, counted = false): Promise<Slice> {
  const run = randomUUID().slice(0, 8);
  return measured(database, counted ? N_APPEND : N_APPEND / SLICES, clients, async (i) => {
    await store.appendToStream(`bench-${run}-${i}`, [event(i)], { expectedRevision: 'no_stream' });
  }, counted);
}

async function catchUp(store: EventStore): Promise<{ events: number; perSecond: number }> {
  let n = 0;
  const s = await timed(async () => {
    let after = null;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: 2000 });
      if (batch.length === 0) break;
      n += batch.length;
      after = batch[batch.length - 1].position;
    }
  });
  return { events: n, perSecond: rate(n, s) };
}

async function unlockLatency(backend: Backend): Promise<{ p50: number; p99: number; n: number }> {
  const t = await startTestServer(backend);
  try {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const fan = (await t.call('POST', '/api/users/register', { name: 'Bench Fan', email: 'bench@example.com', password: 'bench-password-1' })).body.data.token;
    await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan });
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'b.jpg', content_type: 'image/jpeg' }, { token: admin })).body.data;
    const sharp = (await import('sharp')).default;
    const img = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884488' } }).jpeg().toBuffer();
    await fetch(t.base + presign.presigned_url, { method: 'PUT', body: img });
    const mediaId = (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id;
    const posts: string[] = [];
    for (let i = 0; i < N_UNLOCK; i++) posts.push((await t.call('POST', '/admin-api/posts', { caption: `p${i}`, visibility: 'locked', amount: 5, media_ids: [mediaId] }, { token: admin })).body.id);
    const latencies: number[] = [];
    for (const id of posts) {
      const t0 = performance.now();
      const r = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: id, amount: 5 }, { token: fan });
      latencies.push(performance.now() - t0);
      if (!r.body.data?.accepted) throw new Error(`unlock failed: ${JSON.stringify(r.body)}`);
    }
    latencies.sort((a, b) => a - b);
    return { p50: Math.round(pct(latencies, 50)), p99: Math.round(pct(latencies, 99)), n: latencies.length };
  } finally {
    await t.close();
  }
}

/** Rebuild speed on a fresh database of the given kind, N_REBUILD simple events. */
async function benchRebuildOn(name: Backend) {
  const { database, close } = name === 'pglite' ? await openFreshPglite() : await openFreshPostgres();
  try {
    const store = await createPostgresEventStore(database);
    const r = await benchRebuild(database, store, N_REBUILD);
    await store.close();
    return r;
  } finally {
    await close();
  }
}

/** Medians of the rounds, and each round's ratio to raw, so that one lucky round cannot hide a bad one. */
function printAppendFigures(backend: Backend, rounds: RunFigures[][], counted: RunFigures[]) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const figure = (i: number, key: keyof RunFigures) => {
    if (key === 'commitsPerEvent' || key === 'walFlushesPerEvent') return counted[i][key];
    const xs = rounds.map((r) => r[i][key]).filter((x): x is number => x !== null);
    return xs.length === rounds.length ? median(xs) : null;
  };
  const perEvent = (x: number | null) => (x === null ? '–' : x.toFixed(3));
  const line = (label: string, i: number) =>
    `${label.padEnd(24)}${figure(i, 'perSecond')!.toLocaleString().padStart(9)}${figure(i, 'p99')!.toFixed(1).padStart(9)}${perEvent(figure(i, 'commitsPerEvent')).padStart(12)}${perEvent(figure(i, 'walFlushesPerEvent')).padStart(14)}`;
  console.log(`appends vs raw single-row INSERT transactions (median of 3 rounds of interleaved slices, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  console.log('(events/s and p99: medians of the rounds; commits and WAL flushes per event: one further whole run of each)');
  console.log(`${''.padEnd(24)}${'events/s'.padStart(9)}${'p99 ms'.padStart(9)}${'commits/ev'.padStart(12)}${'WAL flush/ev'.padStart(14)}`);
  console.log(line('raw INSERT, 1 client', 0));
  console.log(line('append, 1 writer', 1));
  console.log(line('raw INSERT, 16 clients', 2));
  console.log(line('append, 16 writers', 3));
  const ratios = (a: number, raw: number) => rounds.map((r) => (r[a].perSecond / r[raw].perSecond).toFixed(2)).join(' ');
  const targets = backend === 'postgres' ? '≥ 1.0 and ≥ 1.5, with p99 under raw' : '≥ 0.8 for 1 writer';
  console.log(`append ÷ raw per round        1 writer: ${ratios(1, 0)}   16 writers: ${ratios(3, 2)}   (targets ${targets})`);
}

async function openFreshPglite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-bench-'));
  const database = await openPglite(dir);
  return { database, close: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

async function openFreshPostgres() {
  const tdb = await createTestDatabase();
  const database = await openPostgres(tdb.url, POOL_SIZE);
  return { database, close: async () => { await database.close(); await new Promise((r) => setTimeout(r, 250)); await tdb.drop(); } };
}

async function benchBackend(name: Backend, open: () => Promise<{ database: Database; close: () => Promise<void> }>) {
  console.log(`\n== ${name} ==`);
  const { database, close } = await open();
  try {
    const store = await createPostgresEventStore(database);
    // Baseline and appends alternate over three rounds on the same database; medians are reported, so a
    // burst of machine noise cannot favour one side.
    // One untimed slice of each kind first (compiled code on both sides, the append functions' plans on the pool's
    // connections), as on a site that has been up for a while: the rounds then measure the steady state.
    await rawInserts(database, 1);
    await appends(database, store, 1);
    await rawInserts(database, 16);
    await appends(database, store, 16);
    const rounds: RunFigures[][] = [];
    for (let round = 0; round < 3; round++) {
      const slices: Slice[][] = [[], [], [], []];
      for (let k = 0; k < SLICES; k++) {
        slices[0].push(await rawInserts(database, 1));
        slices[1].push(await appends(database, store, 1));
        slices[2].push(await rawInserts(database, 16));
        slices[3].push(await appends(database, store, 16));
      }
      rounds.push(slices.map(figures));
    }
    const counted = [await rawInserts(database, 1, true), await appends(database, store, 1, true), await rawInserts(database, 16, true), await appends(database, store, 16, true)].map((x) => figures([x]));
    printAppendFigures(name, rounds, counted);
    if (APPENDS_ONLY) return void (await store.close());
    const read = await catchUp(store);
    console.log(`$all catch-up read               ${read.perSecond.toLocaleString()} events/s over ${read.events.toLocaleString()} events`);
    await store.close();
  } finally {
    await close();
  }
  if (APPENDS_ONLY) return;
  const rebuild = await benchRebuildOn(name);
  console.log(`projection rebuild               ${Math.round(rebuild.eventsPerSecond).toLocaleString()} events/s for ${rebuild.events.toLocaleString()} events (${rebuild.seconds.toFixed(1)} s)   (target ≥ ${name === 'postgres' ? '50,000' : '30,000'})`);
  const unlock = await unlockLatency(name);
  console.log(`HTTP unlock command              p50 ${unlock.p50} ms   p99 ${unlock.p99} ms   (${unlock.n} unlocks by card, sequential; target p50 < ${name === 'postgres' ? 25 : 40} ms)`);
  printFeed(await benchFeed(name, { posts: N_FEED_POSTS, requests: QUICK ? 200 : 1000, clients: 8 }));
  printChat(await benchChat(name, chatOptions));
}

console.log(`Fanclub benchmark — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}${QUICK ? ' (quick)' : ''}`);
if (REALTIME_ONLY) {
  await benchRealtime(QUICK ? { sockets: 1000, fans: 20, messages: 30 } : { sockets: 10_000, fans: 100, messages: 100 });
  process.exit(0);
}
if (CHAT_BROWSERS_ONLY) {
  await benchChatBrowsers({ messages: QUICK ? 10 : 40, baseline: argAfter('--baseline'), after: argAfter('--after') });
  process.exit(0);
}
if (LIVE_ONLY) {
  // --smoke: a few seconds, to check the bench itself runs.
  const SMOKE = args.has('--smoke');
  await benchLive(SMOKE
    ? { steps: [1, 2], windowSeconds: 2, sockets: 5, messages: 3 }
    : QUICK ? { steps: [1, 5, 10, 20], windowSeconds: 4, sockets: 50, messages: 20 } : { steps: [1, 5, 10, 20, 40, 80, 120, 160, 200, 240], windowSeconds: 5, sockets: 120, messages: 50 });
  process.exit(0);
}
if (MASS_ONLY) {
  // --pglite / --postgres: one back end only.
  const only = args.has('--pglite') ? ['pglite' as const] : args.has('--postgres') ? ['postgres' as const] : (['pglite', 'postgres'] as const);
  for (const backend of only) {
    if (backend === 'postgres' && !(await isPostgresServerAvailable())) {
      console.log('\n(the Postgres server is not reachable: its figures are not measured)');
      break;
    }
    console.log(`\n== ${backend} ==`);
    printMassMessage(backend, await benchMassMessage(backend, QUICK ? 2000 : 10_000));
  }
  process.exit(0);
}
if (SHOP_ONLY) {
  for (const backend of ['pglite', 'postgres'] as const) {
    if (backend === 'postgres' && !(await isPostgresServerAvailable())) break;
    console.log(`\n== ${backend} ==`);
    printShop(await benchShop(backend, { checkouts: QUICK ? 30 : 200, rounds: QUICK ? 3 : 10, fans: 30 }));
  }
  process.exit(0);
}
if (CHAT_ONLY) {
  for (const backend of ['pglite', 'postgres'] as const) {
    if (backend === 'postgres' && !(await isPostgresServerAvailable())) break;
    console.log(`\n== ${backend} ==`);
    printChat(await benchChat(backend, chatOptions));
  }
  process.exit(0);
}
if (UNLOCK_ONLY) {
  for (const backend of ['pglite', 'postgres'] as const) {
    if (backend === 'postgres' && !(await isPostgresServerAvailable())) break;
    const unlock = await unlockLatency(backend);
    console.log(`${backend.padEnd(9)} HTTP unlock command    p50 ${unlock.p50} ms   p99 ${unlock.p99} ms   (${unlock.n} unlocks by card, sequential)`);
  }
  process.exit(0);
}
if (FEED_ONLY) {
  for (const backend of ['pglite', 'postgres'] as const) {
    if (backend === 'postgres' && !(await isPostgresServerAvailable())) break;
    console.log(`\n== ${backend} ==`);
    printFeed(await benchFeed(backend, { posts: N_FEED_POSTS, requests: QUICK ? 200 : 1000, clients: 8 }));
  }
  process.exit(0);
}
await benchBackend('pglite', openFreshPglite);
if (await isPostgresServerAvailable()) {
  await benchBackend('postgres', openFreshPostgres);
} else console.log('\n(the Postgres server is not reachable: its figures are not measured)');
if (!APPENDS_ONLY) {
  console.log('\n== media processing ==');
  await benchMedia();
}

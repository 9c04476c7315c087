// Feed benchmark: GET /api/blogs (a subscriber's page of the home feed, over HTTP, with visibility rules, media
// views and signed URLs) against a plain SELECT of the same page from the posts read model on the same
// database, in the same run. 10,000 posts are seeded as events (the way the composer writes them) and
// projected by the running server before anything is timed. Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { postStream } from '../../domain/post/post';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { comparePositions, type NewEvent, type Position } from '../../infra/eventstore/port';
import { startTestServer, TEST_CARD_FORM, type Backend } from '../support/server';

export interface FeedBenchResult {
  posts: number;
  endpoint: { perSecond: number; p50: number; p99: number };
  /** The same requests with the read caches off. */
  cold: { perSecond: number; p50: number; p99: number };
  raw: { perSecond: number; p50: number; p99: number };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `total` requests from `clients` concurrent callers; requests/s and latency percentiles in ms. */
export async function load(total: number, clients: number, request: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const i = next++;
        const s = performance.now();
        await request(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round(total / seconds), p50: Math.round(pct(latencies, 50) * 10) / 10, p99: Math.round(pct(latencies, 99) * 10) / 10 };
}

/** The same load, from a worker thread (tests/bench/http-load.mjs): the client is not in the server's event loop. */
export function loadOverHttp(urls: string[], headers: Record<string, string>, total: number, clients: number) {
  return new Promise<{ perSecond: number; p50: number; p99: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./http-load.mjs', import.meta.url), { workerData: { urls, headers, total, clients } });
    worker.once('message', (m: { seconds: number; latencies: number[]; failures: number }) => {
      void worker.terminate();
      if (m.failures) return reject(new Error(`${m.failures} feed requests failed`));
      const sorted = [...m.latencies].sort((a, b) => a - b);
      resolve({ perSecond: Math.round(total / m.seconds), p50: Math.round(pct(sorted, 50) * 10) / 10, p99: Math.round(pct(sorted, 99) * 10) / 10 });
    });
    worker.once('error', reject);
  });
}

export async function benchFeed(
  backend: Backend,
  opts: { posts: number; requests: number; clients: number; inspect?: (db: import('kysely').Kysely<import('../../projections/schema').ReadModels>, http: { base: string; token: string; load: typeof loadOverHttp; config: { FANCLUB_READ_CACHE?: boolean } }) => Promise<void> },
): Promise<FeedBenchResult> {
  const t = await startTestServer(backend);
  try {
    const { store, runner, database } = t.server.services;
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const fan = (await t.call('POST', '/api/users/register', { name: 'Feed Bench', email: 'feed-bench@example.com', password: 'bench-password-1' })).body.data.token;
    const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan });
    if (!sub.body.data?.accepted) throw new Error(`subscription failed: ${JSON.stringify(sub.body)}`);

    // A handful of real, processed photos that the seeded posts share (the feed signs a URL per item).
    const sharp = (await import('sharp')).default;
    const mediaIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const img = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40 * i, g: 90, b: 160 } } }).jpeg().toBuffer();
      const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: `f${i}.jpg`, content_type: 'image/jpeg' }, { token: admin })).body.data;
      await fetch(t.base + presign.presigned_url, { method: 'PUT', body: img });
      mediaIds.push((await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id);
    }
    const me = (await t.call('GET', '/api/users/me', undefined, { token: admin })).body.data._id as string;

    // Seed the posts as the composer's events, 16 writers at a time, one minute apart, a mix of visibilities.
    const start = Date.now() - opts.posts * 60_000;
    let next = 0;
    let last: Position | null = null;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < opts.posts) {
          const i = next++;
          const postId = randomUUID();
          const visibility = i % 3 === 0 ? 'locked' : i % 3 === 1 ? 'private' : 'public';
          const media = i % 5 === 0 ? mediaIds.slice(0, 3) : [mediaIds[i % mediaIds.length]];
          const at = new Date(start + i * 60_000).toISOString();
          const event: NewEvent = {
            id: randomUUID(),
            type: 'PostCreated',
            data: {
              postId, authorId: me, caption: `Post number ${i}`, visibility, priceCents: visibility === 'locked' ? 500 + (i % 20) * 100 : 0,
              media: media.map((mediaId) => ({ mediaId, kind: 'photo' })), previewMediaId: null, publishAt: at, createdAt: at,
            },
            metadata: { correlationId: randomUUID(), causationId: null, userId: me, role: 'admin', proxyAdminId: null, ip: null, at },
          };
          const r = await store.appendToStream(postStream(postId), [event], { expectedRevision: 'no_stream' });
          if (!last || comparePositions(r.position, last) > 0) last = r.position;
        }
      }),
    );
    if (last) await runner.waitFor(last, 300_000);
    // Fresh statistics, as autovacuum would have by now on a live site: without them the planner sorts the whole
    // table for the raw page instead of walking the (publish_at, id) index, and both figures would be wrong.
    await sql`ANALYZE`.execute(database.db);
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM rm.posts`.execute(database.db);
    const posts = Number(count.rows[0].n);
    if (opts.inspect) await opts.inspect(database.db, { base: t.base, token: fan, load: loadOverHttp, config: t.server.services.config });

    const pages = Math.floor(opts.posts / 10);
    const page = (i: number) => 1 + ((i * 7919) % Math.min(pages, 200));
    const nowIso = () => new Date().toISOString();
    const endpointRounds = [];
    const coldRounds = [];
    const rawRounds = [];
    const endpoint = () =>
      loadOverHttp(Array.from({ length: opts.requests }, (_, i) => `${t.base}/api/blogs?page_num=${page(i)}`), { authorization: fan }, opts.requests, opts.clients);
    const raw = () =>
      load(opts.requests, opts.clients, async (i) => {
        const r = await sql`SELECT * FROM rm.posts WHERE deleted = false AND publish_at <= ${nowIso()} ORDER BY publish_at DESC, id DESC LIMIT 10 OFFSET ${(page(i) - 1) * 10}`.execute(database.db);
        if (r.rows.length === 0) throw new Error('raw page empty');
      });
    // Warm both paths with one untimed round each (compiled code, the pages read once), as a site that has been
    // up for a while is; then alternate them so machine noise cannot favour one.
    await endpoint();
    await raw();
    for (let round = 0; round < 3; round++) {
      endpointRounds.push(await endpoint());
      // Cold: the read caches off (FANCLUB_READ_CACHE=false), every request reads the database — the figure for
      // a site whose read models change all the time.
      t.server.services.config.FANCLUB_READ_CACHE = false;
      try {
        coldRounds.push(await endpoint());
      } finally {
        t.server.services.config.FANCLUB_READ_CACHE = true;
      }
      rawRounds.push(await raw());
    }
    const median = (rs: { perSecond: number; p50: number; p99: number }[]) => [...rs].sort((a, b) => a.perSecond - b.perSecond)[1];
    return { posts, endpoint: median(endpointRounds), cold: median(coldRounds), raw: median(rawRounds) };
  } finally {
    await t.close();
  }
}

type Figures = { perSecond: number; p50: number; p99: number };

/**
 * A page's figures as one table: the raw SELECT of the same page, the endpoint with the read caches off (every request
 * reads the database: the session and the page in one statement) and with them on, each with its ratio to the raw
 * SELECT of the same run (requests/s ÷ queries/s).
 */
export function printPageFigures(title: string, r: { raw: Figures; cold: Figures; cached: Figures }, targets: { cold: string; cached: string }) {
  const pctOf = (x: Figures) => `${Math.round((100 * x.perSecond) / r.raw.perSecond)}%`;
  const line = (label: string, x: Figures, ratio: string, target = '') =>
    `  ${label.padEnd(26)}${x.perSecond.toLocaleString().padStart(8)}${x.p50.toFixed(1).padStart(9)}${x.p99.toFixed(1).padStart(9)}${ratio.padStart(9)}   ${target}`;
  console.log(title);
  console.log(`  ${''.padEnd(26)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'÷ raw'.padStart(9)}`);
  console.log(line('raw SELECT of the page', r.raw, '100%'));
  console.log(line('endpoint, caches off', r.cold, pctOf(r.cold), targets.cold));
  console.log(line('endpoint, caches on', r.cached, pctOf(r.cached), targets.cached));
}

export function printFeed(r: FeedBenchResult) {
  printPageFigures(`feed page GET /api/blogs (a subscriber, ${r.posts.toLocaleString()} posts; medians of 3 interleaved rounds)`, { raw: r.raw, cold: r.cold, cached: r.endpoint }, {
    cold: '(target ≥ 70%)',
    cached: '(targets ≥ 100%, p99 < 30 ms)',
  });
}

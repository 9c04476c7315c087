// Rebuild throughput: append n simple events, then time rebuildReadModels alone (replay of `$all` into fresh
// tables + the atomic swap). The lead's benchmark script calls benchRebuild; run this file directly for a
// stand-alone report:  npx tsx tests/bench/projections.ts [n] [pglite|postgres|both]
import { randomUUID } from 'node:crypto';
import type { Database } from '../../infra/db/database';
import type { EventStore, NewEvent } from '../../infra/eventstore/port';
import type { Projection } from '../../projections/projection';
import { rebuildReadModels, type RebuildProgress } from '../../projections/rebuild';

const STREAMS = 1_000;

/** Two simple read models: a counter per stream (read-modify-write) and one row per item (insert). */
export const benchProjections: Projection[] = [
  {
    name: 'bench_counter',
    tables: [{ name: 'bench_counters', columns: { stream: 'text', events: 'integer', total: 'bigint', last_at: 'timestamptz' }, primaryKey: ['stream'] }],
    handles: ['BenchCounted'],
    async apply(e, store) {
      const d = e.data as { stream: string; amount: number };
      const row = await store.get<{ events: number; total: number }>('bench_counters', { stream: d.stream });
      store.put('bench_counters', { stream: d.stream, events: (row?.events ?? 0) + 1, total: (row?.total ?? 0) + d.amount, last_at: e.metadata.at });
    },
  },
  {
    name: 'bench_items',
    tables: [
      {
        name: 'bench_items',
        columns: { id: 'text', stream: 'text', title: 'text', attrs: 'jsonb', created_at: 'timestamptz' },
        primaryKey: ['id'],
        indexes: [['stream', 'created_at']],
      },
    ],
    handles: ['BenchItemAdded'],
    async apply(e, store) {
      const d = e.data as { id: string; stream: string; title: string };
      store.put('bench_items', { id: d.id, stream: d.stream, title: d.title, attrs: { n: e.revision }, created_at: e.metadata.at });
    },
  },
];

/** Appends n events: alternately a counter increment and a new item, 100 events per append. */
export async function appendBenchEvents(store: EventStore, n: number): Promise<void> {
  const at = new Date().toISOString();
  const perAppend = 100;
  for (let i = 0; i < n; i += perAppend) {
    const stream = `bench-${(i / perAppend) % STREAMS}`;
    const events: NewEvent[] = [];
    for (let k = i; k < Math.min(n, i + perAppend); k++) {
      const metadata = { correlationId: randomUUID(), causationId: null, userId: null, role: null, proxyAdminId: null, ip: null, at };
      events.push(
        k % 2 === 0
          ? { id: randomUUID(), type: 'BenchCounted', data: { stream: `c-${k % STREAMS}`, amount: k % 7 }, metadata }
          : { id: randomUUID(), type: 'BenchItemAdded', data: { id: `item-${k}`, stream, title: `Item ${k}` }, metadata },
      );
    }
    await store.appendToStream(stream, events);
  }
}

export interface BenchResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** Appends n simple events, then times the rebuild only (into schema `rm_bench`, swapped in atomically). */
export async function benchRebuild(
  database: Database,
  store: EventStore,
  n: number,
  options: { batchSize?: number; onProgress?: (p: RebuildProgress) => void } = {},
): Promise<BenchResult> {
  await appendBenchEvents(store, n);
  const started = performance.now();
  const result = await rebuildReadModels({
    database,
    store,
    projections: benchProjections,
    schema: 'rm_bench',
    batchSize: options.batchSize ?? 5_000,
    onProgress: options.onProgress,
  });
  const seconds = (performance.now() - started) / 1000;
  return { events: result.events, seconds, eventsPerSecond: result.events / seconds };
}

// Stand-alone: npx tsx tests/bench/projections.ts [n] [pglite|postgres|both] [batchSize]
if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100_000);
  const which = process.argv[3] ?? 'both';
  const batchSize = process.argv[4] ? Number(process.argv[4]) : undefined;
  const { openPglite, openPostgres } = await import('../../infra/db/database');
  const { createPostgresEventStore } = await import('../../infra/eventstore/postgres');
  const report = (kind: string, r: BenchResult) =>
    console.log(`${kind}: rebuilt ${r.events} events in ${r.seconds.toFixed(2)} s = ${Math.round(r.eventsPerSecond).toLocaleString('en')} events/s`);
  if (which === 'pglite' || which === 'both') {
    const database = await openPglite(undefined);
    const store = await createPostgresEventStore(database);
    report('PGlite (in memory)', await benchRebuild(database, store, n, { batchSize }));
    await store.close();
    await database.close();
  }
  if (which === 'postgres' || which === 'both') {
    const { createTestDatabase } = await import('../support/postgres');
    const t = await createTestDatabase();
    try {
      const database = await openPostgres(t.url);
      const store = await createPostgresEventStore(database);
      report('Postgres server', await benchRebuild(database, store, n, { batchSize }));
      await store.close();
      await database.close();
    } finally {
      await t.drop();
    }
  }
}

// Shared pieces of the projection suites: real databases (PGlite in memory, and a fresh database on the
// Postgres server per call), two small test projections, a deterministic workload, and table dumps.
import { randomUUID } from 'node:crypto';
import { openPglite, openPostgres, type Database } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { CompiledQuery } from 'kysely';
import { comparePositions, type EventStore, type NewEvent, type Position, type RecordedEvent } from '../../infra/eventstore/port';
import type { Projection, Row } from '../../projections/projection';
import { UnitOfWork, quoteIdent, rowFromDatabase } from '../../projections/unit-of-work';
import { createTestDatabase } from '../support/postgres';
import { untypedTables } from '../support/tables';

export type Kind = 'pglite' | 'postgres';

export interface TestDb {
  database: Database;
  store: EventStore;
  /** Opens another Database + store on the same database (another "process"); server only. */
  openAnother(): Promise<{ database: Database; store: EventStore }>;
  close(): Promise<void>;
}

export async function openTestDb(kind: Kind): Promise<TestDb> {
  if (kind === 'pglite') {
    const database = await openPglite(undefined);
    const store = await createPostgresEventStore(database, { pollIntervalMs: 50 });
    return {
      database,
      store,
      async openAnother() {
        throw new Error('PGlite has one owner process');
      },
      async close() {
        await store.close();
        await database.close();
      },
    };
  }
  const created = await createTestDatabase();
  const opened: { database: Database; store: EventStore }[] = [];
  const open = async () => {
    const database = await openPostgres(created.url, 5);
    const store = await createPostgresEventStore(database, { pollIntervalMs: 50 });
    opened.push({ database, store });
    return { database, store };
  };
  const first = await open();
  return {
    ...first,
    openAnother: open,
    async close() {
      for (const o of opened.reverse()) {
        await o.store.close().catch(() => {});
        await o.database.close().catch(() => {});
      }
      // pg's pool.end() resolves before its sockets have said goodbye; DROP DATABASE ... WITH (FORCE) would then
      // kill them mid-close and the FATAL surfaces as an uncaught error. Let them finish first.
      await new Promise((r) => setTimeout(r, 250));
      await created.drop();
    },
  };
}

const meta = () => ({
  correlationId: randomUUID(),
  causationId: null,
  userId: 'u1',
  role: 'admin',
  proxyAdminId: null,
  ip: '127.0.0.1',
  at: '2025-01-01T00:00:00.000Z',
});

export function event(type: string, data: Record<string, unknown>): NewEvent {
  return { id: randomUUID(), type, data, metadata: meta() };
}

/**
 * A deterministic mixed workload: counter events on `streams` streams, and list items that are added,
 * renamed, tagged, completed and removed. Returns the position of the last append.
 */
export async function appendWorkload(store: EventStore, n: number, seed = 1, streams = 7): Promise<Position> {
  let x = seed;
  const rnd = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  let last: Position = { tx: 0, seq: 0 };
  let i = 0;
  const items: string[] = [];
  let nextItem = seed * 100_000;
  while (i < n) {
    const stream = `counter-${Math.floor(rnd() * streams)}`;
    const batch: NewEvent[] = [];
    const size = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < size && i < n; k++, i++) {
      const r = rnd();
      if (r < 0.4) batch.push(event('Counted', { stream, amount: 1 + Math.floor(rnd() * 10), at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() }));
      else if (r < 0.6 || items.length === 0) {
        const id = `item-${nextItem++}`;
        items.push(id);
        batch.push(event('ItemAdded', { id, title: `Item ${id}`, createdAt: new Date(Date.UTC(2025, 1, 1, 0, 0, i)).toISOString() }));
      } else if (r < 0.75) {
        batch.push(event('ItemRenamed', { id: items[Math.floor(rnd() * items.length)], title: `Renamed ${i}` }));
      } else if (r < 0.85) {
        batch.push(event('ItemTagged', { id: items[Math.floor(rnd() * items.length)], tag: `t${i % 5}` }));
      } else if (r < 0.92) {
        batch.push(event('ItemDone', { id: items[Math.floor(rnd() * items.length)] }));
      } else {
        const at = Math.floor(rnd() * items.length);
        batch.push(event('ItemRemoved', { id: items[at] }));
        items.splice(at, 1);
      }
    }
    last = (await store.appendToStream(stream, batch)).position;
  }
  return last;
}

export interface TestProjectionHooks {
  /** Called before each apply of the counter projection; throw to simulate a failure. */
  beforeCounter?: (e: RecordedEvent) => void;
}

export function counterProjection(hooks: TestProjectionHooks = {}): Projection {
  return {
    name: 'test_counter',
    tables: [
      {
        name: 'counters',
        columns: { stream: 'text', events: 'integer', total: 'bigint', last_at: 'timestamptz', last_event: 'text' },
        primaryKey: ['stream'],
        indexes: [['total']],
      },
    ],
    handles: ['Counted'],
    async apply(e, store) {
      hooks.beforeCounter?.(e);
      const d = e.data as { stream: string; amount: number; at: string };
      const row = await store.get<{ stream: string; events: number; total: number }>('counters', { stream: d.stream });
      store.put('counters', {
        stream: d.stream,
        events: (row?.events ?? 0) + 1,
        total: (row?.total ?? 0) + d.amount,
        last_at: new Date(d.at),
        last_event: e.id,
      });
    },
  };
}

export function listProjection(): Projection {
  return {
    name: 'test_list',
    tables: [
      {
        name: 'items',
        columns: { id: 'text', title: 'text', tags: 'jsonb', done: 'boolean', renames: 'integer', created_at: 'timestamptz' },
        primaryKey: ['id'],
        indexes: [['done', 'created_at']],
      },
      {
        name: 'item_tags',
        columns: { item_id: 'text', tag: 'text', count: 'integer' },
        primaryKey: ['item_id', 'tag'],
      },
    ],
    handles: ['ItemAdded', 'ItemRenamed', 'ItemTagged', 'ItemDone', 'ItemRemoved'],
    async apply(e, store) {
      const d = e.data as Record<string, any>;
      type Item = { id: string; title: string; tags: string[]; done: boolean; renames: number; created_at: string };
      switch (e.type) {
        case 'ItemAdded':
          store.put('items', { id: d.id, title: d.title, tags: [], done: false, renames: 0, created_at: d.createdAt });
          return;
        case 'ItemRenamed': {
          const it = await store.get<Item>('items', { id: d.id });
          if (it) store.put('items', { ...it, title: d.title, renames: it.renames + 1 });
          return;
        }
        case 'ItemTagged': {
          const it = await store.get<Item>('items', { id: d.id });
          if (!it) return;
          if (!it.tags.includes(d.tag)) store.put('items', { ...it, tags: [...it.tags, d.tag].sort() });
          const t = await store.get<{ count: number }>('item_tags', { item_id: d.id, tag: d.tag });
          store.put('item_tags', { item_id: d.id, tag: d.tag, count: (t?.count ?? 0) + 1 });
          return;
        }
        case 'ItemDone': {
          const it = await store.get<Item>('items', { id: d.id });
          if (it) store.put('items', { ...it, done: true });
          return;
        }
        case 'ItemRemoved': {
          const it = await store.get<Item>('items', { id: d.id });
          if (!it) return;
          store.delete('items', { id: d.id });
          for (const tag of it.tags) store.delete('item_tags', { item_id: d.id, tag });
          return;
        }
      }
    },
  };
}

/**
 * Every table of the projections (plus the checkpoints), each ordered by its primary key (text in "C" order,
 * the same as JavaScript's), rows normalised like the unit of work normalises them.
 */
export async function dumpTables(database: Database, projections: Projection[], schema = 'rm'): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const p of projections) {
    for (const t of p.tables) {
      const order = t.primaryKey.map((c) => (t.columns[c] === 'text' ? `${quoteIdent(c)} COLLATE "C"` : quoteIdent(c))).join(', ');
      const res = await database.db.executeQuery<Row>(CompiledQuery.raw(`SELECT * FROM ${quoteIdent(schema)}.${quoteIdent(t.name)} ORDER BY ${order}`));
      const info = { spec: t, columns: Object.keys(t.columns), types: Object.values(t.columns) };
      out[t.name] = res.rows.map((r) => rowFromDatabase(info, r));
    }
  }
  return out;
}

export async function dumpCheckpoints(database: Database, schema = 'rm'): Promise<Row[]> {
  const res = await database.db.executeQuery<Row>(
    CompiledQuery.raw(`SELECT name, tx, seq FROM ${quoteIdent(schema)}.projection_checkpoints ORDER BY name COLLATE "C"`),
  );
  return res.rows.map((r) => ({ name: r.name, tx: Number(r.tx), seq: Number(r.seq) }));
}

/** The reference model: the projections applied in memory (a fresh-mode unit of work that never queries). */
export async function expectedTables(projections: Projection[], events: RecordedEvent[]): Promise<Record<string, Row[]>> {
  const units = projections.map((p) => ({
    p,
    handles: new Set(p.handles),
    uow: new UnitOfWork({ schema: 'reference', tables: p.tables, mode: 'fresh', maxCachedRows: Number.POSITIVE_INFINITY }),
  }));
  for (const e of events) for (const u of units) if (u.handles.has(e.type)) await u.p.apply(e, u.uow);
  const out: Record<string, Row[]> = {};
  for (const u of units) {
    for (const t of u.p.tables) {
      const cmp = (a: Row, b: Row) => {
        for (const c of t.primaryKey) {
          const x = a[c] as string | number;
          const y = b[c] as string | number;
          if (x < y) return -1;
          if (x > y) return 1;
        }
        return 0;
      };
      out[t.name] = u.uow.rows(t.name).sort(cmp);
    }
  }
  return out;
}

/** Every event of the log, optionally only up to (and including) a position. */
export async function allEvents(store: EventStore, upTo?: Position | null): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after: Position | null = null;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5000 });
    if (batch.length === 0) break;
    out.push(...batch);
    after = batch[batch.length - 1].position;
  }
  return upTo === undefined ? out : upTo === null ? [] : out.filter((e) => comparePositions(e.position, upTo) <= 0);
}

export async function checkpointOf(database: Database, name: string, schema = 'rm'): Promise<Position | null> {
  const r = await untypedTables(database).withSchema(schema).selectFrom('projection_checkpoints').select(['tx', 'seq']).where('name', '=', name).executeTakeFirst();
  return r ? { tx: Number(r.tx), seq: Number(r.seq) } : null;
}

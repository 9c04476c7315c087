// Read models are disposable: a rebuild replays `$all` from zero into a fresh schema (`rm_rebuild`) with
// fresh-mode units of work in large batches, then swaps it in atomically:
//
//   BEGIN; SELECT pg_advisory_xact_lock(SWAP); DROP SCHEMA rm CASCADE; ALTER SCHEMA rm_rebuild RENAME TO rm; COMMIT;
//
// The live runner takes the same lock (shared) at the start of every batch, before it touches `rm`, so a batch
// either commits before the swap or starts after it and sees the new schema and its checkpoints.
//
// This module also owns the read-model DDL (tables and indexes from TableSpecs, the checkpoint and version
// tables) and the version hash, which the runner's migrate() uses to decide whether a rebuild is due.
import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Database } from '../infra/db/database';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../infra/eventstore/port';
import { handlesType, type Projection, type TableSpec } from './projection';
import { UnitOfWork, quoteIdent, sqlType, type Executor } from './unit-of-work';
import { readFunctionsDdl } from './read-functions';

export const DEFAULT_SCHEMA = 'rm';
export const CHECKPOINT_TABLE = 'projection_checkpoints';
export const VERSION_TABLE = 'read_model_version';
/** pg_advisory_xact_lock key: exclusive for the swap, shared for every live batch. */
export const SWAP_LOCK_KEY = 7_146_020_001;
/** pg_advisory_lock key held (on the server) for the whole of a rebuild or migration. */
export const REBUILD_LOCK_KEY = 7_146_020_002;
/** Bump when the DDL generated from a TableSpec changes, so deployed read models are rebuilt. */
const DDL_VERSION = 1;

export interface RebuildProgress {
  /** Events read from `$all` so far. */
  done: number;
  /** Events in the log when the rebuild started (estimate), or null when unknown. */
  total: number | null;
  position: Position | null;
  elapsedMs: number;
  eventsPerSecond: number;
  phase: 'replay' | 'indexes' | 'swap' | 'done';
}

export interface RebuildResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  position: Position | null;
  /** Row count per table after the rebuild. */
  rows: Record<string, number>;
}

export interface RebuildOptions {
  database: Database;
  store: EventStore;
  projections: Projection[];
  onProgress?: (p: RebuildProgress) => void;
  /** Target schema; the rebuild goes into `${schema}_rebuild` first. Default 'rm'. */
  schema?: string;
  /** Events per transaction. Default 5,000. */
  batchSize?: number;
  /** Known number of events (for progress), when the caller has it. */
  totalEvents?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Validation, hash, DDL

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

export function validateProjections(projections: Projection[]): void {
  const names = new Set<string>();
  const tables = new Map<string, string>();
  for (const p of projections) {
    if (!p.name) throw new Error('A projection has no name');
    if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
    names.add(p.name);
    for (const t of p.tables) {
      if (!IDENT.test(t.name)) throw new Error(`Projection ${p.name}: table name ${t.name} must be lower-case snake_case`);
      if (t.name === CHECKPOINT_TABLE || t.name === VERSION_TABLE) {
        throw new Error(`Projection ${p.name}: table name ${t.name} is reserved`);
      }
      const owner = tables.get(t.name);
      if (owner) throw new Error(`Table ${t.name} is declared by both ${owner} and ${p.name}`);
      tables.set(t.name, p.name);
      for (const c of Object.keys(t.columns)) {
        if (!IDENT.test(c)) throw new Error(`Projection ${p.name}: column ${t.name}.${c} must be lower-case snake_case`);
        sqlType(t.columns[c]);
      }
      for (const idx of t.indexes ?? []) {
        for (const c of idx) if (!(c in t.columns)) throw new Error(`Projection ${p.name}: index column ${t.name}.${c} is not declared`);
      }
    }
  }
}

/** A hash of every projection's name, handled event types and table shapes. A change means "rebuild". */
export function readModelHash(projections: Projection[]): string {
  const canonical = [...projections]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((p) => ({
      name: p.name,
      handles: [...p.handles].sort(),
      tables: p.tables.map((t) => ({
        name: t.name,
        columns: Object.entries(t.columns),
        primaryKey: t.primaryKey,
        indexes: t.indexes ?? [],
      })),
    }));
  return createHash('sha256').update(JSON.stringify({ ddl: DDL_VERSION, projections: canonical })).digest('hex');
}

function indexName(table: string, columns: readonly string[]): string {
  const name = `${table}_${columns.join('_')}_idx`;
  if (name.length <= 63) return name;
  const h = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${h}`;
}

export function tableDdl(schema: string, spec: TableSpec): string {
  const cols = Object.entries(spec.columns).map(([c, t]) => `${quoteIdent(c)} ${sqlType(t)}`);
  cols.push(`PRIMARY KEY (${spec.primaryKey.map(quoteIdent).join(', ')})`);
  return `CREATE TABLE IF NOT EXISTS ${quoteIdent(schema)}.${quoteIdent(spec.name)} (${cols.join(', ')})`;
}

export function indexDdl(schema: string, spec: TableSpec): string[] {
  return (spec.indexes ?? []).map(
    (cols) =>
      `CREATE INDEX IF NOT EXISTS ${quoteIdent(indexName(spec.name, cols))} ON ${quoteIdent(schema)}.${quoteIdent(spec.name)} (${cols
        .map(quoteIdent)
        .join(', ')})`,
  );
}

export function bookkeepingDdl(schema: string): string[] {
  const s = quoteIdent(schema);
  return [
    `CREATE TABLE IF NOT EXISTS ${s}.${CHECKPOINT_TABLE} (name text PRIMARY KEY, tx bigint NOT NULL, seq bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE IF NOT EXISTS ${s}.${VERSION_TABLE} (id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1), hash text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  ];
}

export async function run(executor: Executor, sqlText: string, params: unknown[] = []) {
  return executor.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sqlText, params));
}

/** Creates the schema, the bookkeeping tables and every projection's tables (indexes optional). Idempotent. */
export async function createReadModelSchema(
  executor: Executor,
  schema: string,
  projections: Projection[],
  { indexes = true }: { indexes?: boolean } = {},
): Promise<void> {
  await run(executor, `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  for (const stmt of bookkeepingDdl(schema)) await run(executor, stmt);
  for (const p of projections) {
    for (const t of p.tables) {
      await run(executor, tableDdl(schema, t));
      if (indexes) for (const stmt of indexDdl(schema, t)) await run(executor, stmt);
    }
  }
}

/** Inserts a (0,0) checkpoint for every projection that has none (so each batch can lock its row). */
export async function ensureCheckpointRows(executor: Executor, schema: string, projections: Projection[]): Promise<void> {
  if (projections.length === 0) return;
  const values = projections.map((_, i) => `($${i + 1}::text, 0, 0)`).join(', ');
  await run(
    executor,
    `INSERT INTO ${quoteIdent(schema)}.${CHECKPOINT_TABLE} (name, tx, seq) VALUES ${values} ON CONFLICT (name) DO NOTHING`,
    projections.map((p) => p.name),
  );
}

export async function writeCheckpoints(
  executor: Executor,
  schema: string,
  checkpoints: Map<string, Position>,
): Promise<void> {
  if (checkpoints.size === 0) return;
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const [name, pos] of checkpoints) {
    params.push(name, pos.tx, pos.seq);
    const n = params.length;
    tuples.push(`($${n - 2}::text, $${n - 1}::bigint, $${n}::bigint, now())`);
  }
  await run(
    executor,
    `INSERT INTO ${quoteIdent(schema)}.${CHECKPOINT_TABLE} (name, tx, seq, updated_at) VALUES ${tuples.join(', ')}
     ON CONFLICT (name) DO UPDATE SET tx = EXCLUDED.tx, seq = EXCLUDED.seq, updated_at = EXCLUDED.updated_at`,
    params,
  );
}

export async function writeVersion(executor: Executor, schema: string, hash: string): Promise<void> {
  await run(
    executor,
    `INSERT INTO ${quoteIdent(schema)}.${VERSION_TABLE} (id, hash, updated_at) VALUES (1, $1, now())
     ON CONFLICT (id) DO UPDATE SET hash = EXCLUDED.hash, updated_at = EXCLUDED.updated_at`,
    [hash],
  );
}

/** The stored read-model hash, or null when the schema or the table does not exist yet. */
export async function readStoredHash(executor: Executor, schema: string): Promise<string | null> {
  const reg = await run(executor, `SELECT to_regclass($1) IS NOT NULL AS present`, [`${quoteIdent(schema)}.${VERSION_TABLE}`]);
  if (!reg.rows[0]?.present) return null;
  const res = await run(executor, `SELECT hash FROM ${quoteIdent(schema)}.${VERSION_TABLE} WHERE id = 1`);
  return (res.rows[0]?.hash as string | undefined) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Locks

const localLocks = new WeakMap<Database, Promise<void>>();

/**
 * Serialises rebuilds and migrations: a session advisory lock on the server (across processes), an
 * in-process queue on PGlite (one process owns the folder, and PGlite has a single connection).
 */
export async function withRebuildLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    const previous = localLocks.get(database) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    localLocks.set(database, previous.then(() => mine));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
  return database.db.connection().execute(async (conn) => {
    await run(conn, `SELECT pg_advisory_lock(${REBUILD_LOCK_KEY})`);
    try {
      return await fn();
    } finally {
      await run(conn, `SELECT pg_advisory_unlock(${REBUILD_LOCK_KEY})`).catch(() => {});
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Rebuild

/** Best-effort event count for progress: the Postgres event store's table if we can find it. */
async function estimateTotal(database: Database, store: EventStore): Promise<number | null> {
  const counter = (store as unknown as { countEvents?: () => Promise<number> }).countEvents;
  if (typeof counter === 'function') {
    try {
      return await counter.call(store);
    } catch {
      /* fall through */
    }
  }
  if (store.kind !== 'postgres' && store.kind !== 'pglite') return null;
  try {
    // The Postgres/PGlite adapter keeps `$all` in a table named `events` (in some schema); pg_class's
    // estimate is free, an exact count of a large log is not.
    const res = await run(
      database.db,
      `SELECT c.reltuples::bigint AS estimate, n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relname = 'events' AND c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        ORDER BY n.nspname = 'public' DESC LIMIT 1`,
    );
    const row = res.rows[0];
    if (!row) return null;
    const estimate = Number(row.estimate);
    if (estimate > 100_000) return estimate;
    const exact = await run(database.db, `SELECT count(*)::bigint AS n FROM ${quoteIdent(String(row.schema))}.events`);
    return Number(exact.rows[0]?.n ?? 0);
  } catch {
    return null;
  }
}

async function countRows(executor: Executor, schema: string, projections: Projection[]): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const p of projections) {
    for (const t of p.tables) {
      const res = await run(executor, `SELECT count(*)::bigint AS n FROM ${quoteIdent(schema)}.${quoteIdent(t.name)}`);
      rows[t.name] = Number(res.rows[0]?.n ?? 0);
    }
  }
  return rows;
}

/** Replays `$all` into `${schema}_rebuild` and swaps it in. Call it with the rebuild lock held. */
async function rebuildUnlocked(options: RebuildOptions): Promise<RebuildResult> {
  const { database, store, projections, onProgress } = options;
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const target = `${schema}_rebuild`;
  const batchSize = options.batchSize ?? 5_000;
  const db = database.db;
  validateProjections(projections);
  const hash = readModelHash(projections);

  const started = performance.now();
  const total = options.totalEvents ?? (await estimateTotal(database, store));
  let done = 0;
  let position: Position | null = null;
  const progress = (phase: RebuildProgress['phase']) => {
    if (!onProgress) return;
    const elapsedMs = performance.now() - started;
    onProgress({
      done,
      total: total === null ? null : Math.max(total, done),
      position,
      elapsedMs,
      eventsPerSecond: elapsedMs > 0 ? (done * 1000) / elapsedMs : 0,
      phase,
    });
  };

  await database.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(target)} CASCADE`);
  await db.transaction().execute((trx) => createReadModelSchema(trx, target, projections, { indexes: false }));

  const units = projections.map((p) => ({
    projection: p,
    handles: new Set(p.handles),
    uow: new UnitOfWork({ schema: target, tables: p.tables, mode: 'fresh' }),
  }));
  progress('replay');

  // Replay up to the head as it was when the rebuild started (events appended meanwhile are left to the live
  // runner, which continues from the rebuilt checkpoints), then take up to two more passes to the new head so
  // that the swap leaves little behind. Without the bound, a busy site could keep a rebuild from ever finishing.
  async function applyBatch(events: RecordedEvent[]) {
    await db.transaction().execute(async (trx) => {
      for (const u of units) u.uow.useExecutor(trx);
      for (const event of events) {
        for (const u of units) {
          if (!handlesType(u.handles, event.type)) continue;
          try {
            await u.projection.apply(event, u.uow);
          } catch (e) {
            throw projectionFailure(u.projection.name, event, e);
          }
        }
      }
      for (const u of units) await u.uow.flush(trx);
    });
  }

  for (let pass = 0; pass < 3; pass++) {
    const head = await store.headPosition();
    if (!head || (position && comparePositions(head, position) <= 0)) break;
    const before = done;
    const read = (after: Position | null) =>
      store.readAll({ after, maxCount: batchSize }).then((evs) => {
        const within = evs.filter((e) => comparePositions(e.position, head) <= 0);
        return { events: within, more: within.length === evs.length && evs.length === batchSize };
      });
    // Read the next batch while the current one is applied and flushed (on the server these overlap).
    let next = read(position);
    for (;;) {
      const { events, more } = await next;
      if (events.length === 0) break;
      const last = events[events.length - 1].position;
      if (more) {
        next = read(last);
        next.catch(() => {}); // surfaced when awaited
      }
      await applyBatch(events);
      done += events.length;
      position = last;
      progress('replay');
      if (!more) break;
    }
    if (done - before <= batchSize) break; // what is left is the live runner's job
  }

  progress('indexes');
  await db.transaction().execute(async (trx) => {
    for (const p of projections) for (const t of p.tables) for (const stmt of indexDdl(target, t)) await run(trx, stmt);
    const checkpoints = new Map<string, Position>();
    for (const p of projections) checkpoints.set(p.name, position ?? { tx: 0, seq: 0 });
    await writeCheckpoints(trx, target, checkpoints);
    await writeVersion(trx, target, hash);
  });
  const rows = await countRows(db, target, projections);

  progress('swap');
  await db.transaction().execute(async (trx) => {
    await run(trx, `SELECT pg_advisory_xact_lock(${SWAP_LOCK_KEY})`);
    await run(trx, `DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await run(trx, `ALTER SCHEMA ${quoteIdent(target)} RENAME TO ${quoteIdent(schema)}`);
    // The read functions name their schema's tables: made here, under the final name (projections/read-functions.ts).
    for (const stmt of readFunctionsDdl(schema)) await run(trx, stmt);
  });
  // Wake live runners and waiters: the checkpoints may have moved (in either direction).
  await database.notify(checkpointChannel(schema)).catch(() => {});

  const seconds = (performance.now() - started) / 1000;
  progress('done');
  return { events: done, seconds, eventsPerSecond: seconds > 0 ? done / seconds : 0, position, rows };
}

export function checkpointChannel(schema: string): string {
  return `fanclub_${schema}_checkpoints`;
}

export class ProjectionFailedError extends Error {
  override readonly name = 'ProjectionFailedError';
  constructor(
    readonly projection: string,
    readonly event: { id: string; type: string; streamId: string; position: Position },
    override readonly cause: unknown,
  ) {
    super(
      `Projection ${projection} failed on event ${event.type} ${event.id} (stream ${event.streamId}, position ${event.position.tx}/${event.position.seq}): ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
    );
  }
}

export function projectionFailure(name: string, event: RecordedEvent, cause: unknown): ProjectionFailedError {
  return new ProjectionFailedError(name, { id: event.id, type: event.type, streamId: event.streamId, position: event.position }, cause);
}

/** Replays `$all` from zero into fresh tables and swaps them in atomically. */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  return withRebuildLock(options.database, () => rebuildUnlocked(options));
}

/**
 * What the runner's migrate() does: if the stored version hash equals the code's, make sure everything exists
 * (idempotent); otherwise (first start, or a projection changed shape) rebuild before returning.
 */
export async function ensureReadModels(
  options: Omit<RebuildOptions, 'totalEvents'>,
): Promise<{ rebuilt: boolean; result?: RebuildResult }> {
  const { database, projections } = options;
  const schema = options.schema ?? DEFAULT_SCHEMA;
  validateProjections(projections);
  const hash = readModelHash(projections);
  return withRebuildLock(database, async () => {
    const stored = await readStoredHash(database.db, schema);
    if (stored === hash) {
      await database.db.transaction().execute(async (trx) => {
        await createReadModelSchema(trx, schema, projections);
        await ensureCheckpointRows(trx, schema, projections);
        for (const stmt of readFunctionsDdl(schema)) await run(trx, stmt);
      });
      return { rebuilt: false };
    }
    const result = await rebuildUnlocked(options);
    return { rebuilt: true, result };
  });
}

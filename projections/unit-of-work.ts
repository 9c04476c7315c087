// The batch executor behind ProjectionStore. A projection's `apply` reads and writes whole rows; this keeps
// them in a per-batch overlay (one Map per table, keyed by the primary key) in front of the database and
// writes every dirty row at the end with one multi-row upsert and one DELETE per table, in the caller's
// transaction (the one that also stores the checkpoint).
//
// Modes:
//  - 'live'  (the runner): a miss in the overlay loads the row with one SELECT and caches the answer, including
//            "absent". A unit of work lives for one batch (one transaction).
//  - 'fresh' (a rebuild into empty tables): the overlay is authoritative, so a miss is "absent" without a
//            query, and the cache is kept across batches. When it grows beyond `maxCachedRows` it is dropped
//            and misses are looked up in the (already flushed) tables again, so memory stays bounded.
//
// Rows have one stable shape whether they come from the overlay or the database: every declared column is
// present (null when missing), timestamptz is an ISO-8601 string (millisecond precision), integer/bigint are
// numbers, jsonb is plain JSON data, booleans are booleans. `apply` code therefore never sees a Date on one
// event and a string on the next.
import { CompiledQuery, type Kysely } from 'kysely';
import type { ColumnType, ProjectionStore, Row, TableSpec } from './projection';

/**
 * Bind parameters per statement. Postgres accepts 65535, but PGlite 0.4 breaks above 32767 (a signed 16-bit
 * count): the statement reports 0 rows and the connection silently returns empty results from then on.
 * So chunks stay under 32767 on both drivers.
 */
export const MAX_PARAMETERS = 32_000;

export type UnitOfWorkMode = 'live' | 'fresh';

/** Anything Kysely can run a compiled query on: the database, a transaction, or a connection. */
export type Executor = Pick<Kysely<object>, 'executeQuery'>;

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const SQL_TYPES: Record<ColumnType, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  boolean: 'boolean',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

export function sqlType(type: ColumnType): string {
  const t = SQL_TYPES[type];
  if (!t) throw new TypeError(`Unknown column type ${String(type)}`);
  return t;
}

export class RowShapeError extends TypeError {
  override readonly name = 'RowShapeError';
}

function toInteger(table: string, column: string, v: unknown, type: ColumnType): number {
  const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) {
    throw new RowShapeError(`${table}.${column} (${type}) needs an integer, got ${describe(v)}`);
  }
  if (type === 'integer' && (n > 2147483647 || n < -2147483648)) {
    throw new RowShapeError(`${table}.${column} (integer) is out of range: ${n}`);
  }
  return n;
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (v instanceof Date) return `Date(${isNaN(v.getTime()) ? 'invalid' : v.toISOString()})`;
  if (typeof v === 'object') return Array.isArray(v) ? 'an array' : 'an object';
  return String(v);
}

/** Normalises one value to the canonical in-memory shape of its column type (see the file header). */
export function normaliseValue(table: string, column: string, type: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'text':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'bigint') return String(v);
      throw new RowShapeError(`${table}.${column} (text) needs a string, got ${describe(v)}`);
    case 'integer':
    case 'bigint':
      return toInteger(table, column, v, type);
    case 'boolean':
      if (typeof v === 'boolean') return v;
      throw new RowShapeError(`${table}.${column} (boolean) needs a boolean, got ${describe(v)}`);
    case 'timestamptz': {
      const d = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
      if (!d || isNaN(d.getTime())) {
        throw new RowShapeError(`${table}.${column} (timestamptz) needs a Date or an ISO string, got ${describe(v)}`);
      }
      return d.toISOString();
    }
    case 'jsonb':
      // A JSON round trip gives exactly what reading the jsonb column back gives (Dates become strings,
      // undefined properties disappear) and detaches the stored value from the caller's object.
      return JSON.parse(JSON.stringify(v));
    default:
      throw new RowShapeError(`${table}.${column} has unknown type ${String(type)}`);
  }
}

interface TableInfo {
  spec: TableSpec;
  columns: string[];
  types: ColumnType[];
  pk: readonly string[];
  pkTypes: ColumnType[];
  hasJson: boolean;
  /** Quoted, schema-qualified name. */
  qualified: string;
  selectSql: string;
  /** INSERT ... VALUES prefix, and the ON CONFLICT suffix. */
  insertHead: string;
  insertTail: string;
  /** One VALUES tuple's placeholders are generated from these casts. */
  casts: string[];
  /** The upsert with one array parameter per column. */
  unnestInsert: string;
}

function tableInfo(schema: string, spec: TableSpec): TableInfo {
  const columns = Object.keys(spec.columns);
  const types = columns.map((c) => spec.columns[c]);
  if (spec.primaryKey.length === 0) throw new Error(`Table ${spec.name} has no primary key`);
  for (const k of spec.primaryKey) {
    if (!(k in spec.columns)) throw new Error(`Table ${spec.name}: primary key column ${k} is not declared`);
  }
  const qualified = `${quoteIdent(schema)}.${quoteIdent(spec.name)}`;
  const pk = spec.primaryKey;
  const pkTypes = pk.map((c) => spec.columns[c]);
  const where = pk.map((c, i) => `${quoteIdent(c)} = $${i + 1}::${sqlType(pkTypes[i])}`).join(' AND ');
  const nonKey = columns.filter((c) => !pk.includes(c));
  const conflict = `ON CONFLICT (${pk.map(quoteIdent).join(', ')}) DO ${
    nonKey.length === 0 ? 'NOTHING' : `UPDATE SET ${nonKey.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ')}`
  }`;
  return {
    spec,
    columns,
    types,
    pk,
    pkTypes,
    hasJson: types.includes('jsonb'),
    qualified,
    selectSql: `SELECT ${columns.map(quoteIdent).join(', ')} FROM ${qualified} WHERE ${where}`,
    insertHead: `INSERT INTO ${qualified} (${columns.map(quoteIdent).join(', ')}) VALUES `,
    insertTail: ` ${conflict}`,
    // jsonb goes over the wire as JSON text (pg would turn a JS array into a Postgres array otherwise).
    casts: types.map((t) => (t === 'jsonb' ? '::text::jsonb' : `::${sqlType(t)}`)),
    // jsonb travels as text[] (each element JSON text) and is cast per row.
    unnestInsert:
      `INSERT INTO ${qualified} (${columns.map(quoteIdent).join(', ')}) SELECT ${columns.map((c, i) => `u.c${i}${types[i] === 'jsonb' ? '::jsonb' : ''}`).join(', ')} ` +
      `FROM unnest(${types.map((t, i) => `$${i + 1}::${t === 'jsonb' ? 'text' : sqlType(t)}[]`).join(', ')}) AS u(${columns.map((_, i) => `c${i}`).join(', ')}) ${conflict}`,
  };
}

/** Converts a row read from the database (either driver) to the canonical shape. */
export function rowFromDatabase(info: Pick<TableInfo, 'spec' | 'columns' | 'types'>, raw: Row): Row {
  const row: Row = {};
  for (let i = 0; i < info.columns.length; i++) {
    const c = info.columns[i];
    const t = info.types[i];
    const v = raw[c];
    if (v === null || v === undefined) row[c] = null;
    else if (t === 'timestamptz') row[c] = (v instanceof Date ? v : new Date(v as string)).toISOString();
    else if (t === 'integer' || t === 'bigint') row[c] = Number(v);
    else if (t === 'jsonb') row[c] = typeof v === 'string' ? JSON.parse(v) : v;
    else row[c] = v;
  }
  return row;
}

/** Rows per upsert statement (each column travels as one array). */
export const UPSERT_CHUNK_ROWS = 5_000;
/** From this many rows an upsert sends arrays; below it, a VALUES list. */
export const UNNEST_FROM_ROWS = 8;

const toParam = (type: ColumnType, v: unknown) => (type === 'jsonb' && v !== null && v !== undefined ? JSON.stringify(v) : v ?? null);

function valuesUpsert(info: TableInfo, rows: Row[]): CompiledQuery {
  const perRow = info.columns.length;
  const params: unknown[] = new Array(rows.length * perRow);
  const tuples: string[] = new Array(rows.length);
  let p = 0;
  for (let r = 0; r < rows.length; r++) {
    const ph: string[] = new Array(perRow);
    for (let i = 0; i < perRow; i++) {
      params[p] = toParam(info.types[i], rows[r][info.columns[i]]);
      p++;
      ph[i] = `$${p}${info.casts[i]}`;
    }
    tuples[r] = `(${ph.join(', ')})`;
  }
  return CompiledQuery.raw(info.insertHead + tuples.join(', ') + info.insertTail, params);
}

function unnestUpsert(info: TableInfo, rows: Row[]): CompiledQuery {
  const columns = info.columns.map((c, i) => rows.map((row) => toParam(info.types[i], row[c])));
  return CompiledQuery.raw(info.unnestInsert, columns);
}

interface Entry {
  /** null: known to be absent. */
  row: Row | null;
  dirty: boolean;
  /** The primary key values, normalised. */
  key: unknown[];
}

export interface UnitOfWorkOptions {
  schema: string;
  tables: readonly TableSpec[];
  mode: UnitOfWorkMode;
  /** Where live-mode misses are loaded from: the batch's transaction. Can be swapped with `useExecutor`. */
  executor?: Executor;
  /** Fresh mode only: drop the cache after a flush once it holds more rows than this. Default 1,000,000. */
  maxCachedRows?: number;
}

export interface FlushResult {
  upserted: number;
  deleted: number;
  statements: number;
}

export class UnitOfWork implements ProjectionStore {
  readonly mode: UnitOfWorkMode;
  #tables = new Map<string, TableInfo>();
  #overlay = new Map<string, Map<string, Entry>>();
  #dirty = new Map<string, Set<string>>();
  #executor: Executor | undefined;
  /** In fresh mode: true while the cache holds every row written so far (misses are then "absent"). */
  #complete: boolean;
  #maxCached: number;
  #cached = 0;
  #reads = 0;

  constructor(options: UnitOfWorkOptions) {
    this.mode = options.mode;
    this.#executor = options.executor;
    this.#complete = options.mode === 'fresh';
    this.#maxCached = options.maxCachedRows ?? 1_000_000;
    for (const spec of options.tables) {
      if (this.#tables.has(spec.name)) throw new Error(`Table ${spec.name} is declared twice`);
      this.#tables.set(spec.name, tableInfo(options.schema, spec));
      this.#overlay.set(spec.name, new Map());
      this.#dirty.set(spec.name, new Set());
    }
  }

  /** The executor for live lookups (the current batch's transaction). */
  useExecutor(executor: Executor | undefined): void {
    this.#executor = executor;
  }

  /** Number of SELECTs issued for misses (for tests and diagnostics). */
  get reads(): number {
    return this.#reads;
  }

  get dirtyCount(): number {
    let n = 0;
    for (const s of this.#dirty.values()) n += s.size;
    return n;
  }

  #info(table: string): TableInfo {
    const info = this.#tables.get(table);
    if (!info) {
      throw new Error(`Unknown table ${table}: a projection may only use the tables it declares (${[...this.#tables.keys()].join(', ')})`);
    }
    return info;
  }

  #keyOf(info: TableInfo, source: Row): { id: string; values: unknown[] } {
    const values = info.pk.map((c, i) => {
      const v = normaliseValue(info.spec.name, c, info.pkTypes[i], source[c]);
      if (v === null) throw new RowShapeError(`${info.spec.name}: primary key column ${c} is missing`);
      return v;
    });
    const id = values.length === 1 ? String(values[0]) : JSON.stringify(values);
    return { id, values };
  }

  #copy(info: TableInfo, row: Row): Row {
    const copy = { ...row };
    if (info.hasJson) {
      for (let i = 0; i < info.columns.length; i++) {
        const c = info.columns[i];
        if (info.types[i] === 'jsonb' && copy[c] !== null && typeof copy[c] === 'object') copy[c] = structuredClone(copy[c]);
      }
    }
    return copy;
  }

  async get<T extends object = Row>(table: string, key: Row): Promise<T | undefined> {
    const info = this.#info(table);
    const { id, values } = this.#keyOf(info, key);
    const overlay = this.#overlay.get(table)!;
    let entry = overlay.get(id);
    if (!entry) {
      if (this.mode === 'fresh' && this.#complete) {
        // Nothing written so far has this key, and the tables started empty.
        return undefined;
      }
      if (!this.#executor) throw new Error('UnitOfWork: no executor for a live lookup');
      this.#reads++;
      const res = await this.#executor.executeQuery<Row>(CompiledQuery.raw(info.selectSql, values));
      entry = { row: res.rows[0] ? rowFromDatabase(info, res.rows[0]) : null, dirty: false, key: values };
      overlay.set(id, entry);
      this.#cached++;
    }
    return entry.row ? (this.#copy(info, entry.row) as T) : undefined;
  }

  async preload(table: string, keys: Row[]): Promise<void> {
    const info = this.#info(table);
    if (info.pk.length !== 1 || info.pkTypes[0] !== 'text' || (this.mode === 'fresh' && this.#complete) || !this.#executor) return;
    const overlay = this.#overlay.get(table)!;
    const missing = new Map<string, unknown[]>();
    for (const k of keys) {
      const { id, values } = this.#keyOf(info, k);
      if (!overlay.has(id)) missing.set(id, values);
    }
    const ids = [...missing.keys()];
    const select = info.selectSql.slice(0, info.selectSql.lastIndexOf(' WHERE ')) + ` WHERE ${quoteIdent(info.pk[0])} = ANY($1::text[])`;
    for (let i = 0; i < ids.length; i += 5000) {
      const chunk = ids.slice(i, i + 5000);
      this.#reads++;
      const res = await this.#executor.executeQuery<Row>(CompiledQuery.raw(select, [chunk]));
      const found = new Map(res.rows.map((r) => {
        const row = rowFromDatabase(info, r);
        return [String(row[info.pk[0]]), row] as const;
      }));
      for (const id of chunk) {
        overlay.set(id, { row: found.get(id) ?? null, dirty: false, key: missing.get(id)! });
        this.#cached++;
      }
    }
  }

  put(table: string, row: Row): void {
    const info = this.#info(table);
    const normalised: Row = {};
    for (const c of Object.keys(row)) {
      if (!(c in info.spec.columns)) throw new RowShapeError(`${table}: unknown column ${c}`);
    }
    for (let i = 0; i < info.columns.length; i++) {
      const c = info.columns[i];
      normalised[c] = normaliseValue(table, c, info.types[i], row[c]);
    }
    const { id, values } = this.#keyOf(info, normalised);
    this.#set(table, id, values, normalised);
  }

  delete(table: string, key: Row): void {
    const info = this.#info(table);
    const { id, values } = this.#keyOf(info, key);
    this.#set(table, id, values, null);
  }

  #set(table: string, id: string, key: unknown[], row: Row | null): void {
    const overlay = this.#overlay.get(table)!;
    const entry = overlay.get(id);
    if (entry) {
      entry.row = row;
      entry.dirty = true;
    } else {
      overlay.set(id, { row, dirty: true, key });
      this.#cached++;
    }
    this.#dirty.get(table)!.add(id);
  }

  /**
   * Writes every dirty row in `trx`: per table one multi-row upsert (chunked under the parameter limit) and
   * one DELETE. Afterwards the rows count as clean; call `discard()` instead if the transaction rolls back.
   */
  async flush(trx: Executor): Promise<FlushResult> {
    const result: FlushResult = { upserted: 0, deleted: 0, statements: 0 };
    for (const [table, ids] of this.#dirty) {
      if (ids.size === 0) continue;
      const info = this.#tables.get(table)!;
      const overlay = this.#overlay.get(table)!;
      const upserts: Row[] = [];
      const keyRows: unknown[][] = [];
      for (const id of ids) {
        const entry = overlay.get(id)!;
        if (entry.row) upserts.push(entry.row);
        else keyRows.push(entry.key);
      }
      if (keyRows.length > 0) {
        const perRow = info.pk.length;
        const maxRows = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
        for (let start = 0; start < keyRows.length; start += maxRows) {
          const chunk = keyRows.slice(start, start + maxRows);
          const params: unknown[] = [];
          const tuples: string[] = [];
          for (const values of chunk) {
            const ph = values.map((v, i) => {
              params.push(v);
              return `$${params.length}::${sqlType(info.pkTypes[i])}`;
            });
            tuples.push(`(${ph.join(', ')})`);
          }
          // A join against a VALUES list: flat, unlike `(a, b) IN ((..), (..))`, which Postgres expands into a
          // nested OR chain that exceeds the stack depth for large batches.
          const on = info.pk.map((c) => `t.${quoteIdent(c)} = d.${quoteIdent(c)}`).join(' AND ');
          await trx.executeQuery(
            CompiledQuery.raw(
              `DELETE FROM ${info.qualified} AS t USING (VALUES ${tuples.join(', ')}) AS d (${info.pk.map(quoteIdent).join(', ')}) WHERE ${on}`,
              params,
            ),
          );
          result.statements++;
        }
        result.deleted += keyRows.length;
      }
      if (upserts.length > 0) {
        // One array parameter per column (INSERT ... SELECT FROM unnest(...)), not one parameter per value: the
        // statement's text and plan stay the same size whatever the batch, where a VALUES list of thousands of
        // placeholders cost the server more to parse and bind than to write the rows (rebuilds on the server
        // ran at half the speed). A small batch keeps the VALUES form: one row needs no arrays.
        for (let start = 0; start < upserts.length; start += UPSERT_CHUNK_ROWS) {
          const chunk = upserts.slice(start, start + UPSERT_CHUNK_ROWS);
          if (chunk.length < UNNEST_FROM_ROWS) await trx.executeQuery(valuesUpsert(info, chunk));
          else await trx.executeQuery(unnestUpsert(info, chunk));
          result.statements++;
        }
        result.upserted += upserts.length;
      }
    }
    this.#markClean();
    return result;
  }

  #markClean(): void {
    for (const [table, ids] of this.#dirty) {
      const overlay = this.#overlay.get(table)!;
      for (const id of ids) {
        const entry = overlay.get(id);
        if (entry) entry.dirty = false;
      }
      ids.clear();
    }
    if (this.mode === 'fresh' && this.#cached > this.#maxCached) {
      // Everything is in the tables now: forget it and look misses up from here on.
      this.clearCache();
      this.#complete = false;
    }
  }

  /**
   * The rows of a table as this unit of work knows them (present rows only, copies). Complete only in fresh
   * mode while nothing was dropped: tests use it as an in-memory reference model of a projection.
   */
  rows(table: string): Row[] {
    const info = this.#info(table);
    const out: Row[] = [];
    for (const entry of this.#overlay.get(table)!.values()) if (entry.row) out.push(this.#copy(info, entry.row));
    return out;
  }

  /** Forgets everything (the overlay and the dirty set). In fresh mode misses then go to the database. */
  clearCache(): void {
    for (const m of this.#overlay.values()) m.clear();
    for (const s of this.#dirty.values()) s.clear();
    this.#cached = 0;
    if (this.mode === 'fresh') this.#complete = false;
  }

  /** After a rolled-back transaction: the overlay may hold writes that never reached the database. */
  discard(): void {
    this.clearCache();
  }
}

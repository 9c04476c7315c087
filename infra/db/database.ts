// One database facade over two drivers: PGlite (Postgres in wasm, the embedded default) and the Postgres
// server via `pg`. Everything above this (event store, projections, queries) is written once, in Kysely/SQL.
import { EventEmitter } from 'node:events';
import { Kysely, PostgresDialect, sql, type ColumnType } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { protocol as pgliteProtocol, type messages as pgliteMessages } from '@electric-sql/pglite';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The tables the query builder names on the facade's connection (table name → columns). infra/ cannot import the
 * layers above it, so each owner declares its tables here by declaration merging: projections/schema.ts adds the
 * read models. A module with tables of its own (the outbox, the sandbox providers) views the connection through
 * them with Kysely's `withTables`, so they stay out of everyone else's types.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come by declaration merging
export interface Tables {}

// Column types for the tables infra/ owns (the read models derive theirs in projections/projection.ts).
/** A timestamptz column: both drivers read it as a Date; a write may give a Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A timestamptz column with DEFAULT now(). */
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A column the table fills by default (bigserial, DEFAULT 0) when an insert leaves it out. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * ISO text compared with a timestamptz column, where the builder wants the column's Date: bound as the same text
 * parameter, which Postgres reads as the column's type.
 */
export const isoTimestamp = (iso: string) => sql<Date>`${iso}`;

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Tables>;
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * One statement with parameters, prepared under `name` on each server connection, so that it is parsed and
   * planned once per connection, not per call (the event store's append; a name must always carry the same text).
   * On the server it runs on two connections kept for it alone and never closed while idle: the statement and the
   * PL/pgSQL it calls stay planned there, where on the shared pool other work kept handing it connections that had
   * never run it (each first use costs milliseconds). On PGlite it is a named statement too, run through the wire
   * protocol in one call (bind, describe, execute, sync): its query API parses and plans every call anew.
   */
  prepared<R = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<R[]>;
  /**
   * One read statement with parameters, prepared under `name` on whichever connection runs it (a name must always carry
   * the same text): the hottest page reads. On the server it runs on the shared pool; on PGlite, like `prepared`, in
   * one wire-protocol call, where its query API would make six (parse, describe, bind, describe, execute, sync).
   */
  read<R = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<R[]>;
  /** Cross-process wake-up (LISTEN/NOTIFY on the server; in-process on PGlite, which one process owns). */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  notify(channel: string): Promise<void>;
  close(): Promise<void>;
}

const INT8 = 20;
const XID8 = 5069;
const parseInteger = (v: string) => Number(v);

/** A FIFO mutex: PGlite has one connection, so a transaction must own it from BEGIN to COMMIT. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/** Presents PGlite as the minimal `pg.Pool` that Kysely's PostgresDialect needs. */
function pgliteAsPool(pglite: PGlite) {
  const mutex = new Mutex();
  return {
    async connect() {
      const release = await mutex.acquire();
      let released = false;
      return {
        async query(sql: string, params: readonly unknown[] = []) {
          const res = await pglite.query<Record<string, unknown>>(sql, params as unknown[], {
            parsers: { [INT8]: parseInteger, [XID8]: parseInteger },
          });
          const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
          return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length, command };
        },
        release() {
          if (!released) {
            released = true;
            release();
          }
        },
      };
    },
    async end() {},
    exclusive: mutex,
  };
}

const { serialize } = pgliteProtocol;
const PGLITE_PARSERS = { parsers: { [INT8]: parseInteger, [XID8]: parseInteger } };
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

/** A parameter as the text the protocol binds (every parameter of a `prepared` statement is cast from text). */
function paramText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A type's text → value, by type OID: PGlite's own parsers with the facade's integers (made once per database). */
type RowParsers = Record<number, (text: string, typeId: number) => unknown>;

/**
 * The rows of the first result in `messages`. PGlite's parseResults copies its whole table of type parsers (300 and
 * more) into a new object on every call, which cost as much as the JSON of a feed page; this looks them up in one made
 * once.
 */
function rowsOf<R>(messages: pgliteMessages.BackendMessage[], parsers: RowParsers): R[] {
  const rows: R[] = [];
  let fields: { name: string; dataTypeID: number }[] = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') fields = (m as pgliteMessages.RowDescriptionMessage).fields;
    else if (m.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (m as pgliteMessages.DataRowMessage).fields.forEach((text, i) => {
        const { name, dataTypeID } = fields[i];
        const parse = parsers[dataTypeID];
        row[name] = text === null ? null : parse ? parse(text, dataTypeID) : text;
      });
      rows.push(row as R);
    } else if (m.name === 'commandComplete') break;
  }
  return rows;
}

/**
 * One call of a named statement on PGlite, the caller owning its connection: Parse the first time (the statement
 * then stays planned in PGlite's one session), then Bind, Describe, Execute and Sync in one protocol message. Errors
 * are the same DatabaseError as the query API's (code, detail, constraint). Its messages come without the raw reply
 * (execProtocolStream), which execProtocol would also copy out.
 */
async function pglitePrepared<R>(pglite: PGlite, parsers: RowParsers, statements: Set<string>, name: string, text: string, values: unknown[]): Promise<R[]> {
  const fresh = !statements.has(name);
  const parts = fresh ? [serialize.parse({ name, text })] : [];
  parts.push(serialize.bind({ statement: name, values: values.map(paramText) }), DESCRIBE_PORTAL, EXECUTE, SYNC);
  const messages = await pglite.execProtocolStream(concatBytes(parts), { throwOnError: false });
  if (fresh && messages.some((m) => m.name === 'parseComplete')) statements.add(name);
  const error = messages.find((m) => m.name === 'error');
  if (error) throw error;
  return rowsOf<R>(messages, parsers);
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
  await pglite.waitReady;
  const pool = pgliteAsPool(pglite);
  const statements = new Set<string>();
  const parsers: RowParsers = { ...pglite.parsers, ...PGLITE_PARSERS.parsers };
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  // PGlite has one session: a statement prepared there serves both the appends and the page reads.
  const prepared = async <R>(name: string, text: string, values: unknown[]) => {
    const release = await pool.exclusive.acquire();
    try {
      return await pglitePrepared<R>(pglite, parsers, statements, name, text, values);
    } finally {
      release();
    }
  };
  return {
    kind: 'pglite',
    db,
    async exec(sql) {
      const release = await pool.exclusive.acquire();
      try {
        await pglite.exec(sql);
      } finally {
        release();
      }
    },
    prepared,
    read: prepared,
    async listen(channel, onNotify) {
      bus.on(channel, onNotify);
      return async () => void bus.off(channel, onNotify);
    },
    async notify(channel) {
      bus.emit(channel);
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  pg.types.setTypeParser(INT8, parseInteger);
  pg.types.setTypeParser(XID8 as number, parseInteger);
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client dropped by the server (restart, failover, admin termination) must not crash the process:
  // the pool discards it and the next query opens a fresh connection.
  pool.on('error', (e) => {
    if ((e as { code?: string }).code !== '57P01') console.error('[database] idle connection lost:', e.message);
  });
  // Surface a bad URL or a stopped server at start-up, with the server's own message.
  const probe = await pool.connect();
  probe.release();
  // The connections for `prepared` (the appends): kept open, so their plans stay warm.
  const preparedPool = new pg.Pool({ connectionString, max: 2, idleTimeoutMillis: 0, allowExitOnIdle: true });
  preparedPool.on('error', (e) => {
    if ((e as { code?: string }).code !== '57P01') console.error('[database] idle append connection lost:', e.message);
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  const listeners: pg.Client[] = [];
  return {
    kind: 'postgres',
    db,
    async exec(sql) {
      await pool.query(sql);
    },
    async prepared<R>(name: string, text: string, values: unknown[]) {
      return (await preparedPool.query({ name, text, values })).rows as R[];
    },
    async read<R>(name: string, text: string, values: unknown[]) {
      return (await pool.query({ name, text, values })).rows as R[];
    },
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      listeners.push(client);
      client.on('notification', (n) => n.channel === channel && onNotify());
      client.on('error', () => {}); // the caller polls as well; a dropped listener only delays wake-ups
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    async notify(channel) {
      await pool.query('SELECT pg_notify($1, NULL)', [channel]);
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await preparedPool.end();
      await db.destroy();
    },
  };
}

// The Postgres event store, one implementation for both drivers: PGlite (embedded default) and the Postgres
// server. Everything is plain SQL through the Database facade.
//
// Global order ($all) is (transaction_id, seq): a bigserial alone is not safe, because a transaction that took
// a lower sequence number may commit after one that took a higher number, and a reader that had already moved
// past the higher number would skip the late one forever. Readers therefore only see events whose transaction
// id is below the oldest transaction still running (pg_snapshot_xmin of the current snapshot): every event at
// or after that point may still be joined by a late commit. Within one transaction, seq orders the events.
//
// Note for operators: the xmin is cluster-wide, so a long-open *writing* transaction (any database on the same
// server) holds back the visibility of new events until it ends. Read-only transactions do not.
import { EventEmitter } from 'node:events';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';
import { stopAll, trackSubscription } from './subscriptions';

export interface PostgresEventStoreOptions {
  /** Schema holding the event tables (default `es`). Tests use one schema per store to stay isolated. */
  schema?: string;
  /** Fallback poll of live subscriptions when no notification arrives (default 300 ms). */
  pollIntervalMs?: number;
  /** Re-poll interval while committed events are known to be hidden behind a running lower transaction (default 20 ms). */
  invisiblePollMs?: number;
  /** Default batch size of subscriptions (default 500). */
  batchSize?: number;
}

/** SQLSTATEs raised by the append function. */
export const SQLSTATE_WRONG_EXPECTED_REVISION = 'FC409';
export const SQLSTATE_EVENT_ID_CONFLICT = 'FC410';

/** An event id that is already stored with other content or in another stream (not an idempotent retry). */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamId: string,
    message: string,
  ) {
    super(`Cannot append to stream ${streamId}: ${message}`);
  }
}

// Expected revision as passed to the SQL function.
const ANY = -2;
const NO_STREAM = -1;
const STREAM_EXISTS = -3;

function encodeExpected(expected: ExpectedRevision): number {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0) return expected;
  throw new TypeError(`Invalid expected revision: ${String(expected)}`);
}

export function migrationSql(schema: string): string {
  const s = `"${schema}"`;
  return `
CREATE SCHEMA IF NOT EXISTS ${s};

CREATE TABLE IF NOT EXISTS ${s}.events (
  -- global sequence; $all order is (transaction_id, seq), which is also the primary key
  seq bigserial NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_pkey PRIMARY KEY (transaction_id, seq),
  CONSTRAINT events_event_id_key UNIQUE (event_id),
  CONSTRAINT events_stream_revision_key UNIQUE (stream_id, revision)
);

-- The stored result of an earlier append of exactly these events to this stream (idempotent retry), no rows
-- when none of them is stored; raises ${SQLSTATE_EVENT_ID_CONFLICT} when only some are, or in another stream.
CREATE OR REPLACE FUNCTION ${s}.stored_append(p_stream text, p_events jsonb)
RETURNS TABLE (out_revision bigint, out_tx xid8, out_seq bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_count int := jsonb_array_length(p_events);
  v_stored int;
  v_same boolean;
BEGIN
  SELECT count(*), bool_and(e.stream_id = p_stream) INTO v_stored, v_same
    FROM ${s}.events e
    WHERE e.event_id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(p_events) x);
  IF v_stored = 0 THEN
    RETURN;
  END IF;
  IF v_stored <> v_count OR NOT v_same THEN
    RAISE EXCEPTION USING ERRCODE = '${SQLSTATE_EVENT_ID_CONFLICT}',
      MESSAGE = format('%s of the %s event ids are already stored, not all of them in stream %s', v_stored, v_count, p_stream);
  END IF;
  RETURN QUERY
    SELECT e.revision, e.transaction_id, e.seq FROM ${s}.events e
    WHERE e.event_id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(p_events) x)
    ORDER BY e.revision DESC LIMIT 1;
END
$fn$;

-- Appends a batch of events to one stream in one statement (one round trip).
-- p_expected: -2 any, -1 no stream, -3 stream exists, n >= 0 the exact revision of the stream's last event.
-- p_events: [{id, type, data, metadata}, ...]
-- Raises ${SQLSTATE_WRONG_EXPECTED_REVISION} (DETAIL = actual revision, -1 when there is no stream) or
-- ${SQLSTATE_EVENT_ID_CONFLICT} (event ids stored elsewhere). Re-appending events that are all stored in this stream
-- returns the stored result and writes nothing. When the expected revision matches but the events are already
-- stored (a retry with 'any'), the insert fails with a unique violation on event_id and the caller asks
-- stored_append() for the stored result: that keeps the common path at two statements.
CREATE OR REPLACE FUNCTION ${s}.append(p_stream text, p_expected bigint, p_events jsonb)
RETURNS TABLE (out_revision bigint, out_tx xid8, out_seq bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_count int := jsonb_array_length(p_events);
  v_current bigint;
BEGIN
  IF v_count = 0 THEN
    RAISE EXCEPTION 'append needs at least one event' USING ERRCODE = '22023';
  END IF;

  -- The stream's current revision, from the (stream_id, revision) index. Two concurrent appends to one stream
  -- compute the same next revision; the unique key lets only one commit, the other fails with 23505 on
  -- events_stream_revision_key, which the client turns into a conflict (exact / no stream) or a retry (any).
  -- Optimistic: no per-stream row to lock and rewrite, so an append costs one insert.
  SELECT e.revision INTO v_current FROM ${s}.events e WHERE e.stream_id = p_stream ORDER BY e.revision DESC LIMIT 1;
  IF NOT FOUND THEN
    v_current := -1;
  END IF;

  IF (p_expected = -1 AND v_current >= 0)
     OR (p_expected = -3 AND v_current < 0)
     OR (p_expected >= 0 AND p_expected <> v_current) THEN
    -- Under the stream lock: a retry of an append that is already stored (its expected revision is stale by
    -- now) returns the stored result, also when two identical appends raced.
    IF v_current >= 0 THEN
      RETURN QUERY SELECT * FROM ${s}.stored_append(p_stream, p_events);
      IF FOUND THEN
        RETURN;
      END IF;
    END IF;
    RAISE EXCEPTION USING ERRCODE = '${SQLSTATE_WRONG_EXPECTED_REVISION}',
      MESSAGE = format('wrong expected revision on stream %s: expected %s, actual %s', p_stream, p_expected, v_current),
      DETAIL = v_current::text;
  END IF;

  IF v_count = 1 THEN
    INSERT INTO ${s}.events (stream_id, revision, event_id, type, data, metadata)
    VALUES (p_stream, v_current + 1, (p_events->0->>'id')::uuid, p_events->0->>'type',
            COALESCE(p_events->0->'data', '{}'::jsonb), COALESCE(p_events->0->'metadata', '{}'::jsonb))
    RETURNING seq INTO out_seq;
  ELSE
    -- jsonb_array_elements yields the array in order, and seq is drawn row by row in that order
    INSERT INTO ${s}.events (stream_id, revision, event_id, type, data, metadata)
    SELECT p_stream, v_current + e.ord, (e.value->>'id')::uuid, e.value->>'type',
           COALESCE(e.value->'data', '{}'::jsonb), COALESCE(e.value->'metadata', '{}'::jsonb)
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, ord);
  END IF;
  IF v_count > 1 THEN
    -- currval: the last seq this session drew, i.e. that of our last event (the regclass resolves once per plan)
    out_seq := currval('${s}.events_seq_seq'::regclass);
  END IF;
  out_revision := v_current + v_count;
  out_tx := pg_current_xact_id();
  RETURN NEXT;
END
$fn$;

-- Group commit: several appends (to any streams) in one statement and one transaction. Each item is checked
-- like append() but a wrong expected revision is reported per item ('conflict' with the actual revision)
-- instead of raised, so one stale writer does not fail the others. A unique violation (a writer in another
-- process won a race, or an event id is already stored) still aborts the batch; the client then appends
-- those items one by one. p_batch: [{s: stream, x: expected, e: [events]}, ...]
--
-- The common batch (every item at its expected revision, each stream once) is one INSERT for all of them; any
-- other goes item by item (append_batch_each), where an item sees the items before it.
CREATE OR REPLACE FUNCTION ${s}.append_batch(p_batch jsonb)
RETURNS TABLE (out_idx int, out_status text, out_revision bigint, out_tx xid8, out_seq bigint)
LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY
  WITH items AS MATERIALIZED (
    SELECT (b.ord - 1)::int AS idx, b.item->>'s' AS stream, (b.item->>'x')::bigint AS expected, b.item->'e' AS events,
           COALESCE((SELECT e.revision FROM ${s}.events e WHERE e.stream_id = b.item->>'s' ORDER BY e.revision DESC LIMIT 1), -1) AS current
    FROM jsonb_array_elements(p_batch) WITH ORDINALITY AS b(item, ord)
  ), refused AS (
    SELECT 1 FROM items
    WHERE (expected = -1 AND current >= 0) OR (expected = -3 AND current < 0) OR (expected >= 0 AND expected <> current)
    UNION ALL
    SELECT 1 FROM items GROUP BY stream HAVING count(*) > 1
    LIMIT 1
  ), written AS (
    -- rows are inserted (and draw their seq) in this order: item by item, each item's events in array order
    INSERT INTO ${s}.events (stream_id, revision, event_id, type, data, metadata)
    SELECT i.stream, i.current + ev.ord, (ev.value->>'id')::uuid, ev.value->>'type',
           COALESCE(ev.value->'data', '{}'::jsonb), COALESCE(ev.value->'metadata', '{}'::jsonb)
    FROM items i CROSS JOIN LATERAL jsonb_array_elements(i.events) WITH ORDINALITY AS ev(value, ord)
    WHERE NOT EXISTS (SELECT 1 FROM refused)
    ORDER BY i.idx, ev.ord
    RETURNING stream_id, revision, seq
  )
  SELECT i.idx, 'ok'::text, w.revision, pg_current_xact_id(), w.seq
  FROM items i
  JOIN (SELECT stream_id, max(revision) AS revision, max(seq) AS seq FROM written GROUP BY stream_id) w ON w.stream_id = i.stream;
  IF NOT FOUND THEN
    RETURN QUERY SELECT * FROM ${s}.append_batch_each(p_batch);
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION ${s}.append_batch_each(p_batch jsonb)
RETURNS TABLE (out_idx int, out_status text, out_revision bigint, out_tx xid8, out_seq bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_item jsonb;
  v_idx int := -1;
  v_stream text;
  v_expected bigint;
  v_events jsonb;
  v_count int;
  v_current bigint;
  v_stored record;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_batch) LOOP
    v_idx := v_idx + 1;
    v_stream := v_item->>'s';
    v_expected := (v_item->>'x')::bigint;
    v_events := v_item->'e';
    v_count := jsonb_array_length(v_events);
    SELECT e.revision INTO v_current FROM ${s}.events e WHERE e.stream_id = v_stream ORDER BY e.revision DESC LIMIT 1;
    IF NOT FOUND THEN
      v_current := -1;
    END IF;
    IF (v_expected = -1 AND v_current >= 0)
       OR (v_expected = -3 AND v_current < 0)
       OR (v_expected >= 0 AND v_expected <> v_current) THEN
      v_stored := NULL;
      IF v_current >= 0 THEN
        SELECT * INTO v_stored FROM ${s}.stored_append(v_stream, v_events);
      END IF;
      IF v_stored.out_revision IS NOT NULL THEN
        RETURN QUERY SELECT v_idx, 'stored'::text, v_stored.out_revision, v_stored.out_tx, v_stored.out_seq;
      ELSE
        RETURN QUERY SELECT v_idx, 'conflict'::text, v_current, NULL::xid8, NULL::bigint;
      END IF;
      CONTINUE;
    END IF;
    INSERT INTO ${s}.events (stream_id, revision, event_id, type, data, metadata)
    SELECT v_stream, v_current + e.ord, (e.value->>'id')::uuid, e.value->>'type',
           COALESCE(e.value->'data', '{}'::jsonb), COALESCE(e.value->'metadata', '{}'::jsonb)
    FROM jsonb_array_elements(v_events) WITH ORDINALITY AS e(value, ord);
    RETURN QUERY SELECT v_idx, 'ok'::text, v_current + v_count, pg_current_xact_id(), currval('${s}.events_seq_seq'::regclass);
  END LOOP;
END
$fn$;
`;
}

interface EventRow {
  seq: number | string;
  transaction_id: number | string;
  stream_id: string;
  revision: number | string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
}

function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

/** One event as readEvents' JSON carries it: [seq, transaction_id (text: xid8), stream_id, revision, event_id, type, data, metadata, recorded_at]. */
type JsonEventRow = [number, string, string, number, string, string, Record<string, unknown>, EventMetadata, string];

function fromJsonRow(r: JsonEventRow): RecordedEvent {
  return {
    id: r[4],
    type: r[5],
    data: r[6],
    metadata: r[7],
    streamId: r[2],
    revision: r[3],
    position: { tx: Number(r[1]), seq: r[0] },
    recordedAt: new Date(r[8]),
  };
}

function toRecorded(r: EventRow): RecordedEvent {
  return {
    id: r.event_id,
    type: r.type,
    data: parseJson(r.data) as Record<string, unknown>,
    metadata: parseJson(r.metadata) as EventMetadata,
    streamId: r.stream_id,
    revision: Number(r.revision),
    position: { tx: Number(r.transaction_id), seq: Number(r.seq) },
    recordedAt: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
  };
}

interface DbError {
  code?: string;
  detail?: string;
  message?: string;
  constraint?: string;
}

function actualFromError(e: DbError): number {
  const fromDetail = e.detail !== undefined ? Number(e.detail) : NaN;
  if (Number.isInteger(fromDetail)) return fromDetail;
  const m = /actual (-?\d+)\s*$/.exec(e.message ?? '');
  return m ? Number(m[1]) : -1;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createPostgresEventStore(
  database: Database,
  options: PostgresEventStoreOptions = {},
): Promise<EventStore> {
  const schema = options.schema ?? 'es';
  if (!SCHEMA_NAME.test(schema)) throw new TypeError(`Invalid event store schema name: ${schema}`);
  const pollIntervalMs = options.pollIntervalMs ?? 300;
  const invisiblePollMs = options.invisiblePollMs ?? 20;
  const defaultBatchSize = options.batchSize ?? 500;
  const channel = schema === 'es' ? 'es_appended' : `${schema}_appended`;
  const db = database.db;

  await database.exec(migrationSql(schema));

  const t = (table: string) => sql.id(schema, table);
  const columns = sql.raw('seq, transaction_id, stream_id, revision, event_id, type, data, metadata, recorded_at');
  // xmin of the current snapshot: the oldest transaction still running; everything below it has ended.
  const xmin = sql.raw('pg_snapshot_xmin(pg_current_snapshot())');
  const xid8 = (n: number) => sql`${String(n)}::text::xid8`;

  // Wake-ups: subscriptions in this process are woken at once; other processes through database.notify. On the
  // server a notification is a transaction of its own (a commit, though without a WAL flush), and it cannot ride in
  // the append's transaction: a committing NOTIFY holds a server-wide lock until its commit is flushed, which would
  // serialise every writer's commit. So notifications are throttled: the first append after a quiet spell is
  // announced at once, later ones together at most once per NOTIFY_INTERVAL_MS (other processes also poll).
  const NOTIFY_INTERVAL_MS = 25;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let notifying: Promise<void> | null = null;
  let notifyTimer: NodeJS.Timeout | null = null;
  let notifyAgain = false;
  function announce() {
    local.emit('appended');
    if (database.kind === 'pglite') {
      // database.notify is an in-process emit on PGlite (one process owns the folder): cheap, no throttling needed.
      void database.notify(channel).catch(() => {});
      return;
    }
    if (notifying || notifyTimer) {
      notifyAgain = true;
      return;
    }
    sendNotify();
  }
  function sendNotify() {
    notifying = database
      .notify(channel)
      .catch(() => {
        /* subscribers poll as well */
      })
      .finally(() => {
        notifying = null;
        if (closed) return;
        notifyTimer = setTimeout(() => {
          notifyTimer = null;
          if (notifyAgain && !closed) {
            notifyAgain = false;
            sendNotify();
          }
        }, NOTIFY_INTERVAL_MS);
        notifyTimer.unref();
      });
  }

  async function rows<R>(query: RawBuilder<R>): Promise<R[]> {
    return (await query.execute(db)).rows;
  }

  /**
   * Events matching `where`, in `order`. On PGlite the rows come back as ONE JSON text that V8 parses natively: its
   * wasm driver decodes a result field by field in JavaScript, which made reading `$all` cost more than projecting
   * it (a rebuild reads twice as fast this way). The server's driver is fast per row and its JSON building is not, so
   * it reads rows.
   */
  async function readEvents(where: RawBuilder<unknown>, order: 'revision' | 'position', limit: RawBuilder<unknown>): Promise<RecordedEvent[]> {
    const orderBy = sql.raw(order === 'revision' ? 'revision' : 'transaction_id, seq');
    if (database.kind !== 'pglite') {
      const result = await rows(sql<EventRow>`SELECT ${columns} FROM ${t('events')} WHERE ${where} ORDER BY ${orderBy} ${limit}`);
      return result.map(toRecorded);
    }
    const [r] = await rows(sql<{ j: string }>`
      SELECT COALESCE(json_agg(json_build_array(e.seq, e.transaction_id::text, e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata, e.recorded_at)
        ORDER BY ${sql.raw(order === 'revision' ? 'e.revision' : 'e.transaction_id, e.seq')})::text, '[]') AS j
      FROM (SELECT ${columns} FROM ${t('events')} WHERE ${where} ORDER BY ${orderBy} ${limit}) e`);
    return (JSON.parse(r.j) as JsonEventRow[]).map(fromJsonRow);
  }

  async function readAllInternal(after: Position | null | undefined, maxCount: number | undefined): Promise<RecordedEvent[]> {
    const from = after ?? { tx: 0, seq: 0 };
    const limit = maxCount === undefined ? sql.raw('') : sql`LIMIT ${Math.max(0, Math.floor(maxCount))}`;
    return readEvents(sql`(transaction_id, seq) > (${xid8(from.tx)}, ${from.seq}::bigint) AND transaction_id < ${xmin}`, 'position', limit);
  }

  /** Are there committed events that readers cannot see yet because a lower transaction is still running? */
  async function hasInvisibleEvents(): Promise<boolean> {
    // PGlite has one connection and a transaction owns it from BEGIN to COMMIT: no append is ever in flight while
    // a reader looks, so nothing can be hidden (and the question costs a statement per wake-up).
    if (database.kind === 'pglite') return false;
    const [r] = await rows(sql<{ hidden: boolean }>`
      SELECT EXISTS (SELECT 1 FROM ${t('events')} WHERE transaction_id >= ${xmin}) AS hidden`);
    return Boolean(r?.hidden);
  }

  const subscriptions = new Set<Subscription>();
  let closed = false;

  /** An event to append, its data and metadata already JSON text. */
  type EncodedEvent = { id: string; type: string; data: string; metadata: string };
  /** One append as the store sends it. */
  interface AppendRequest {
    streamId: string;
    expectedRevision: ExpectedRevision;
    /** The expected revision as the SQL functions take it. */
    expected: number;
    events: EncodedEvent[];
    /** The events as the JSON array the SQL functions take, made when first needed (a lone event goes without it). */
    json?: string;
  }
  const payloadOf = (a: AppendRequest): string =>
    (a.json ??= `[${a.events.map((e) => `{"id":${JSON.stringify(e.id ?? null)},"type":${JSON.stringify(e.type ?? null)},"data":${e.data},"metadata":${e.metadata}}`).join(',')}]`);
  type AppendRow = { out_revision: number | string; out_tx: number | string; out_seq: number | string };
  const toResult = (r: AppendRow): AppendResult => ({ nextRevision: Number(r.out_revision), position: { tx: Number(r.out_tx), seq: Number(r.out_seq) } });

  /** The append as one statement; null when the expected revision is not met (found by a guard, not raised). */
  async function callAppend(a: AppendRequest): Promise<AppendResult | null> {
    if (a.events.length === 1) return insertOne(a.streamId, a.expected, a.events[0]);
    const [r] = await database.prepared<AppendRow>(`${schema}_append`, appendText, [a.streamId, String(a.expected), payloadOf(a)]);
    return toResult(r);
  }
  const appendText = `SELECT out_revision, out_tx, out_seq FROM "${schema}".append($1::text, $2::text::bigint, $3::text::jsonb)`;

  // A lone event is inserted by a plain statement, prepared once per connection, without the PL/pgSQL function and
  // its JSON array: this is the path of a lone writer, where parsing and planning each call cost as much as the
  // insert itself (45 µs of an append's 250 µs before its commit, measured). Same rules as append(): the unique
  // (stream_id, revision) key stops a second writer or a stream that is already there (no_stream), the guard a
  // stream that is not at the expected revision; a conflict then goes through conflictResult() like append()'s.
  const eventsTable = `"${schema}".events`;
  const insertOneText = new Map<number, { name: string; text: string }>();
  function insertOneStatement(expected: number) {
    const kind = expected >= 0 ? 0 : expected; // one statement per kind of expectation: exact, no stream, any, exists
    let st = insertOneText.get(kind);
    if (!st) {
      const revision =
        kind === NO_STREAM ? '0::bigint' : kind === 0 ? '$6::bigint + 1' : `COALESCE((SELECT max(revision) FROM ${eventsTable} WHERE stream_id = $1), -1) + 1`;
      const guard =
        kind === 0
          ? `WHERE EXISTS (SELECT 1 FROM ${eventsTable} WHERE stream_id = $1 AND revision = $6::bigint)`
          : kind === STREAM_EXISTS
            ? `WHERE EXISTS (SELECT 1 FROM ${eventsTable} WHERE stream_id = $1)`
            : '';
      st = {
        name: `${schema}_append_one_${kind === 0 ? 'exact' : kind === NO_STREAM ? 'new' : kind === ANY ? 'any' : 'exists'}`,
        text: `INSERT INTO ${eventsTable} (stream_id, revision, event_id, type, data, metadata)
          SELECT $1::text, ${revision}, $2::text::uuid, $3::text, $4::text::jsonb, $5::text::jsonb ${guard}
          RETURNING revision AS out_revision, transaction_id AS out_tx, seq AS out_seq`,
      };
      insertOneText.set(kind, st);
    }
    return st;
  }

  async function insertOne(streamId: string, expected: number, e: EncodedEvent): Promise<AppendResult | null> {
    const { name, text } = insertOneStatement(expected);
    const values: unknown[] = [streamId, e.id, e.type, e.data, e.metadata];
    if (expected >= 0) values.push(String(expected));
    const [r] = await database.prepared<AppendRow>(name, text, values);
    return r ? toResult(r) : null;
  }

  /** The expected revision was not met: the stored result of an identical earlier append, else the conflict. */
  async function conflictResult(streamId: string, expectedRevision: ExpectedRevision, payload: string): Promise<AppendResult> {
    const actual = await currentRevision(streamId);
    if (actual >= 0) {
      try {
        const [r] = await rows(
          sql<AppendRow>`SELECT out_revision, out_tx, out_seq FROM ${sql.id(schema, 'stored_append')}(${streamId}::text, ${payload}::text::jsonb)`,
        );
        if (r) return toResult(r);
      } catch (err) {
        const e = err as DbError;
        if (e.code === SQLSTATE_EVENT_ID_CONFLICT) throw new EventIdConflictError(streamId, e.message ?? 'event id conflict');
        throw err;
      }
    }
    throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
  }

  function isStreamRevisionViolation(e: DbError): boolean {
    if (e.code !== '23505') return false;
    return e.constraint === 'events_stream_revision_key' || (e.constraint === undefined && /events_stream_revision_key/.test(e.message ?? ''));
  }

  async function currentRevision(streamId: string): Promise<number> {
    const [r] = await rows(sql<{ revision: number | string }>`SELECT max(revision) AS revision FROM ${t('events')} WHERE stream_id = ${streamId}`);
    return r?.revision === null || r?.revision === undefined ? -1 : Number(r.revision);
  }

  function isEventIdViolation(e: DbError): boolean {
    if (e.code !== '23505') return false;
    return e.constraint === 'events_event_id_key' || (e.constraint === undefined && /events_event_id_key/.test(e.message ?? ''));
  }

  async function storedResult(streamId: string, payload: string, original: DbError): Promise<AppendResult> {
    try {
      const [r] = await rows(
        sql<{ out_revision: number | string; out_tx: number | string; out_seq: number | string }>`
          SELECT out_revision, out_tx, out_seq FROM ${sql.id(schema, 'stored_append')}(${streamId}::text, ${payload}::text::jsonb)`,
      );
      if (r) return { nextRevision: Number(r.out_revision), position: { tx: Number(r.out_tx), seq: Number(r.out_seq) } };
    } catch (err) {
      const e = err as DbError;
      if (e.code === SQLSTATE_EVENT_ID_CONFLICT) throw new EventIdConflictError(streamId, e.message ?? 'event id conflict');
      throw err;
    }
    throw new EventIdConflictError(streamId, original.message ?? 'event id conflict');
  }

  /** One append on its own (the path for a lone writer, and the fallback when a batch aborts). */
  async function appendOne(a: AppendRequest): Promise<AppendResult> {
    const { streamId, expectedRevision, expected } = a;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await callAppend(a)) ?? (await conflictResult(streamId, expectedRevision, payloadOf(a)));
      } catch (err) {
        const e = err as DbError;
        if (isStreamRevisionViolation(e)) {
          // Another append to this stream committed first. With 'any' / 'stream_exists' try again on top of it;
          // otherwise it is a conflict — unless it was an identical append racing ours (idempotent retry).
          if ((expected === ANY || expected === STREAM_EXISTS) && attempt < 50) continue;
          return conflictResult(streamId, expectedRevision, payloadOf(a));
        }
        if (e.code === SQLSTATE_WRONG_EXPECTED_REVISION) {
          throw new WrongExpectedRevisionError(streamId, expectedRevision, actualFromError(e));
        }
        if (e.code === SQLSTATE_EVENT_ID_CONFLICT) throw new EventIdConflictError(streamId, e.message ?? 'event id conflict');
        if (!isEventIdViolation(e)) throw err;
        // The events are already stored: an idempotent retry (with 'any'/'stream_exists', whose check passed),
        // or the loser of two identical appends racing. Return the stored result.
        return storedResult(streamId, payloadOf(a), e);
      }
    }
  }

  // Group commit. While one append (or batch) is in flight, the appends that arrive queue up and go together in the
  // next statement: one round trip and one commit for many writers, and no added wait for a lone one. One batch at a
  // time: measured on the server, a second batch in flight (the writers split between two connections) only made
  // each commit wait for the other's WAL flush, at the same throughput with twice the flushes.
  interface PendingAppend extends AppendRequest {
    resolve: (r: AppendResult) => void;
    reject: (e: unknown) => void;
  }
  const MAX_BATCH = 200;
  const queue: PendingAppend[] = [];
  let flushing = false;

  async function runOne(p: PendingAppend) {
    try {
      p.resolve(await appendOne(p));
    } catch (e) {
      p.reject(e);
    }
  }

  type BatchRow = { out_idx: number; out_status: string; out_revision: number | string; out_tx: number | string | null; out_seq: number | string | null };
  const appendBatchText = `SELECT out_idx, out_status, out_revision, out_tx, out_seq FROM "${schema}".append_batch($1::text::jsonb)`;

  async function runBatch(batch: PendingAppend[]) {
    if (batch.length === 1) return runOne(batch[0]);
    const items = `[${batch.map((p) => `{"s":${JSON.stringify(p.streamId)},"x":${p.expected},"e":${payloadOf(p)}}`).join(',')}]`;
    // null: the batch rolled back as a whole, and each append goes again on its own below
    const results = await database.prepared<BatchRow>(`${schema}_append_batch`, appendBatchText, [items]).catch(() => null);
    if (!results || results.length !== batch.length) {
      for (const p of batch) await runOne(p);
      return;
    }
    for (const r of results) {
      const p = batch[r.out_idx];
      if (r.out_status === 'conflict') p.reject(new WrongExpectedRevisionError(p.streamId, p.expectedRevision, Number(r.out_revision)));
      else p.resolve({ nextRevision: Number(r.out_revision), position: { tx: Number(r.out_tx), seq: Number(r.out_seq) } });
    }
  }

  async function flush() {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH);
        try {
          await runBatch(batch);
        } catch (e) {
          // Never left waiting: an unexpected failure fails the appends not yet settled (a settled one stays as it is).
          for (const p of batch) p.reject(e);
        }
        announce();
        // Let the writers just freed run before the next batch is taken: they append again at once, and taking
        // the queue now would send the one or two already waiting alone, with everyone else one batch behind.
        // (After a lone append there is no one to wait for: a lone writer pays no extra turn of the event loop.)
        if (batch.length > 1) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      flushing = false;
    }
  }

  const store: EventStore = {
    kind: database.kind,

    async appendToStream(streamId, events, opts) {
      if (closed) throw new Error('The event store is closed');
      const expectedRevision = opts?.expectedRevision ?? 'any';
      const expected = encodeExpected(expectedRevision);
      if (events.length === 0) return appendNothing(streamId, expectedRevision);
      // Data and metadata are serialised once: a lone event is sent as they are, a batch in one JSON array.
      const encoded = events.map((e: NewEvent): EncodedEvent => ({
        id: e.id,
        type: e.type,
        data: JSON.stringify(e.data ?? {}),
        metadata: JSON.stringify(e.metadata ?? {}),
      }));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ streamId, expectedRevision, expected, events: encoded, resolve, reject });
        if (flushing) return;
        flushing = true;
        // From a microtask: the appends made in the same turn of the event loop (a command's, or writers freed
        // together) leave together.
        queueMicrotask(() => void flush());
      });
    },

    async readStream(streamId, opts = {}) {
      const from = Math.max(0, Math.floor(opts.fromRevision ?? 0));
      const limit = opts.maxCount === undefined ? sql.raw('') : sql`LIMIT ${Math.max(0, Math.floor(opts.maxCount))}`;
      return readEvents(sql`stream_id = ${streamId} AND revision >= ${from}`, 'revision', limit);
    },

    readAll(opts: ReadAllOptions = {}) {
      return readAllInternal(opts.after, opts.maxCount);
    },

    async headPosition() {
      // The last committed event, also when an older transaction (in any database of the server) still hides it
      // from readers for a moment: "wait until everything written so far is projected" must include it.
      const [r] = await rows(sql<{ transaction_id: number | string; seq: number | string }>`
        SELECT transaction_id, seq FROM ${t('events')}
        ORDER BY transaction_id DESC, seq DESC
        LIMIT 1`);
      return r ? { tx: Number(r.transaction_id), seq: Number(r.seq) } : null;
    },

    subscribeToAll(opts: SubscribeOptions): Subscription {
      if (closed) throw new Error('The event store is closed');
      return trackSubscription(subscriptions, startSubscription(opts));
    },

    async close() {
      closed = true;
      await stopAll(subscriptions);
      await notifying;
      if (notifyTimer) clearTimeout(notifyTimer);
      notifyTimer = null;
      // Appends still waiting for their throttled notification are announced now, not left to the others' poll.
      if (notifyAgain) await database.notify(channel).catch(() => {});
      notifyAgain = false;
    },
  };

  async function appendNothing(streamId: string, expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const [last] = await rows(sql<EventRow>`
      SELECT ${columns} FROM ${t('events')} WHERE stream_id = ${streamId} ORDER BY revision DESC LIMIT 1`);
    const actual = last ? Number(last.revision) : -1;
    const ok =
      expectedRevision === 'any' ||
      (expectedRevision === 'no_stream' && actual === -1) ||
      (expectedRevision === 'stream_exists' && actual >= 0) ||
      expectedRevision === actual;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    const position = last ? toRecorded(last).position : { tx: 0, seq: 0 };
    return { nextRevision: actual, position };
  }

  function startSubscription(opts: SubscribeOptions): Subscription {
    const batchSize = Math.max(1, opts.batchSize ?? defaultBatchSize);
    let after: Position | null = opts.after ?? null;
    let stopped = false;
    let woken = false;
    let wakeSleeper: (() => void) | null = null;
    const wake = () => {
      if (gatherTimer) clearTimeout(gatherTimer);
      gatherTimer = null;
      woken = true;
      wakeSleeper?.();
    };
    // An append wakes the reader after `gatherMs` (the rest of the command's appends join the batch); a poke or the
    // poll wakes it at once.
    const gatherMs = Math.max(0, opts.gatherMs ?? 0);
    let gatherTimer: NodeJS.Timeout | null = null;
    const appended = () => {
      if (gatherMs === 0) return wake();
      if (woken || gatherTimer) return;
      gatherTimer = setTimeout(wake, gatherMs);
    };

    let resolveCaughtUp!: () => void;
    let rejectCaughtUp!: (e: unknown) => void;
    const caughtUp = new Promise<void>((resolve, reject) => {
      resolveCaughtUp = resolve;
      rejectCaughtUp = reject;
    });
    caughtUp.catch(() => {}); // observed by whoever awaits it; never an unhandled rejection
    let caughtUpOnce = false;
    let reported: Position | null | undefined; // last position passed to onCaughtUp

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken || stopped) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeSleeper = null;
          resolve();
        }
        wakeSleeper = done;
      });

    const loop = (async () => {
      local.on('appended', appended);
      let unlisten: (() => Promise<void>) | null = null;
      try {
        // Listen before the first read, so that no append between the read and the wait goes unnoticed.
        // A notice is gathered like an append: it is often this very process's own (NOTIFY comes back to its sender),
        // and another process's command has more appends coming too.
        unlisten = await database.listen(channel, appended);
        while (!stopped) {
          woken = false;
          const events = await readAllInternal(after, batchSize);
          if (stopped) break;
          if (events.length > 0) {
            await opts.onEvents(events);
            after = events[events.length - 1].position;
            if (stopped) break;
            if (events.length === batchSize) continue; // more may be waiting
          }
          if (!caughtUpOnce) {
            caughtUpOnce = true;
            resolveCaughtUp();
          }
          const unchanged =
            reported !== undefined &&
            (reported === null || after === null ? reported === after : comparePositions(reported, after) === 0);
          if (!unchanged) {
            reported = after;
            opts.onCaughtUp?.(after);
          }
          const hidden = await hasInvisibleEvents();
          if (stopped) break;
          await sleep(hidden ? invisiblePollMs : pollIntervalMs);
        }
        if (!caughtUpOnce) rejectCaughtUp(new Error('The subscription was stopped before it caught up'));
      } catch (error) {
        const wasStopped = stopped;
        stopped = true;
        if (!caughtUpOnce) rejectCaughtUp(error);
        // An error after stop() (e.g. the database closing under a read) is not the subscriber's problem.
        if (!wasStopped) opts.onError?.(error);
      } finally {
        local.off('appended', appended);
        if (gatherTimer) clearTimeout(gatherTimer);
        if (unlisten) await unlisten().catch(() => {});
      }
    })();

    return {
      caughtUp,
      poke: wake,
      async stop() {
        stopped = true;
        wake();
        await loop;
      },
    };
  }

  return store;
}

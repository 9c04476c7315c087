// Stored answers for `Idempotency-Key` requests: a retry with the same key gets the first answer and the
// command is never applied twice. A key is scoped to the caller and the route.
//
// A begun key is held by a lease, not forever: the process running it (its instance id) renews the lease while
// the request runs and says it is alive every few seconds. A key whose lease ran out, or whose process stopped
// saying it is alive (killed, crashed), is taken over by the next retry, which runs the request again — safe,
// because the ids a request creates are derived from its caller and key (commands/handle.ts idFor): the retry
// finds the first attempt's records and finishes them instead of starting anew.
// On start-up a process frees at once the keys of its own earlier life: every key on PGlite (one process owns
// the data folder, so whoever held a key is gone), and on the Postgres server the keys of its FANCLUB_INSTANCE_ID
// when one is configured. Stored answers are kept for a day.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, DefaultedTimestamp, NullableTimestamp, Timestamp } from '../db/database';

/** The idempotency keys and the processes holding them (schema app), as this store reads and writes them. */
type IdempotencyTables = {
  idempotency_keys: {
    scope: string;
    key: string;
    fingerprint: string;
    status: number | null;
    body: unknown;
    created_at: DefaultedTimestamp;
    owner: string | null;
    lease_until: NullableTimestamp;
  };
  idempotency_instances: { instance_id: string; alive_until: Timestamp };
};

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type BeginResult = { state: 'new' } | { state: 'done'; response: StoredResponse } | { state: 'busy' } | { state: 'mismatch' };

export interface IdempotencyStore {
  /** This process, as named on the keys it holds. */
  readonly instanceId: string;
  /** The lease on a begun key, in seconds. */
  readonly leaseSeconds: number;
  /**
   * 'new' → the caller must run the command and `complete` (also when it took over the key of a dead or
   * expired attempt); 'done' → replay; 'busy' → a first attempt is still running; 'mismatch' → another request.
   */
  begin(scope: string, key: string, fingerprint: string): Promise<BeginResult>;
  /** Extends the lease of a key this process is still working on. */
  renew(scope: string, key: string): Promise<void>;
  complete(scope: string, key: string, response: StoredResponse): Promise<void>;
  /** The attempt failed before any change was made: forget the key so a retry runs again. */
  abandon(scope: string, key: string): Promise<void>;
  /** Stops saying this process is alive and frees the keys it still holds (a clean shutdown). */
  close(): Promise<void>;
}

export interface IdempotencyOptions {
  /** Seconds a begun key is held without renewal (default 60). */
  leaseSeconds?: number;
  /** A stable name for this process (FANCLUB_INSTANCE_ID); default a new random id per start. */
  instanceId?: string;
  /** How long stored answers are kept, in hours (default 24). */
  keepHours?: number;
}

export async function createIdempotencyStore(database: Database, options: IdempotencyOptions = {}): Promise<IdempotencyStore> {
  const leaseSeconds = options.leaseSeconds ?? 60;
  // A process that stops saying it is alive for this long is taken for dead (shorter than the lease).
  const aliveSeconds = Math.max(1, Math.min(15, leaseSeconds));
  const keepHours = options.keepHours ?? 24;
  const instanceId = options.instanceId ?? randomUUID();
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS app;
    CREATE TABLE IF NOT EXISTS app.idempotency_keys (
      scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, status integer, body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (scope, key));
    ALTER TABLE app.idempotency_keys ADD COLUMN IF NOT EXISTS owner text;
    ALTER TABLE app.idempotency_keys ADD COLUMN IF NOT EXISTS lease_until timestamptz;
    CREATE INDEX IF NOT EXISTS idempotency_keys_created ON app.idempotency_keys (created_at);
    CREATE TABLE IF NOT EXISTS app.idempotency_instances (instance_id text PRIMARY KEY, alive_until timestamptz NOT NULL);
  `);
  const db = database.db.withTables<IdempotencyTables>().withSchema('app');
  const lease = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;

  // Keys of this process's earlier life are free at once: on PGlite every process before this one is gone.
  if (database.kind === 'pglite') {
    await db.deleteFrom('idempotency_instances').execute();
    await db.deleteFrom('idempotency_keys').where('status', 'is', null).execute();
  } else if (options.instanceId) {
    await db.deleteFrom('idempotency_keys').where('status', 'is', null).where('owner', '=', instanceId).execute();
  }

  const heartbeat = async () => {
    await sql`INSERT INTO app.idempotency_instances (instance_id, alive_until) VALUES (${instanceId}, now() + make_interval(secs => ${aliveSeconds}))
      ON CONFLICT (instance_id) DO UPDATE SET alive_until = EXCLUDED.alive_until`.execute(database.db);
  };
  const sweep = async () => {
    await db.deleteFrom('idempotency_keys').where('status', 'is not', null).where(sql<boolean>`created_at < now() - make_interval(hours => ${keepHours})`).execute();
    await db.deleteFrom('idempotency_instances').where(sql<boolean>`alive_until < now() - interval '1 day'`).execute();
  };
  await heartbeat();
  await sweep();
  let beats = 0;
  const timer = setInterval(() => {
    void heartbeat().catch(() => {});
    if (++beats % 720 === 0) void sweep().catch(() => {});
  }, (aliveSeconds * 1000) / 3);
  timer.unref();

  return {
    instanceId,
    leaseSeconds,
    async begin(scope, key, fingerprint) {
      // Insert, or take over a begun key whose holder is gone (lease over, or its process no longer alive).
      // One statement: of several retries at once, exactly one takes it.
      const taken = await sql<{ key: string }>`
        INSERT INTO app.idempotency_keys AS k (scope, key, fingerprint, owner, lease_until)
        VALUES (${scope}, ${key}, ${fingerprint}, ${instanceId}, ${lease})
        ON CONFLICT (scope, key) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until
        WHERE k.status IS NULL AND k.fingerprint = EXCLUDED.fingerprint
          AND (k.lease_until IS NULL OR k.lease_until < now()
               OR NOT EXISTS (SELECT 1 FROM app.idempotency_instances i WHERE i.instance_id = k.owner AND i.alive_until > now()))
        RETURNING k.key`.execute(database.db);
      if (taken.rows.length) return { state: 'new' };
      const row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      if (!row) return { state: 'new' };
      if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
      if (row.status === null) return { state: 'busy' };
      return { state: 'done', response: { status: row.status, body: row.body } };
    },
    async renew(scope, key) {
      await db
        .updateTable('idempotency_keys')
        .set({ lease_until: lease })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('owner', '=', instanceId)
        .where('status', 'is', null)
        .execute();
    },
    async complete(scope, key, response) {
      await db
        .updateTable('idempotency_keys')
        .set({ status: response.status, body: sql`${JSON.stringify(response.body)}::jsonb`, lease_until: null })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
    async abandon(scope, key) {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('status', 'is', null).execute();
    },
    async close() {
      clearInterval(timer);
      await db.deleteFrom('idempotency_keys').where('status', 'is', null).where('owner', '=', instanceId).execute().catch(() => {});
      await db.deleteFrom('idempotency_instances').where('instance_id', '=', instanceId).execute().catch(() => {});
    },
  };
}

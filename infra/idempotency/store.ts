// Stored answers for `Idempotency-Key` requests: a retry with the same key gets the first answer and the
// command is never applied twice. A key is scoped to the caller and the route.
import { sql } from 'kysely';
import type { Database } from '../db/database';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyStore {
  /** 'new' → the caller must run the command and `complete`; 'done' → replay; 'busy' → a first attempt is still running. */
  begin(scope: string, key: string, fingerprint: string): Promise<{ state: 'new' } | { state: 'done'; response: StoredResponse } | { state: 'busy' } | { state: 'mismatch' }>;
  complete(scope: string, key: string, response: StoredResponse): Promise<void>;
  /** The attempt failed before any change was made: forget the key so a retry runs again. */
  abandon(scope: string, key: string): Promise<void>;
}

export async function createIdempotencyStore(database: Database): Promise<IdempotencyStore> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS app;
    CREATE TABLE IF NOT EXISTS app.idempotency_keys (
      scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, status integer, body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (scope, key));
  `);
  const db = database.db.withSchema('app');
  return {
    async begin(scope, key, fingerprint) {
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ scope, key, fingerprint })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { state: 'new' };
      const row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      if (!row) return { state: 'new' };
      if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
      if (row.status === null) return { state: 'busy' };
      return { state: 'done', response: { status: row.status, body: row.body } };
    },
    async complete(scope, key, response) {
      await db
        .updateTable('idempotency_keys')
        .set({ status: response.status, body: sql`${JSON.stringify(response.body)}::jsonb` })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
    async abandon(scope, key) {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('status', 'is', null).execute();
    },
  };
}

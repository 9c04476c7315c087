// Console records from read-model rows (react-admin's shapes, domain/console/wire.ts): only the fields the
// console shows, numbers as numbers whatever the database driver returned.
import type { AdminEventRecord } from './wire';

/** A user row with their total spent as a number (a bigint sum arrives as text from Postgres). */
export const adminUserRecord = <T extends { total_spent_cents?: unknown }>(u: T): T & { total_spent_cents: number } => ({ ...u, total_spent_cents: Number(u.total_spent_cents) });

/** An audit-log row as the console's event record (the row may carry more columns than the record). */
export const adminEventRecord = (e: AdminEventRecord): AdminEventRecord => ({
  id: e.id, position: e.position, stream_id: e.stream_id, revision: e.revision, type: e.type, data: e.data, metadata: e.metadata, recorded_at: e.recorded_at,
});

// Read model: the event log as auditors and staff browse it (every event, its actor and time), with
// secrets redacted. The event store stays the source of truth; this is its searchable index.
import type { Kysely } from 'kysely';
import type { Projection } from './projection';
import { auditLogTables, type ReadModels } from './schema';
import { formatPosition } from '../infra/eventstore/port';
import { listAudit } from './console-lists';

const SECRET_FIELDS = new Set(['passwordHash', 'tokenHash', 'token', 'cardToken', 'secret']);

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '[redacted]' : redact(v)]));
  return value;
}

export const auditLogProjection: Projection = {
  name: 'audit_log',
  tables: auditLogTables,
  handles: ['*'],
  async apply(event, store) {
    const m = event.metadata;
    store.put('audit_log', {
      id: event.id,
      tx: event.position.tx,
      seq: event.position.seq,
      position: formatPosition(event.position),
      stream_id: event.streamId,
      revision: event.revision,
      type: event.type,
      actor_id: m.userId,
      actor_role: m.role,
      proxy_admin_id: m.proxyAdminId,
      ip: m.ip,
      data: redact(event.data),
      metadata: m,
      recorded_at: m.at ?? event.recordedAt.toISOString(),
    });
  },
};

/** The latest 20 CSV exports (DataExported), newest first: who made which file, with how many rows (the CSV page). */
export async function recentExports(db: Kysely<ReadModels>) {
  const recent = await listAudit(db, { sort: ['recorded_at', 'DESC'], range: [0, 19], filter: { action: 'DataExported' } });
  return recent.rows.map((r) => ({ id: r.id, recorded_at: r.recorded_at, actor_email: r.actor_email, resource: r.data?.resource, rows: r.data?.rows }));
}

// Wire shapes of the staff console's auditing views (audit, outbox, event log), in the /admin-api conventions
// described in domain/shared/wire.ts.

/** GET /admin-api/audit — staff actions (events written by a staff role or through a proxy session). */
export interface AdminAuditRecord {
  id: string;
  recorded_at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  proxy_admin_id: string | null;
  action: string; // the event type, e.g. 'MemberBlocked'
  subject_user_id: string | null;
  stream_id: string;
  ip: string | null;
  data: Record<string, unknown>;
}

/** GET /admin-api/outbox — mail the site sent (or queued, when no SMTP server is configured). */
export interface AdminOutboxRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'queued' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** GET /admin-api/events (auditor view of the event log; read-only) */
export interface AdminEventRecord {
  id: string; // event id
  position: string;
  stream_id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>; // secrets (password hashes, tokens) redacted
  metadata: Record<string, unknown>;
  recorded_at: string;
}

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

/** GET /admin-api/home — the creator's Home: today's money, who is waiting for an answer, what is coming, what needs fixing. */
export interface AdminHome {
  today_earnings_cents: number;
  yesterday_earnings_cents: number;
  earnings_30d: { day: string; cents: number }[];
  /** Fans' messages staff have not read, the conversations they are in, and the latest few of those. */
  unread_messages: number;
  unread_chats: number;
  latest_unread: { fan_id: string; name: string; last_message: string; last_message_at: string | null; unread: number }[];
  /** Posts set to appear later, the soonest first. */
  scheduled_posts: { id: string; caption: string; publish_at: string; visibility: string }[];
  recent_subscribers: { user_id: string; name: string; started_at: string; price_cents: number }[];
  /** What the warnings are made of (domain/console/home.ts homeWarnings). */
  checks: {
    /** A mail server is known: SMTP_URL or one saved in the console. */
    mail_configured: boolean;
    /** Mails of the last 24 hours the server could not deliver, and those delivered. */
    mail_failed_24h: number;
    mail_sent_24h: number;
    live_enabled: boolean;
    avatar_set: boolean;
  };
  /** The setup wizard: finished or put off (by whom, when), and whether it opens by itself for the caller. */
  setup: ConsoleSetupView;
}

/** The setup wizard's state (domain/console/setup.ts), the answer of GET /admin-api/home and of its two POSTs. */
export interface ConsoleSetupView {
  outcome: 'completed' | 'dismissed' | null;
  by: string | null;
  by_name: string | null;
  at: string | null;
  opens_by_itself: boolean;
}

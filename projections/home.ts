// The creator's Home (GET /admin-api/home): the unread conversations, the scheduled posts and the latest
// subscribers, each one statement over its read model (chat conversations, posts, subscribers, with users' names).
import { sql, type Kysely } from 'kysely';
import type { ReadModels } from './schema';

const HOME_LIST = 5;
const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null);

/** Unread fans' messages and conversations, and the latest few conversations waiting for an answer. */
export async function homeUnread(db: Kysely<ReadModels>) {
  const [totals, latest] = await Promise.all([
    sql<{ messages: string | null; chats: string | null }>`SELECT sum(staff_unread) AS messages, count(*) FILTER (WHERE staff_unread > 0) AS chats FROM rm.chat_conversations`.execute(db),
    db
      .withSchema('rm')
      .selectFrom('chat_conversations as c')
      .leftJoin('users as u', 'u.id', 'c.fan_id')
      .select(['c.fan_id', 'c.last_message', 'c.last_message_at', 'c.staff_unread', 'u.name', 'u.email'])
      .where('c.staff_unread', '>', 0)
      .orderBy('c.last_message_at', 'desc')
      .limit(HOME_LIST)
      .execute(),
  ]);
  return {
    messages: Number(totals.rows[0]?.messages ?? 0),
    chats: Number(totals.rows[0]?.chats ?? 0),
    latest: latest.map(r => ({
      fan_id: r.fan_id,
      name: r.name || r.email || 'Fan',
      last_message: r.last_message ?? '',
      last_message_at: iso(r.last_message_at),
      unread: Number(r.staff_unread),
    })),
  };
}

/** Posts that appear later, the soonest first. */
export async function homeScheduledPosts(db: Kysely<ReadModels>, nowIso: string) {
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts')
    .select(['id', 'caption', 'publish_at', 'visibility'])
    .where('deleted', '=', false)
    .where('publish_at', '>', nowIso as never)
    .orderBy('publish_at', 'asc')
    .limit(HOME_LIST)
    .execute();
  return rows.map(r => ({ id: r.id, caption: r.caption ?? '', publish_at: iso(r.publish_at) ?? nowIso, visibility: r.visibility ?? 'public' }));
}

/** The latest subscribers, newest first. */
export async function homeRecentSubscribers(db: Kysely<ReadModels>) {
  const rows = await db
    .withSchema('rm')
    .selectFrom('subscribers as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.started_at', 's.price_cents', 'u.name', 'u.email'])
    .where('s.started_at', 'is not', null)
    .orderBy('s.started_at', 'desc')
    .limit(HOME_LIST)
    .execute();
  return rows.map(r => ({ user_id: r.user_id, name: r.name || r.email || 'Fan', started_at: iso(r.started_at) ?? '', price_cents: Number(r.price_cents ?? 0) }));
}

/** Whether a mail server was saved in the console: the last of its events in the audit log's index of the log. */
export async function emailConfiguredInConsole(db: Kysely<ReadModels>): Promise<boolean> {
  const row = await db
    .withSchema('rm')
    .selectFrom('audit_log')
    .select('type')
    .where('type', 'in', ['EmailConfigurationSet', 'EmailConfigurationCleared'])
    .orderBy('tx', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.type === 'EmailConfigurationSet';
}

/** The setup wizard's outcome: the last of its events in the audit log's index of the log, with who and when. */
export async function consoleSetupOutcome(db: Kysely<ReadModels>): Promise<{ outcome: 'completed' | 'dismissed' | null; by: string | null; by_name: string | null; at: string | null }> {
  const row = await db
    .withSchema('rm')
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.type', 'a.actor_id', 'a.recorded_at', 'u.name', 'u.email'])
    .where('a.type', 'in', ['ConsoleSetupCompleted', 'ConsoleSetupDismissed'])
    .orderBy('a.tx', 'desc')
    .orderBy('a.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { outcome: null, by: null, by_name: null, at: null };
  return { outcome: row.type === 'ConsoleSetupCompleted' ? 'completed' : 'dismissed', by: row.actor_id, by_name: row.name || row.email || null, at: iso(row.recorded_at) };
}

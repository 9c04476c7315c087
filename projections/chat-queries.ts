// Chat queries over several read models: the staff chat list (users, members, subscribers, conversations,
// wallets) and a fan's money totals for the chat header (transactions).
import type { ReadModels } from './schema';
import { sql, type Kysely } from 'kysely';
import type { ChatUserSort } from '../domain/chat/wire';
import type { FanReversals } from '../domain/chat/conversation';
import type { ChatListFacts } from '../domain/chat/views';
import type { ChatListId } from '../domain/chat/roles';
import { statusCodeSql } from './subscribers';

/** One fan in the staff chat list, as the read model has them (the shape domain/chat/views.ts shapes into an answer). */
export type ChatListRow = ChatListFacts;

/** A chat list row as the database gives it: counts may come back as text, timestamps as Date or text. */
type ChatListRead = Omit<ChatListFacts, 'expires_at' | 'last_message_at' | 'staff_unread' | 'fan_unread' | 'user_last_message' | 'wallet_cents' | 'spent_cents' | 'allowed_to_chat'> & {
  expires_at: Date | string | null;
  last_message_at: Date | string | null;
  last_fan_message_at: Date | string | null;
  staff_unread: number | string;
  fan_unread: number | string | null;
  user_last_message: string | null;
  wallet_cents: number | string | null;
  spent_cents: number | string | null;
  allowed_to_chat: boolean | null;
};

export interface ChatListQuery {
  page: number;
  pageSize: number;
  search: string;
  sort: ChatUserSort;
  /** '1' or '2': only fans with that status; null: every fan who is a subscriber or has a conversation. */
  status: '1' | '2' | null;
  nowIso: string;
  /**
   * list_id (admins): 'blocked' — fans blocked or hidden from the chat (Block User takes them off the list;
   * here they can be found and unblocked); 'muted' — fans who receive no mass messages; 'allowed' — fans staff
   * allowed to chat while normal chat is off; 'live' — fans whose booked chat is on now; null: the chat list.
   */
  list?: ChatListId | null;
  /** One fan only (GET /api/chat/get_user_by_id): whatever list they are on. */
  userId?: string;
}

export type { ChatListId };

// By the page's own output columns, so the same keys order the page inside (top-N sort, no window over every fan)
// and again after the last-message lookup.
const ORDER: Record<ChatUserSort, ReturnType<typeof sql>> = {
  latest_message: sql`last_message_at DESC NULLS LAST`,
  users_last_message: sql`last_fan_message_at DESC NULLS LAST`,
  amount_spent: sql`spent_cents DESC`,
  unread_messages: sql`staff_unread DESC, last_message_at DESC NULLS LAST`,
  expiration_date: sql`expires_at ASC NULLS LAST`,
};

/** Fans staff can chat with: not deleted, not hidden from chat, a subscriber now or someone who has written before. */
export async function chatUserList(db: Kysely<ReadModels>, q: ChatListQuery): Promise<{ rows: ChatListRow[]; total: number }> {
  const status = statusCodeSql(q.nowIso);
  const search = q.search.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const listed = q.userId
    ? sql`u.id = ${q.userId}`
    : q.list === 'blocked'
      ? sql`(COALESCE(m.blocked, false) OR COALESCE(m.hidden_from_chat, false))`
      : q.list === 'muted'
        ? sql`COALESCE(m.mass_messages_muted, false) AND NOT COALESCE(m.hidden_from_chat, false) AND (${status} IN ('1', '2') OR c.fan_id IS NOT NULL)`
        : q.list === 'allowed'
          ? sql`NOT COALESCE(m.hidden_from_chat, false) AND EXISTS (SELECT 1 FROM rm.chat_allowed_users a WHERE a.user_id = u.id)`
          : q.list === 'live'
            ? sql`NOT COALESCE(m.hidden_from_chat, false) AND EXISTS (SELECT 1 FROM rm.chat_bookings b WHERE b.user_id = u.id AND b.status IN ('booked', 'started')
                AND b.start_at <= ${q.nowIso}::timestamptz AND b.end_at > ${q.nowIso}::timestamptz)`
            : sql`NOT COALESCE(m.hidden_from_chat, false) AND (${status} IN ('1', '2') OR c.fan_id IS NOT NULL)`;
  const where = sql`COALESCE(m.role, u.role) = 'user' AND NOT COALESCE(m.deleted, false) AND ${listed}
    ${q.status ? sql`AND ${status} = ${q.status}` : sql``}
    ${search ? sql`AND (u.name ILIKE ${search} OR m.nickname ILIKE ${search})` : sql``}`;
  const from = sql`rm.users u LEFT JOIN rm.members m ON m.user_id = u.id LEFT JOIN rm.subscribers s ON s.user_id = u.id
    LEFT JOIN rm.chat_conversations c ON c.fan_id = u.id`;
  const [rows, count] = await Promise.all([
    // The page is chosen first and the fan's own last message (user_last_message) looked up for its rows
    // only: a lateral join over the whole list would read one message per fan before the sort and limit.
    sql<ChatListRead>`SELECT p.*, fl.text AS user_last_message, fl.type AS user_last_type
      FROM (SELECT u.id, u.name, m.nickname, COALESCE(s.complimentary, false) AS complimentary, ${status} AS status, s.expires_at,
          COALESCE(c.last_message, '') AS last_message, c.last_message_at, c.last_fan_message_at, COALESCE(c.staff_unread, 0) AS staff_unread, COALESCE(c.fan_unread, 0) AS fan_unread,
          COALESCE(m.mass_messages_muted, false) AS mass_messages_muted, COALESCE(m.blocked, false) AS blocked, COALESCE(m.hidden_from_chat, false) AS hidden_from_chat, (SELECT w.balance_cents FROM rm.wallets w WHERE w.user_id = u.id) AS wallet_cents, EXISTS (SELECT 1 FROM rm.chat_allowed_users a WHERE a.user_id = u.id) AS allowed_to_chat, u.total_spent_cents AS spent_cents
        FROM ${from}
        WHERE ${where} ORDER BY ${ORDER[q.sort]}, id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}) p
      LEFT JOIN LATERAL (SELECT x.text, x.type FROM rm.chat_messages x WHERE x.fan_id = p.id AND x.status = 'sent' AND NOT x.from_staff
        AND COALESCE(x.deleted, 'none') <> 'all' ORDER BY x.created_at DESC LIMIT 1) fl ON true
      ORDER BY ${ORDER[q.sort]}, id`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map(({ last_fan_message_at: _at, ...r }) => ({
      ...r,
      expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      last_message_at: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
      staff_unread: Number(r.staff_unread),
      fan_unread: Number(r.fan_unread ?? 0),
      user_last_message: r.user_last_message ?? '',
      wallet_cents: Number(r.wallet_cents ?? 0),
      spent_cents: Number(r.spent_cents ?? 0),
      allowed_to_chat: !!r.allowed_to_chat,
    })),
    total: Number(count.rows[0].n),
  };
}

/** What a fan took back, by kind, from the transactions report (every reversal is its own negative row). */
export async function fanReversals(db: Kysely<ReadModels>, userId: string): Promise<FanReversals> {
  const r = await sql<{ type: string; cents: string; n: string }>`
    SELECT type, COALESCE(-sum(amount_cents), 0) AS cents, count(*) AS n FROM rm.transactions
    WHERE user_id = ${userId} AND type IN ('refund', 'void', 'chargeback') GROUP BY type`.execute(db);
  const by = new Map(r.rows.map((x) => [x.type, { cents: Number(x.cents), n: Number(x.n) }]));
  return {
    refundCents: by.get('refund')?.cents ?? 0,
    voidCents: by.get('void')?.cents ?? 0,
    chargebackCents: by.get('chargeback')?.cents ?? 0,
    chargebackCount: by.get('chargeback')?.n ?? 0,
  };
}

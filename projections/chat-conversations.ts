// Read model: one row per fan conversation — the last message, unread counts on each side, when each side
// last read it, and the fan's pay-per-message credits. It feeds the staff chat list, the unread badges and
// the message list's read marks.
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { chatConversationsTables, type ReadModelRows, type ReadModels } from './schema';
import { formatMoney } from '../domain/shared/money';

export interface ConversationRow {
  fan_id: string;
  last_message: string;
  last_message_at: string | null;
  /** The fan's own last message (the list's "Users Last Message" sort). */
  last_fan_message_at: string | null;
  /** Staff messages the fan has not read / fan messages staff have not read. */
  fan_unread: number;
  staff_unread: number;
  fan_read_at: string | null;
  staff_read_at: string | null;
  credits: number;
  /** Delivered messages (tips from chat included): the conversation's page count, without counting rows. */
  message_count: number;
  /** Of those, deleted from the fan's view only (staff still see them). */
  fan_deleted: number;
  /** When the fan's current unread streak began (the first staff message after they last read), and the streak
   *  they were last emailed about (commands/chat-emails.ts). */
  fan_unread_since: string | null;
  emailed_for: string | null;
}

/** Tips from chat waiting to be paid (their fan and amount arrive with TipRequested only). */
export interface PendingTipRow {
  tip_id: string;
  fan_id: string;
  amount_cents: number;
}

const EMPTY = (fanId: string): ConversationRow => ({
  fan_id: fanId, last_message: '', last_message_at: null, last_fan_message_at: null, fan_unread: 0, staff_unread: 0, fan_read_at: null, staff_read_at: null, credits: 0,
  message_count: 0, fan_deleted: 0, fan_unread_since: null, emailed_for: null,
});

/** A staff message (or a mass message's copy) the fan has not read yet: it may start an unread streak. */
const unreadFromStaff = (c: ConversationRow, at: string): Pick<ConversationRow, 'fan_unread' | 'fan_unread_since'> => ({
  fan_unread: c.fan_unread + 1,
  fan_unread_since: c.fan_unread > 0 && c.fan_unread_since ? c.fan_unread_since : at,
});

/** What the list shows as the last message. */
export function lastMessageText(d: { type: string; text: string }): string {
  if (d.text) return d.text.length > 200 ? `${d.text.slice(0, 200)}…` : d.text;
  switch (d.type) {
    case 'photo':
      return 'Photo';
    case 'video':
      return 'Video';
    case 'gallery':
      return 'Gallery';
    default:
      return '';
  }
}

export const chatConversationsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'chat-conversations',
  tables: chatConversationsTables,
  handles: ['ChatMessageSent', 'TipRequested', 'TipSent', 'TipFailed', 'ChatReadByFan', 'ChatReadByStaff', 'PayPerMessageCreditsGranted', 'PayPerMessageCreditUsed',
    'ChatMarkedUnreadByStaff', 'ChatMessageDeleted', 'MassMessageCopiesDelivered', 'ChatEmailNotified'],
  async apply(event, store) {
    const { type, data: d } = event;
    const change = async (fanId: string, f: (c: ConversationRow) => ConversationRow) => {
      const c = (await store.get<ConversationRow>('chat_conversations', { fan_id: fanId })) ?? EMPTY(fanId);
      store.put('chat_conversations', f(c));
    };
    switch (type) {
      case 'ChatMessageSent':
        await change(d.fanId, (c) => ({
          ...c,
          last_message: lastMessageText(d as { type: string; text: string }),
          last_message_at: d.sentAt,
          message_count: c.message_count + 1,
          ...(d.fromStaff ? unreadFromStaff(c, d.sentAt) : { staff_unread: c.staff_unread + 1, last_fan_message_at: d.sentAt }),
        }));
        return;
      case 'TipRequested':
        if (d.tipFrom === 'chat') store.put('chat_pending_tips', { tip_id: d.tipId, fan_id: d.userId, amount_cents: d.amountCents });
        return;
      case 'TipSent': {
        const tip = await store.get<PendingTipRow>('chat_pending_tips', { tip_id: d.tipId });
        if (!tip) return;
        store.delete('chat_pending_tips', { tip_id: d.tipId });
        await change(tip.fan_id, (c) => ({ ...c, last_message: `Tip ${formatMoney(Number(tip.amount_cents))}`, last_message_at: d.sentAt, last_fan_message_at: d.sentAt, staff_unread: c.staff_unread + 1, message_count: c.message_count + 1 }));
        return;
      }
      case 'TipFailed':
        store.delete('chat_pending_tips', { tip_id: d.tipId });
        return;
      case 'ChatReadByFan':
        await change(d.fanId, (c) => ({ ...c, fan_unread: 0, fan_unread_since: null, fan_read_at: d.readAt }));
        return;
      case 'ChatReadByStaff':
        await change(d.fanId, (c) => ({ ...c, staff_unread: 0, staff_read_at: d.readAt }));
        return;
      case 'PayPerMessageCreditsGranted':
      case 'PayPerMessageCreditUsed':
        await change(d.fanId, (c) => ({ ...c, credits: d.balance }));
        return;
      case 'MassMessageCopiesDelivered':
        // One query for the batch's conversations, not one per fan.
        await store.preload?.('chat_conversations', d.copies.map((c) => ({ fan_id: c.fanId })));
        for (const copy of d.copies)
          await change(copy.fanId, (c) => ({ ...c, last_message: lastMessageText(d.content), last_message_at: d.deliveredAt, message_count: c.message_count + 1, ...unreadFromStaff(c, d.deliveredAt) }));
        return;
      case 'ChatMarkedUnreadByStaff':
        await change(d.fanId, (c) => ({ ...c, staff_unread: Math.max(c.staff_unread, d.unread) }));
        return;
      case 'ChatMessageDeleted':
        await change(d.fanId, (c) => afterDelete(c, d));
        return;
      case 'ChatEmailNotified':
        await change(d.fanId, (c) => ({ ...c, emailed_for: d.unreadSince }));
        return;
    }
  },
});

/** A message deleted by staff: counts, unread badges and the list's last message follow. */
export function afterDelete(
  c: ConversationRow,
  d: { scope: 'fan' | 'all'; fromStaff: boolean; sentAt: string; wasDeletedForFan: boolean },
): ConversationRow {
  const after = (at: string | null) => !at || Date.parse(d.sentAt) > Date.parse(at);
  const fanDeleted = c.fan_deleted ?? 0;
  const next = { ...c };
  // The fan no longer has it: an unread staff message stops counting for them.
  if (!d.wasDeletedForFan && d.fromStaff && after(c.fan_read_at)) next.fan_unread = Math.max(0, c.fan_unread - 1);
  if (next.fan_unread === 0) next.fan_unread_since = null;
  if (d.scope === 'fan') return { ...next, fan_deleted: fanDeleted + 1 };
  next.message_count = Math.max(0, c.message_count - 1);
  next.fan_deleted = d.wasDeletedForFan ? Math.max(0, fanDeleted - 1) : fanDeleted;
  if (!d.fromStaff && after(c.staff_read_at)) next.staff_unread = Math.max(0, c.staff_unread - 1);
  if (c.last_message_at && Date.parse(c.last_message_at) === Date.parse(d.sentAt)) next.last_message = 'Message deleted';
  return next;
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export async function findConversation(db: Kysely<ReadModels>, fanId: string): Promise<ConversationRow | undefined> {
  const r = await sql<ConversationRow>`SELECT * FROM rm.chat_conversations WHERE fan_id = ${fanId}`.execute(db);
  return r.rows[0] ? conversationRow(r.rows[0]) : undefined;
}

/** A row as the driver or to_jsonb gives it → counts as numbers, times as ISO text. */
export function conversationRow(c: ConversationRow): ConversationRow {
  return { ...c, message_count: Number(c.message_count ?? 0), fan_deleted: Number(c.fan_deleted ?? 0), last_message_at: iso(c.last_message_at), last_fan_message_at: iso(c.last_fan_message_at), fan_read_at: iso(c.fan_read_at), staff_read_at: iso(c.staff_read_at), fan_unread_since: iso(c.fan_unread_since), emailed_for: iso(c.emailed_for) };
}

/** A fan to email about unread chat messages (commands/chat-emails.ts). */
export interface ChatEmailDue {
  fan_id: string;
  email: string;
  name: string;
  unread: number;
  unread_since: string;
}

/**
 * Fans with staff messages unread since before `cutoff` who were not emailed about this streak yet, whose
 * `messages` email switch is on (absent = on) and whose account can read the chat (not blocked, deleted or hidden).
 */
export async function chatEmailsDue(db: Kysely<ReadModels>, cutoffIso: string, limit = 200): Promise<ChatEmailDue[]> {
  const r = await sql<ChatEmailDue>`
    SELECT c.fan_id, u.email, u.name, c.fan_unread AS unread, c.fan_unread_since AS unread_since
    FROM rm.chat_conversations c JOIN rm.users u ON u.id = c.fan_id LEFT JOIN rm.members m ON m.user_id = c.fan_id
    WHERE c.fan_unread > 0 AND c.fan_unread_since <= ${cutoffIso}
      AND (c.emailed_for IS NULL OR c.emailed_for <> c.fan_unread_since)
      AND COALESCE((m.email_preferences ->> 'messages')::boolean, true)
      AND NOT COALESCE(m.blocked, false) AND NOT COALESCE(m.deleted, false) AND NOT COALESCE(m.hidden_from_chat, false)
    ORDER BY c.fan_unread_since LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => ({ ...x, unread: Number(x.unread), unread_since: new Date(x.unread_since).toISOString() }));
}

/** Fan messages no one on staff has read yet, across every conversation (the console's chat badge). */
export async function staffUnreadTotal(db: Kysely<ReadModels>): Promise<number> {
  const r = await sql<{ n: string | null }>`SELECT sum(staff_unread) AS n FROM rm.chat_conversations`.execute(db);
  return Number(r.rows[0].n ?? 0);
}

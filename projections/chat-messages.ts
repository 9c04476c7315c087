// Read model: chat messages, one row per message of a fan's conversation with the creator — staff messages
// (free or locked), the fan's own (a paid one shows once its payment is captured), and tips sent from chat.
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import type { ChatMessageFacts } from '../domain/chat/views';
import { defineProjection } from './projection';
import { chatMessagesTables, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';

/** The read model's row: what a message's view is made of (domain/chat/views.ts), and its payment and sending state. */
export interface ChatMessageRow extends ChatMessageFacts {
  unlock_payment_id: string | null;
  /** pending (waiting for its payment) | sent | failed */
  status: string;
  /** A mass or welcome message's copy: the mass message. */
  mass_message_id: string | null;
  min_tier_id: string | null;
}

export const chatMessagesProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'chat-messages',
  tables: chatMessagesTables,
  handles: [
    'ChatMessageSendRequested', 'ChatMessageSent', 'ChatMessageSendFailed', 'ChatMessageUnlocked', 'ChatMessageUnlockRevoked',
    'TipRequested', 'TipSent', 'TipFailed', 'ChatMessageDeleted', 'MassMessageCopiesDelivered',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const row = (over: Partial<ChatMessageRow>): ChatMessageRow => ({
      id: '', fan_id: '', sender_id: '', from_staff: false, type: 'text', text: '', tip_message: null, media: [], preview_media_id: null, price_cents: 0,
      unlocked: false, unlock_payment_id: null, is_pay_per_message: false, paid_cents: 0, is_anonymous: false, unique_id: null, status: 'sent', created_at: '', deleted: null,
      is_mass_message: false, mass_message_type: null, mass_message_id: null, min_tier_id: null,
      ...over,
    });
    switch (type) {
      case 'ChatMessageSendRequested':
        store.put('chat_messages', row({
          id: d.messageId, fan_id: d.fanId, sender_id: d.senderId, text: d.text, unique_id: d.uniqueId, is_pay_per_message: true, paid_cents: d.amountCents, status: 'pending', created_at: d.requestedAt,
          ...(d.media?.length ? { media: d.media, type: d.media[0].kind } : {}), // a fan's photo or video waiting for its payment
        }));
        return;
      case 'ChatMessageSent':
        store.put('chat_messages', row({
          id: d.messageId, fan_id: d.fanId, sender_id: d.senderId, from_staff: d.fromStaff, type: d.type, text: d.text, media: d.media, preview_media_id: d.previewMediaId,
          price_cents: d.priceCents, unique_id: d.uniqueId, is_pay_per_message: !!d.payPerMessage, paid_cents: d.payPerMessage?.amountCents ?? 0, status: 'sent', created_at: d.sentAt,
          min_tier_id: d.minTierId ?? null,
        }));
        return;
      case 'ChatMessageSendFailed':
        await update<ChatMessageRow>(store, 'chat_messages', { id: d.messageId }, (m) => ({ ...m, status: 'failed' }));
        return;
      case 'ChatMessageUnlocked':
        await update<ChatMessageRow>(store, 'chat_messages', { id: d.messageId }, (m) => ({ ...m, unlocked: true, unlock_payment_id: d.paymentId }));
        return;
      case 'ChatMessageUnlockRevoked':
        await update<ChatMessageRow>(store, 'chat_messages', { id: d.messageId }, (m) => ({ ...m, unlocked: false, unlock_payment_id: null }));
        return;
      // A tip from chat shows in the conversation once it is paid (the tip's id is its message id).
      case 'TipRequested':
        if (d.tipFrom !== 'chat') return;
        store.put('chat_messages', row({
          id: d.tipId, fan_id: d.userId, sender_id: d.userId, type: 'tips', text: '', tip_message: d.message || null, paid_cents: d.amountCents,
          is_anonymous: d.isAnonymous, status: 'pending', created_at: d.requestedAt,
        }));
        return;
      case 'TipSent':
        await update<ChatMessageRow>(store, 'chat_messages', { id: d.tipId }, (m) => ({ ...m, status: 'sent', created_at: d.sentAt }));
        return;
      case 'TipFailed':
        await update<ChatMessageRow>(store, 'chat_messages', { id: d.tipId }, (m) => ({ ...m, status: 'failed' }));
        return;
      // A mass or welcome message's copies: one row each, from the batch (the message's content rides with it).
      case 'MassMessageCopiesDelivered':
        for (const c of d.copies)
          store.put('chat_messages', row({
            id: c.messageId, fan_id: c.fanId, sender_id: d.content.senderId, from_staff: true, type: d.content.type, text: d.content.text, media: d.content.media,
            preview_media_id: d.content.previewMediaId, price_cents: d.content.priceCents, created_at: d.deliveredAt,
            is_mass_message: true, mass_message_type: c.massMessageType, mass_message_id: d.massId, min_tier_id: d.content.minTierId ?? null,
          }));
        return;
      case 'ChatMessageDeleted':
        await update<ChatMessageRow>(store, 'chat_messages', { id: d.messageId }, (m) => ({ ...m, deleted: m.deleted === 'all' || d.scope === 'all' ? 'all' : 'fan' }));
        return;
    }
  },
});

/** A message row as the driver or to_jsonb gives it: numbers may be text, media text or JSON, the time a Date or text. */
export type ChatMessageRead = Omit<ChatMessageRow, 'price_cents' | 'paid_cents' | 'media' | 'created_at'> & {
  price_cents: number | string;
  paid_cents: number | string;
  media: string | ChatMessageRow['media'] | null;
  created_at: Date | string;
};

/** A row as the driver or to_jsonb gives it → the typed row (numbers, parsed media, ISO time). */
export const chatMessageRow = (r: ChatMessageRead): ChatMessageRow => ({
  ...r,
  price_cents: Number(r.price_cents),
  paid_cents: Number(r.paid_cents),
  media: typeof r.media === 'string' ? JSON.parse(r.media) : (r.media ?? []),
  created_at: new Date(r.created_at).toISOString(),
});

/** One page of a conversation's delivered messages: page 1 is the newest `pageSize`, returned oldest first. */
export async function conversationPage(db: Kysely<ReadModels>, fanId: string, page: number, pageSize: number, forStaff = false): Promise<ChatMessageRow[]> {
  const r = await sql<ChatMessageRead>`SELECT * FROM rm.chat_messages WHERE fan_id = ${fanId} AND status = 'sent' AND ${visibleSql(forStaff)}
    ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db);
  return r.rows.map(chatMessageRow).reverse();
}

/** Deleted messages: gone for everyone ('all'); hidden from the fan ('fan') but shown to staff, marked (on one row: domain/chat/views.ts chatMessageShownTo). */
export const visibleSql = (forStaff: boolean) => (forStaff ? sql`COALESCE(deleted, 'none') <> 'all'` : sql`COALESCE(deleted, 'none') = 'none'`);

/** Sent messages (not deleted for all) that carry `mediaId`, as an item or as the preview. */
export async function chatMessageIdsWithMedia(db: Kysely<ReadModels>, mediaId: string): Promise<string[]> {
  const r = await sql<{ id: string }>`SELECT id FROM rm.chat_messages WHERE status = 'sent' AND COALESCE(deleted, 'none') <> 'all'
    AND (media @> ${JSON.stringify([{ mediaId }])}::jsonb OR preview_media_id = ${mediaId})`.execute(db);
  return r.rows.map((x) => x.id);
}

export async function findChatMessage(db: Kysely<ReadModels>, id: string): Promise<ChatMessageRow | undefined> {
  const r = await sql<ChatMessageRead>`SELECT * FROM rm.chat_messages WHERE id = ${id}`.execute(db);
  return r.rows[0] ? chatMessageRow(r.rows[0]) : undefined;
}

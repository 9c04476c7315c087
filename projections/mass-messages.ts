// Read model: mass and welcome messages (domain/chat/mass-message.ts) — one row per message (welcome versions
// included) with its status, progress and takings, and one row per copy a fan bought (or is buying). The copies
// themselves are chat messages (projections/chat-messages.ts); a copy's purchase is known here once the copy was
// recorded on its own stream (MassMessageCopyRecorded, written before any unlock of a copy).
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { massMessagesTables, storeRow, type ReadModelRows, type ReadModels, type StoreRow } from './schema';

export type MassMessageRow = StoreRow<'mass_messages'>;
export type MassPurchaseRow = StoreRow<'mass_message_purchases'>;

export const massMessagesProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'mass-messages',
  tables: massMessagesTables,
  handles: [
    'MassMessageCreated', 'MassMessageWaitingForMedia', 'MassMessageFailed', 'MassMessageResent', 'MassMessageAudienceChosen', 'MassMessageCopiesDelivered',
    'MassMessageSendCompleted', 'MassMessageCancelled', 'WelcomeMessageSet', 'MassMessageCopyRecorded', 'ChatMessageUnlockRequested', 'ChatMessageUnlocked',
    'ChatMessageUnlockFailed', 'ChatMessageUnlockRevoked',
  ],
  async apply(event, store) {
    const at = event.metadata.at;
    const change = (id: string, f: (m: MassMessageRow) => MassMessageRow) => update<MassMessageRow>(store, 'mass_messages', { id }, (m) => ({ ...f(m), updated_at: at }));
    const purchase = (copyId: string, f: (p: MassPurchaseRow) => MassPurchaseRow) => update<MassPurchaseRow>(store, 'mass_message_purchases', { copy_id: copyId }, f);
    switch (event.type) {
      case 'MassMessageCreated': {
        const d = event.data;
        const later = d.scheduledAt !== null && Date.parse(d.scheduledAt) > Date.parse(d.createdAt);
        store.put('mass_messages', {
          id: d.massId, kind: d.kind, sender_id: d.content.senderId, type: d.content.type, text: d.content.text, media: d.content.media,
          preview_media_id: d.content.previewMediaId, price_cents: d.content.priceCents, send_to: d.sendTo, new_user_delay: d.newUserDelay,
          delay_by_hours: d.delayByHours, scheduled_at: d.scheduledAt, category: d.category, unique_id: d.uniqueId, status: later ? 'scheduled' : 'sending',
          error: null, created_at: d.createdAt, updated_at: d.createdAt, audience_at: null, recipients: 0, delivered: 0, future_delivered: 0, purchases: 0,
          revenue_cents: 0, current_welcome: false, resent: false, segment: d.segment ?? null, min_tier_id: d.content.minTierId ?? null,
        });
        return;
      }
      case 'MassMessageWaitingForMedia':
        await change(event.data.massId, (m) => ({ ...m, status: 'processing' }));
        return;
      case 'MassMessageFailed':
        await change(event.data.massId, (m) => ({ ...m, status: 'error', error: event.data.error }));
        return;
      case 'MassMessageResent': {
        const c = event.data.content;
        await change(event.data.massId, (m) => ({ ...m, status: 'sending', error: null, resent: true, scheduled_at: null, type: c.type, media: c.media, preview_media_id: c.previewMediaId }));
        return;
      }
      case 'MassMessageAudienceChosen':
        await change(event.data.massId, (m) => ({ ...m, status: 'sending', audience_at: event.data.chosenAt, recipients: event.data.fanIds.length }));
        return;
      case 'MassMessageCopiesDelivered': {
        const d = event.data;
        await change(d.massId, (m) => (d.future ? { ...m, future_delivered: (m.future_delivered ?? 0) + d.copies.length } : { ...m, delivered: d.deliveredTotal }));
        return;
      }
      case 'MassMessageSendCompleted':
        await change(event.data.massId, (m) => ({ ...m, status: 'sent' }));
        return;
      case 'MassMessageCancelled':
        await change(event.data.massId, (m) => ({ ...m, status: 'cancelled', current_welcome: false }));
        return;
      case 'WelcomeMessageSet':
        if (event.data.previousId) await change(event.data.previousId, (m) => ({ ...m, current_welcome: false }));
        await change(event.data.welcomeId, (m) => ({ ...m, current_welcome: true }));
        return;
      case 'MassMessageCopyRecorded':
        store.put('mass_message_purchases', {
          copy_id: event.data.messageId, mass_id: event.data.massMessageId, fan_id: event.data.fanId, status: 'none', payment_id: null, amount_cents: 0,
          promotion_id: null, pending_payment_id: null, pending_promotion_id: null, purchased_at: null,
        });
        return;
      case 'ChatMessageUnlockRequested': {
        const d = event.data;
        await purchase(d.messageId, (p) => ({ ...p, pending_payment_id: d.paymentId, pending_promotion_id: d.promotionId ?? null }));
        return;
      }
      case 'ChatMessageUnlockFailed':
        await purchase(event.data.messageId, (p) => (p.pending_payment_id === event.data.paymentId ? { ...p, pending_payment_id: null, pending_promotion_id: null } : p));
        return;
      case 'ChatMessageUnlocked': {
        const d = event.data;
        // "Unlock for this Subscriber" opens it free of charge: not a purchase.
        const bought = d.paymentId !== null;
        const row = await purchase(d.messageId, (p) => ({
          ...p, status: bought ? 'bought' : 'staff', payment_id: d.paymentId, amount_cents: bought ? d.amountCents : 0,
          promotion_id: bought && p.pending_payment_id === d.paymentId ? p.pending_promotion_id : null, pending_payment_id: null, pending_promotion_id: null, purchased_at: d.unlockedAt,
        }));
        if (row?.mass_id && bought) await change(row.mass_id, (m) => ({ ...m, purchases: (m.purchases ?? 0) + 1, revenue_cents: (m.revenue_cents ?? 0) + d.amountCents }));
        return;
      }
      case 'ChatMessageUnlockRevoked': {
        const before = await store.get<MassPurchaseRow>('mass_message_purchases', { copy_id: event.data.messageId });
        if (!before || before.status !== 'bought') return;
        await purchase(event.data.messageId, (p) => ({ ...p, status: 'revoked' }));
        const cents = Number(before.amount_cents ?? 0);
        await change(before.mass_id!, (m) => ({ ...m, purchases: Math.max(0, (m.purchases ?? 0) - 1), revenue_cents: (m.revenue_cents ?? 0) - cents }));
        return;
      }
    }
  },
});

const rm = (db: Kysely<ReadModels>) => db.withSchema('rm');

export async function findMassMessage(db: Kysely<ReadModels>, id: string): Promise<MassMessageRow | undefined> {
  const r = await rm(db).selectFrom('mass_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? storeRow('mass_messages', r) : undefined;
}

export async function findMassMessageByUniqueId(db: Kysely<ReadModels>, uniqueId: string, senderId: string): Promise<MassMessageRow | undefined> {
  const r = await rm(db).selectFrom('mass_messages').selectAll().where('unique_id', '=', uniqueId).where('sender_id', '=', senderId).executeTakeFirst();
  return r ? storeRow('mass_messages', r) : undefined;
}

/** The manage page: newest first, optionally one status. Welcome versions are listed with the welcome message. */
export async function massMessagePage(db: Kysely<ReadModels>, q: { page: number; perPage: number; status: string | null; kind: 'mass' | 'welcome' }) {
  let base = rm(db).selectFrom('mass_messages').where('kind', '=', q.kind);
  if (q.status) base = base.where('status', '=', q.status);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.perPage).offset((q.page - 1) * q.perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => storeRow('mass_messages', r)), total: Number(total?.n ?? 0) };
}

/** Messages that still have delivery work: scheduled and due, waiting for media, or part-way through sending. */
export async function pendingMassMessages(db: Kysely<ReadModels>, nowIso: string, limit: number): Promise<string[]> {
  const r = await sql<{ id: string }>`SELECT id FROM rm.mass_messages
    WHERE status IN ('sending', 'processing') OR (status = 'scheduled' AND scheduled_at <= ${nowIso}::timestamptz)
    ORDER BY created_at LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Who bought copies of one message (optionally at one promotion), newest first. */
export async function massMessagePurchases(db: Kysely<ReadModels>, massId: string, promotionId: string | null) {
  let q = rm(db).selectFrom('mass_message_purchases').selectAll().where('mass_id', '=', massId).where('status', '=', 'bought');
  if (promotionId) q = q.where('promotion_id', '=', promotionId);
  const rows = await q.orderBy('purchased_at', 'desc').execute();
  return rows.map((r) => storeRow('mass_message_purchases', r));
}

/** The copy a fan holds of a message, if any (a copy's id is its chat message id). */
export async function purchaseOfCopy(db: Kysely<ReadModels>, copyId: string): Promise<MassPurchaseRow | undefined> {
  const r = await rm(db).selectFrom('mass_message_purchases').selectAll().where('copy_id', '=', copyId).executeTakeFirst();
  return r ? storeRow('mass_message_purchases', r) : undefined;
}

// Read model: the queue of shop mails (domain/shop-email). Every paid or shipped order, and every refund of an order
// whose items sold out before its payment came in, adds a row per mail;
// ShopEmailSent marks it sent. commands/shop-emails.ts reads the rows not sent and younger than a day, so a rebuild
// or a first start over an old log mails nothing late.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { shopEmailTables, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { shopMailsForEvent, SHOP_EMAIL_SOURCE_TYPES, type ShopEmailEvent, type ShopEmailKind, type ShopMailDue, type ShopMailDueFacts } from '../domain/shop-email/shop-email';

const rowId = (sourceEventId: string, kind: string) => `${sourceEventId}:${kind}`;

export const shopEmailsProjection = defineProjection<AnyDomainEvent | ShopEmailEvent, ReadModelRows>()({
  name: 'shop-emails',
  tables: shopEmailTables,
  handles: [...SHOP_EMAIL_SOURCE_TYPES, 'ShopEmailSent'],
  async apply(event, store) {
    if (event.type === 'ShopEmailSent') {
      const d = event.data;
      const row = await store.get<ReadModelRows['shop_email_queue']>('shop_email_queue', { id: rowId(d.sourceEventId, d.kind) });
      if (row) store.put('shop_email_queue', { ...row, sent_at: d.sentAt });
      return;
    }
    for (const m of shopMailsForEvent(event)) {
      if (!m.userId || !m.orderId) continue;
      store.put('shop_email_queue', { id: rowId(m.sourceEventId, m.kind), source_event_id: m.sourceEventId, kind: m.kind, order_id: m.orderId, user_id: m.userId, facts: m.facts ?? {}, at: m.at, sent_at: null });
    }
  },
});

/** Mails not sent yet whose event happened after `sinceIso`, oldest first. */
export async function shopEmailsDue(db: Kysely<ReadModels>, sinceIso: string, limit: number): Promise<ShopMailDue[]> {
  const rows = await db.withSchema('rm').selectFrom('shop_email_queue').selectAll()
    .where('sent_at', 'is', null).where('at', '>', timestamptz(sinceIso)).orderBy('at').orderBy('id').limit(limit).execute();
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  return rows.map((r) => ({
    sourceEventId: r.source_event_id ?? '', kind: r.kind as ShopEmailKind, orderId: r.order_id ?? '', userId: r.user_id ?? '', at: iso(r.at), facts: (r.facts ?? {}) as ShopMailDueFacts,
  }));
}

// Read model: the queue of subscription mails (domain/subscription-email). Every subscription event that
// makes mails adds a row per mail; SubscriptionEmailSent marks it sent. commands/subscription-emails.ts reads the rows
// not sent and younger than a day, so a rebuild or a first start over an old log mails nothing late.
import type { Kysely, NotNull } from 'kysely';
import { isoTimestamp } from '../infra/db/database';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { subscriptionEmailTables, type ReadModelRows, type ReadModels } from './schema';
import { mailsForEvent, SUBSCRIPTION_EMAIL_SOURCE_TYPES, type SubscriptionEmailEvent, type SubscriptionMailDue } from '../domain/subscription-email/subscription-email';
import type { SubscriptionEmailKind } from '../domain/settings/subscription-email';

const rowId = (sourceEventId: string, kind: string) => `${sourceEventId}:${kind}`;

export const subscriptionEmailsProjection = defineProjection<AnyDomainEvent | SubscriptionEmailEvent, ReadModelRows>()({
  name: 'subscription-emails',
  tables: subscriptionEmailTables,
  handles: [...SUBSCRIPTION_EMAIL_SOURCE_TYPES, 'SubscriptionEmailSent'],
  async apply(event, store) {
    if (event.type === 'SubscriptionEmailSent') {
      const d = event.data;
      const row = await store.get<ReadModelRows['subscription_email_queue']>('subscription_email_queue', { id: rowId(d.sourceEventId, d.kind) });
      if (row) store.put('subscription_email_queue', { ...row, sent_at: d.sentAt });
      return;
    }
    for (const m of mailsForEvent(event)) {
      if (!m.userId) continue;
      store.put('subscription_email_queue', {
        id: rowId(m.sourceEventId, m.kind), source_event_id: m.sourceEventId, kind: m.kind, user_id: m.userId,
        amount_cents: m.amountCents, date_iso: m.dateIso, at: m.at, sent_at: null,
      });
    }
  },
});

/** Mails not sent yet whose event happened after `sinceIso`, oldest first. */
export async function subscriptionEmailsDue(db: Kysely<ReadModels>, sinceIso: string, limit: number): Promise<SubscriptionMailDue[]> {
  const rows = await db.withSchema('rm').selectFrom('subscription_email_queue').selectAll()
    .where('sent_at', 'is', null).where('at', '>', isoTimestamp(sinceIso)).orderBy('at').limit(limit)
    // Every mail row is written with these (apply above), and its kind is one mailsForEvent names.
    .$narrowType<{ source_event_id: NotNull; kind: SubscriptionEmailKind; user_id: NotNull; at: NotNull }>()
    .execute();
  const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  return rows.map((r) => ({ sourceEventId: r.source_event_id, kind: r.kind, userId: r.user_id, amountCents: Number(r.amount_cents ?? 0), dateIso: iso(r.date_iso), at: r.at.toISOString() }));
}

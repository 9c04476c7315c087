// Read model: the queue of chat booking mails (domain/chat-booking/booking-email). Every booking event that makes
// mails adds a row per mail; ChatBookingEmailSent marks it sent. commands/chat-booking-emails.ts reads the rows not
// sent and younger than a day, so a rebuild or a first start over an old log mails nothing late.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { chatBookingEmailTables, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { bookingMailsForEvent, BOOKING_EMAIL_SOURCE_TYPES, type BookingEmailKind, type BookingMailDue, type BookingMailFacts } from '../domain/chat-booking/booking-email';

const rowId = (sourceEventId: string, kind: string) => `${sourceEventId}:${kind}`;

export const chatBookingEmailsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'chat-booking-emails',
  tables: chatBookingEmailTables,
  handles: [...BOOKING_EMAIL_SOURCE_TYPES, 'ChatBookingEmailSent'],
  async apply(event, store) {
    if (event.type === 'ChatBookingEmailSent') {
      const d = event.data;
      const row = await store.get<ReadModelRows['chat_booking_email_queue']>('chat_booking_email_queue', { id: rowId(d.sourceEventId, d.kind) });
      if (row) store.put('chat_booking_email_queue', { ...row, sent_at: d.sentAt });
      return;
    }
    for (const m of bookingMailsForEvent(event)) {
      store.put('chat_booking_email_queue', {
        id: rowId(m.sourceEventId, m.kind), source_event_id: m.sourceEventId, kind: m.kind, booking_id: m.bookingId, user_id: m.userId, facts: m.facts, at: m.at, sent_at: null,
      });
    }
  },
});

/** Mails not sent yet whose event happened after `sinceIso`, oldest first. */
export async function chatBookingEmailsDue(db: Kysely<ReadModels>, sinceIso: string, limit: number): Promise<BookingMailDue[]> {
  const rows = await db.withSchema('rm').selectFrom('chat_booking_email_queue').selectAll()
    .where('sent_at', 'is', null).where('at', '>', timestamptz(sinceIso)).orderBy('at').orderBy('id').limit(limit).execute();
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  return rows.map((r) => ({
    sourceEventId: r.source_event_id ?? '', kind: r.kind as BookingEmailKind, bookingId: r.booking_id ?? '', userId: r.user_id ?? '', at: iso(r.at), facts: (r.facts ?? {}) as BookingMailFacts,
  }));
}

// Read model: chat bookings (each with the steps it went through), the spans the booking calendar holds (for the
// open slots), the creator's availability as last set, and the fans allowed to chat while normal chat is off.
import { sql, type Kysely } from 'kysely';
import { DEFAULT_AVAILABILITY, type Availability, type Slot } from '../domain/chat-booking/availability';
import type { BookingStatus } from '../domain/chat-booking/booking';
import { fanChatRefusal } from '../domain/chat-booking/chat-access';
import type { SiteSettings } from '../domain/settings/settings';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { chatBookingsTables, storeRow, timestamptz, type ReadModelRows, type ReadModels, type StoreRow } from './schema';

export interface BookingStep {
  status: BookingStatus | 'attended' | 'rescheduled' | 'reversed';
  at: string;
  by: string | null;
  note: string | null;
}

/**
 * A booking as the queries answer it: the table's row (StoreRow, so a renamed or retyped column fails here), with
 * the columns the projection writes on every booking known to be set (the DDL has no NOT NULL), and the status and
 * steps in their own types.
 */
export type ChatBookingRow = StoreRow<'chat_bookings'> & {
  user_id: string;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  price_cents: number;
  cancel_deadline_hours: number;
  attended: boolean;
  refunded: boolean;
  history: BookingStep[];
  requested_at: string;
  updated_at: string;
};

export const chatBookingsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'chat-bookings',
  tables: chatBookingsTables,
  handles: [
    'ChatBookingRequested', 'ChatBookingConfirmed', 'ChatBookingPaymentFailed', 'ChatBookingStarted', 'ChatBookingAttended', 'ChatBookingCompleted', 'ChatBookingNoShow',
    'ChatBookingCancelled', 'ChatBookingRescheduled', 'ChatBookingReversed', 'ChatSlotHeld', 'ChatSlotBooked', 'ChatSlotMoved', 'ChatSlotReleased', 'ChatAvailabilitySet',
    'ChatUserAllowed', 'ChatUserDisallowed',
  ],
  async apply(event, store) {
    const step = (b: ChatBookingRow, s: BookingStep, change: Partial<ChatBookingRow> = {}): ChatBookingRow => ({ ...b, ...change, history: [...(b.history ?? []), s], updated_at: s.at });
    const booking = (id: string, change: (b: ChatBookingRow) => ChatBookingRow) => update<ChatBookingRow>(store, 'chat_bookings', { id }, change);
    switch (event.type) {
      case 'ChatBookingRequested': {
        const d = event.data;
        store.put('chat_bookings', {
          id: d.bookingId, user_id: d.fanId, status: 'requested', start_at: d.start, end_at: d.end, price_cents: d.priceCents, cancel_deadline_hours: d.cancelDeadlineHours, attended: false, cancelled_by: null, cancel_reason: null,
          refunded: false, history: [{ status: 'requested', at: d.requestedAt, by: null, note: null }], requested_at: d.requestedAt, updated_at: d.requestedAt,
        });
        return;
      }
      case 'ChatBookingConfirmed':
        await booking(event.data.bookingId, (b) => step(b, { status: 'booked', at: event.data.confirmedAt, by: null, note: null }, { status: 'booked' }));
        return;
      case 'ChatBookingPaymentFailed':
        await booking(event.data.bookingId, (b) => step(b, { status: 'failed', at: event.data.failedAt, by: null, note: event.data.failureCode }, { status: 'failed' }));
        return;
      case 'ChatBookingStarted':
        await booking(event.data.bookingId, (b) => step(b, { status: 'started', at: event.data.startedAt, by: null, note: null }, { status: 'started' }));
        return;
      case 'ChatBookingAttended':
        await booking(event.data.bookingId, (b) => step(b, { status: 'attended', at: event.data.attendedAt, by: null, note: null }, { attended: true }));
        return;
      case 'ChatBookingCompleted':
        await booking(event.data.bookingId, (b) => step(b, { status: 'completed', at: event.data.completedAt, by: null, note: null }, { status: 'completed' }));
        return;
      case 'ChatBookingNoShow':
        await booking(event.data.bookingId, (b) => step(b, { status: 'no_show', at: event.data.markedAt, by: null, note: event.data.refund ? 'refunded' : null }, { status: 'no_show' }));
        return;
      case 'ChatBookingCancelled': {
        const d = event.data;
        await booking(d.bookingId, (b) => step(b, { status: 'cancelled', at: d.cancelledAt, by: d.staffId ?? d.by, note: d.reason || null }, { status: 'cancelled', cancelled_by: d.by, cancel_reason: d.reason || null }));
        return;
      }
      case 'ChatBookingRescheduled': {
        const d = event.data;
        await booking(d.bookingId, (b) => step(b, { status: 'rescheduled', at: d.rescheduledAt, by: d.staffId ?? d.by, note: `${d.fromStart} → ${d.start}` }, { start_at: d.start, end_at: d.end }));
        return;
      }
      case 'ChatBookingReversed': {
        const d = event.data;
        await booking(d.bookingId, (b) => step(b, { status: 'reversed', at: d.reversedAt, by: null, note: d.kind }, { refunded: true, status: d.wasOn ? 'cancelled' : b.status }));
        return;
      }
      case 'ChatSlotHeld':
        store.put('chat_booking_slots', { booking_id: event.data.bookingId, user_id: event.data.fanId, start_at: event.data.start, end_at: event.data.end, status: 'held', expires_at: event.data.expiresAt });
        return;
      case 'ChatSlotBooked':
        store.put('chat_booking_slots', { booking_id: event.data.bookingId, user_id: event.data.fanId, start_at: event.data.start, end_at: event.data.end, status: 'booked', expires_at: null });
        return;
      case 'ChatSlotMoved':
        await update<{ start_at: string; end_at: string }>(store, 'chat_booking_slots', { booking_id: event.data.bookingId }, (r) => ({ ...r, start_at: event.data.start, end_at: event.data.end }));
        return;
      case 'ChatSlotReleased':
        store.delete('chat_booking_slots', { booking_id: event.data.bookingId });
        return;
      case 'ChatAvailabilitySet':
        store.put('chat_booking_availability', { id: 'current', rules: event.data.availability, updated_at: event.data.setAt, updated_by: event.data.setBy });
        return;
      case 'ChatUserAllowed':
        store.put('chat_allowed_users', { user_id: event.data.userId, allowed_by: event.data.allowedBy, allowed_at: event.data.allowedAt });
        return;
      case 'ChatUserDisallowed':
        store.delete('chat_allowed_users', { user_id: event.data.userId });
        return;
    }
  },
});

// ---- queries --------------------------------------------------------------------------------------------------

export async function currentAvailability(db: Kysely<ReadModels>): Promise<Availability> {
  const row = await db.withSchema('rm').selectFrom('chat_booking_availability').select('rules').where('id', '=', 'current').executeTakeFirst();
  return { ...DEFAULT_AVAILABILITY, ...((row?.rules as Availability | undefined) ?? {}) };
}

/** The spans bookings hold at `at`: booked, or held for a payment and not run out. */
export async function takenSlots(db: Kysely<ReadModels>, at: string): Promise<Slot[]> {
  const rows = await db.withSchema('rm').selectFrom('chat_booking_slots').select(['start_at', 'end_at'])
    .where((eb) => eb.or([eb('status', '=', 'booked'), eb('expires_at', '>', timestamptz(at))]))
    .where('end_at', '>', timestamptz(at)).execute();
  return rows.map((r) => ({ start: new Date(r.start_at!).toISOString(), end: new Date(r.end_at!).toISOString() }));
}

const toRow = (raw: Parameters<typeof storeRow<'chat_bookings'>>[1]): ChatBookingRow => storeRow('chat_bookings', raw) as ChatBookingRow;

export async function findBooking(db: Kysely<ReadModels>, id: string): Promise<ChatBookingRow | undefined> {
  const raw = await db.withSchema('rm').selectFrom('chat_bookings').selectAll().where('id', '=', id).executeTakeFirst();
  return raw ? toRow(raw) : undefined;
}

export type BookingListFilter = { userId?: string; status?: BookingStatus[]; from?: string; offset: number; limit: number };

/** Bookings by start time (upcoming first when `from` is given); with their count. */
export async function listBookings(db: Kysely<ReadModels>, f: BookingListFilter): Promise<{ rows: ChatBookingRow[]; total: number }> {
  let q = db.withSchema('rm').selectFrom('chat_bookings');
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.status?.length) q = q.where('status', 'in', f.status);
  if (f.from) q = q.where('end_at', '>', timestamptz(f.from));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('start_at', f.from ? 'asc' : 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
}

/** The bookings on at `at` (their slot began and has not ended): the live chats. */
export async function liveBookings(db: Kysely<ReadModels>, at: string): Promise<ChatBookingRow[]> {
  const rows = await db.withSchema('rm').selectFrom('chat_bookings').selectAll().where('status', 'in', ['booked', 'started'])
    .where('start_at', '<=', timestamptz(at)).where('end_at', '>', timestamptz(at)).orderBy('start_at').execute();
  return rows.map(toRow);
}

/** The next booking still to come or on now (the fan's own, or anyone's for staff). */
export async function nextBooking(db: Kysely<ReadModels>, at: string, userId: string | null): Promise<ChatBookingRow | undefined> {
  let q = db.withSchema('rm').selectFrom('chat_bookings').selectAll().where('status', 'in', ['booked', 'started']).where('end_at', '>', timestamptz(at));
  if (userId) q = q.where('user_id', '=', userId);
  const raw = await q.orderBy('start_at').limit(1).executeTakeFirst();
  return raw ? toRow(raw) : undefined;
}

export async function allowedToChat(db: Kysely<ReadModels>): Promise<Set<string>> {
  const rows = await db.withSchema('rm').selectFrom('chat_allowed_users').select('user_id').execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Why the fan may not write in the chat now (null: they may), read without recording attendance. */
export async function fanChatClosed(db: Kysely<ReadModels>, settings: Pick<SiteSettings, 'chat_settings' | 'chat_booking_enabled'>, userId: string, at: string): Promise<string | null> {
  if (!settings.chat_settings?.disabled_normal_chat) return null;
  const [allowed, live, ended] = await Promise.all([
    allowedToChat(db), liveBookings(db, at), listBookings(db, { userId, status: ['booked', 'started', 'completed', 'no_show'], offset: 0, limit: 60 }),
  ]);
  const bookingOn = live.some((b) => b.user_id === userId);
  // A held booking whose slot is over has ended, whether or not the pass has moved it yet.
  const hadBooking = ended.rows.some((b) => Date.parse(b.end_at) <= Date.parse(at));
  return fanChatRefusal({ normalChatDisabled: true, bookingEnabled: !!settings.chat_booking_enabled, allowed: allowed.has(userId), bookingOn, hadBooking });
}

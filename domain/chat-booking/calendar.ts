// The creator's booking calendar (stream `chat-booking-calendar`): which spans of time bookings hold. A fan's
// booking first holds its slot (before any money moves), the capture makes the hold a booking, a failed payment,
// a cancellation or a refund gives the slot back, a reschedule moves it. Every change is appended with the revision
// it was decided on, so of many fans asking for one slot at once one holds it and every other decides again on
// that hold and is told the slot is no longer available. One calendar also counts each fan's upcoming bookings.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { overlaps, type Slot } from './availability';

export const calendarStream = () => 'chat-booking-calendar';

/** How long a slot is held for a payment that has not finished. */
export const HOLD_MINUTES = 15;

export const SLOT_TAKEN = 'This slot is no longer available.';
export const TOO_MANY_BOOKINGS = (max: number) => `You can hold at most ${max} upcoming ${max === 1 ? 'booking' : 'bookings'}.`;

export interface CalendarEntry extends Slot {
  fanId: string;
  /** held: waiting for its payment until expiresAt; booked: paid. */
  status: 'held' | 'booked';
  expiresAt: string | null;
}

export interface CalendarState {
  entries: Record<string, CalendarEntry>;
}

export type SlotReleaseReason = 'payment_failed' | 'expired' | 'cancelled' | 'refunded' | 'ended';

export type CalendarEvent =
  | DomainEvent<'ChatSlotHeld', { bookingId: string; fanId: string; start: string; end: string; expiresAt: string; heldAt: string }>
  | DomainEvent<'ChatSlotBooked', { bookingId: string; fanId: string; start: string; end: string; bookedAt: string }>
  | DomainEvent<'ChatSlotMoved', { bookingId: string; fanId: string; start: string; end: string; movedAt: string }>
  | DomainEvent<'ChatSlotReleased', { bookingId: string; fanId: string; reason: SlotReleaseReason; releasedAt: string }>;

export type CalendarCommand =
  | { type: 'HoldSlot'; bookingId: string; fanId: string; slot: Slot; maxPerFan: number; at: string }
  | { type: 'BookSlot'; bookingId: string; fanId: string; slot: Slot; at: string }
  | { type: 'MoveSlot'; bookingId: string; slot: Slot; at: string }
  | { type: 'ReleaseSlot'; bookingId: string; reason: SlotReleaseReason; at: string };

const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const slotTaken = () => new DomainError(SLOT_TAKEN, 'SLOT_TAKEN', 409);

/** Entries that still hold their span at `at`: booked, or held and not run out. */
export function liveEntries(s: CalendarState, at: string): [string, CalendarEntry][] {
  return Object.entries(s.entries).filter(([, e]) => e.status === 'booked' || (e.expiresAt !== null && e.expiresAt > at));
}

/** The spans bookings hold at `at` (for the open slots). */
export const takenSpans = (s: CalendarState, at: string): Slot[] => liveEntries(s, at).map(([, e]) => ({ start: e.start, end: e.end }));

function expiredReleases(s: CalendarState, at: string): CalendarEvent[] {
  return Object.entries(s.entries)
    .filter(([, e]) => e.status === 'held' && e.expiresAt !== null && e.expiresAt <= at)
    .map(([bookingId, e]) => ({ type: 'ChatSlotReleased', data: { bookingId, fanId: e.fanId, reason: 'expired', releasedAt: at } }));
}

function clashes(s: CalendarState, bookingId: string, slot: Slot, at: string): boolean {
  return liveEntries(s, at).some(([id, e]) => id !== bookingId && overlaps(e, slot));
}

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: () => ({ entries: {} }),
  evolve(s, e) {
    const { [e.data.bookingId]: was, ...rest } = s.entries;
    switch (e.type) {
      case 'ChatSlotHeld':
        return { entries: { ...s.entries, [e.data.bookingId]: { fanId: e.data.fanId, start: e.data.start, end: e.data.end, status: 'held', expiresAt: e.data.expiresAt } } };
      case 'ChatSlotBooked':
        return { entries: { ...s.entries, [e.data.bookingId]: { fanId: e.data.fanId, start: e.data.start, end: e.data.end, status: 'booked', expiresAt: null } } };
      case 'ChatSlotMoved':
        return was ? { entries: { ...s.entries, [e.data.bookingId]: { ...was, start: e.data.start, end: e.data.end } } } : s;
      case 'ChatSlotReleased':
        return { entries: rest };
    }
  },
  decide(c, s) {
    switch (c.type) {
      case 'HoldSlot': {
        const mine = s.entries[c.bookingId];
        // The same booking again (a retry of the same request) holds nothing more.
        if (mine && (mine.status === 'booked' || (mine.expiresAt ?? '') > c.at)) return [];
        const releases = expiredReleases(s, c.at);
        if (clashes(s, c.bookingId, c.slot, c.at)) throw slotTaken();
        const upcoming = liveEntries(s, c.at).filter(([id, e]) => id !== c.bookingId && e.fanId === c.fanId && e.end > c.at).length;
        if (upcoming >= c.maxPerFan) throw new DomainError(TOO_MANY_BOOKINGS(c.maxPerFan), 'TOO_MANY_BOOKINGS', 409, { max: c.maxPerFan });
        return [...releases, { type: 'ChatSlotHeld', data: { bookingId: c.bookingId, fanId: c.fanId, start: c.slot.start, end: c.slot.end, expiresAt: addMinutes(c.at, HOLD_MINUTES), heldAt: c.at } }];
      }
      case 'BookSlot': {
        const mine = s.entries[c.bookingId];
        if (mine?.status === 'booked') return [];
        // The hold ran out before the payment came in (released, or still listed but expired): the slot is taken
        // again only if nobody else has it.
        const ranOut = !mine || (mine.expiresAt !== null && mine.expiresAt <= c.at);
        if (ranOut && clashes(s, c.bookingId, mine ?? c.slot, c.at)) throw slotTaken();
        return [{ type: 'ChatSlotBooked', data: { bookingId: c.bookingId, fanId: c.fanId, start: mine?.start ?? c.slot.start, end: mine?.end ?? c.slot.end, bookedAt: c.at } }];
      }
      case 'MoveSlot': {
        const mine = s.entries[c.bookingId];
        if (!mine) throw new DomainError('Booking not found.', 'BOOKING_NOT_FOUND', 404);
        if (mine.start === c.slot.start && mine.end === c.slot.end) return [];
        if (clashes(s, c.bookingId, c.slot, c.at)) throw slotTaken();
        return [{ type: 'ChatSlotMoved', data: { bookingId: c.bookingId, fanId: mine.fanId, start: c.slot.start, end: c.slot.end, movedAt: c.at } }];
      }
      case 'ReleaseSlot': {
        const mine = s.entries[c.bookingId];
        if (!mine) return [];
        return [{ type: 'ChatSlotReleased', data: { bookingId: c.bookingId, fanId: mine.fanId, reason: c.reason, releasedAt: c.at } }];
      }
    }
  },
};

/** The fan's booking whose slot is on at `at`, if any. */
export function bookingOnAt(s: CalendarState, fanId: string, at: string): string | null {
  const hit = Object.entries(s.entries).find(([, e]) => e.status === 'booked' && e.fanId === fanId && e.start <= at && at < e.end);
  return hit ? hit[0] : null;
}

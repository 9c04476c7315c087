// One fan's booking of a one-to-one chat slot (stream `chat-booking-<id>`; its id is its payment's id).
//   requested (waiting for the payment) → booked (paid) → started (the slot began) → completed, or no_show when the
//   fan never wrote during the slot; a failed payment ends it as failed.
//   The fan may cancel or move it until the creator's deadline before the start; the creator may cancel or move it
//   at any time. A cancellation of a paid booking is refunded in full; a no-show is refunded or not as the
//   creator's setting says (recorded with the booking when it was made). Money that comes back (a refund, void or
//   chargeback) ends a booking that was still on.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { NoShowPolicy, Slot } from './availability';

export const chatBookingStream = (bookingId: string) => `chat-booking-${bookingId}`;

export type BookingStatus = 'requested' | 'booked' | 'started' | 'completed' | 'no_show' | 'cancelled' | 'failed';

export const BOOKING_NOT_FOUND = 'Booking not found.';
export const CANCEL_DEADLINE_PASSED = (hours: number) => `Bookings can be cancelled or moved up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start.`;
export const BOOKING_NOT_CHANGEABLE = 'This booking can no longer be changed.';

export interface BookingState {
  bookingId: string | null;
  fanId: string | null;
  status: BookingStatus | null;
  slot: Slot | null;
  priceCents: number;
  cancelDeadlineHours: number;
  noShowPolicy: NoShowPolicy;
  attended: boolean;
  /** The booking's money came back (a refund, void or chargeback). */
  reversed: boolean;
  /** Why it was cancelled, once cancelled. */
  cancelReason?: string;
  /** When the fan last learned the time (paid, or moved). */
  settledAt: string | null;
  /** The start the fan was last reminded of (a moved booking is reminded again). */
  remindedFor: string | null;
}

type By = { by: 'fan' | 'creator' | 'system'; staffId: string | null };

export type BookingEvent =
  | DomainEvent<'ChatBookingRequested', { bookingId: string; fanId: string; start: string; end: string; priceCents: number; cancelDeadlineHours: number; noShowPolicy: NoShowPolicy; requestedAt: string }>
  | DomainEvent<'ChatBookingConfirmed', { bookingId: string; fanId: string; start: string; end: string; priceCents: number; confirmedAt: string }>
  | DomainEvent<'ChatBookingPaymentFailed', { bookingId: string; fanId: string; failureCode: string; failedAt: string }>
  | DomainEvent<'ChatBookingStarted', { bookingId: string; fanId: string; start: string; end: string; startedAt: string }>
  | DomainEvent<'ChatBookingAttended', { bookingId: string; fanId: string; attendedAt: string }>
  | DomainEvent<'ChatBookingCompleted', { bookingId: string; fanId: string; completedAt: string }>
  | DomainEvent<'ChatBookingNoShow', { bookingId: string; fanId: string; refund: boolean; markedAt: string }>
  | DomainEvent<'ChatBookingCancelled', By & { bookingId: string; fanId: string; reason: string; refund: boolean; cancelledAt: string }>
  | DomainEvent<'ChatBookingRescheduled', By & { bookingId: string; fanId: string; fromStart: string; fromEnd: string; start: string; end: string; rescheduledAt: string }>
  | DomainEvent<'ChatBookingReversed', { bookingId: string; fanId: string; kind: string; wasOn: boolean; reversedAt: string }>
  | DomainEvent<'ChatBookingReminded', { bookingId: string; fanId: string; start: string; end: string; minutesBefore: number; remindedAt: string }>;

export type BookingCommand =
  | { type: 'RequestBooking'; bookingId: string; fanId: string; slot: Slot; priceCents: number; cancelDeadlineHours: number; noShowPolicy: NoShowPolicy; at: string }
  | { type: 'ConfirmBooking'; bookingId: string; at: string }
  | { type: 'FailBookingPayment'; bookingId: string; failureCode: string; at: string }
  | { type: 'StartBooking'; bookingId: string; at: string }
  | { type: 'MarkAttended'; bookingId: string; at: string }
  | { type: 'EndBooking'; bookingId: string; at: string }
  /** captured: the booking's payment was taken although the booking is still requested (it is refunded). */
  | { type: 'CancelBooking'; bookingId: string; by: 'fan' | 'creator' | 'system'; staffId: string | null; reason: string; captured?: boolean; at: string }
  | { type: 'RescheduleBooking'; bookingId: string; by: 'fan' | 'creator'; staffId: string | null; slot: Slot; at: string }
  | { type: 'ReverseBooking'; bookingId: string; kind: string; at: string }
  | { type: 'RemindBooking'; bookingId: string; minutesBefore: number; at: string };

const notFound = () => new DomainError(BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND', 404);
const notChangeable = () => new DomainError(BOOKING_NOT_CHANGEABLE, 'BOOKING_NOT_CHANGEABLE', 409);

/** Whether the fan may still cancel or move the booking at `at`: until the deadline before its start. */
export function beforeFanDeadline(s: Pick<BookingState, 'slot' | 'cancelDeadlineHours'>, at: string): boolean {
  return !!s.slot && Date.parse(at) <= Date.parse(s.slot.start) - s.cancelDeadlineHours * 3_600_000;
}

/** A booking that holds its slot and will (or does) take place. */
export const isOn = (status: BookingStatus | null): boolean => status === 'booked' || status === 'started';

/**
 * Whether the fan is to be reminded at `at`: a paid booking inside the last `minutesBefore` before its start, not
 * yet reminded of that start, and paid or moved before that window opened (a booking made inside the window was
 * just told its time). 0 minutes: never.
 */
export function reminderDue(s: Pick<BookingState, 'status' | 'slot' | 'settledAt' | 'remindedFor'>, minutesBefore: number, at: string): boolean {
  if (s.status !== 'booked' || !s.slot || minutesBefore <= 0 || s.remindedFor === s.slot.start) return false;
  const start = Date.parse(s.slot.start);
  const opens = start - minutesBefore * 60_000;
  const now = Date.parse(at);
  return now >= opens && now < start && (s.settledAt === null || Date.parse(s.settledAt) < opens);
}

export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  initialState: () => ({ bookingId: null, fanId: null, status: null, slot: null, priceCents: 0, cancelDeadlineHours: 0, noShowPolicy: 'keep_payment', attended: false, reversed: false, settledAt: null, remindedFor: null }),
  evolve(s, e) {
    switch (e.type) {
      case 'ChatBookingRequested': {
        const d = e.data;
        return { ...s, bookingId: d.bookingId, fanId: d.fanId, status: 'requested', slot: { start: d.start, end: d.end }, priceCents: d.priceCents, cancelDeadlineHours: d.cancelDeadlineHours, noShowPolicy: d.noShowPolicy };
      }
      case 'ChatBookingConfirmed':
        return { ...s, status: 'booked', settledAt: e.data.confirmedAt };
      case 'ChatBookingPaymentFailed':
        return { ...s, status: 'failed' };
      case 'ChatBookingStarted':
        return { ...s, status: 'started' };
      case 'ChatBookingAttended':
        return { ...s, attended: true };
      case 'ChatBookingCompleted':
        return { ...s, status: 'completed' };
      case 'ChatBookingNoShow':
        return { ...s, status: 'no_show' };
      case 'ChatBookingCancelled':
        return { ...s, status: 'cancelled', cancelReason: e.data.reason };
      case 'ChatBookingRescheduled':
        return { ...s, slot: { start: e.data.start, end: e.data.end }, settledAt: e.data.rescheduledAt };
      case 'ChatBookingReversed':
        return { ...s, reversed: true, status: e.data.wasOn ? 'cancelled' : s.status };
      case 'ChatBookingReminded':
        return { ...s, remindedFor: e.data.start };
    }
  },
  decide(c, s) {
    if (c.type !== 'RequestBooking' && s.status === null) throw notFound();
    const base = { bookingId: c.bookingId, fanId: s.fanId! };
    switch (c.type) {
      case 'RequestBooking':
        if (s.status !== null) return [];
        return [{ type: 'ChatBookingRequested', data: {
          bookingId: c.bookingId, fanId: c.fanId, start: c.slot.start, end: c.slot.end, priceCents: c.priceCents, cancelDeadlineHours: c.cancelDeadlineHours, noShowPolicy: c.noShowPolicy, requestedAt: c.at,
        } }];
      case 'ConfirmBooking':
        if (s.status !== 'requested') return [];
        return [{ type: 'ChatBookingConfirmed', data: { ...base, start: s.slot!.start, end: s.slot!.end, priceCents: s.priceCents, confirmedAt: c.at } }];
      case 'FailBookingPayment':
        if (s.status !== 'requested') return [];
        return [{ type: 'ChatBookingPaymentFailed', data: { ...base, failureCode: c.failureCode, failedAt: c.at } }];
      case 'StartBooking':
        if (s.status !== 'booked' || c.at < s.slot!.start) return [];
        return [{ type: 'ChatBookingStarted', data: { ...base, start: s.slot!.start, end: s.slot!.end, startedAt: c.at } }];
      case 'MarkAttended':
        if (s.attended || !isOn(s.status) || c.at < s.slot!.start || c.at >= s.slot!.end) return [];
        return [{ type: 'ChatBookingAttended', data: { ...base, attendedAt: c.at } }];
      case 'EndBooking': {
        if (!isOn(s.status) || c.at < s.slot!.end) return [];
        const started: BookingEvent[] = s.status === 'booked' ? [{ type: 'ChatBookingStarted', data: { ...base, start: s.slot!.start, end: s.slot!.end, startedAt: s.slot!.start } }] : [];
        if (s.attended) return [...started, { type: 'ChatBookingCompleted', data: { ...base, completedAt: c.at } }];
        return [...started, { type: 'ChatBookingNoShow', data: { ...base, refund: s.noShowPolicy === 'refund', markedAt: c.at } }];
      }
      case 'CancelBooking': {
        if (s.status === 'cancelled') return [];
        if (c.by === 'fan' && s.status === 'booked' && !beforeFanDeadline(s, c.at))
          throw new DomainError(CANCEL_DEADLINE_PASSED(s.cancelDeadlineHours), 'CANCEL_DEADLINE_PASSED', 409, { deadlineHours: s.cancelDeadlineHours });
        const cancellable = c.by === 'fan' ? s.status === 'booked' : s.status === 'booked' || s.status === 'started' || s.status === 'requested';
        if (!cancellable) throw notChangeable();
        return [{ type: 'ChatBookingCancelled', data: { ...base, by: c.by, staffId: c.staffId, reason: c.reason, refund: (c.captured === true || s.status !== 'requested') && !s.reversed, cancelledAt: c.at } }];
      }
      case 'RescheduleBooking': {
        if (s.status !== 'booked') throw notChangeable();
        if (c.by === 'fan' && !beforeFanDeadline(s, c.at))
          throw new DomainError(CANCEL_DEADLINE_PASSED(s.cancelDeadlineHours), 'CANCEL_DEADLINE_PASSED', 409, { deadlineHours: s.cancelDeadlineHours });
        if (s.slot!.start === c.slot.start && s.slot!.end === c.slot.end) return [];
        return [{ type: 'ChatBookingRescheduled', data: { ...base, by: c.by, staffId: c.staffId, fromStart: s.slot!.start, fromEnd: s.slot!.end, start: c.slot.start, end: c.slot.end, rescheduledAt: c.at } }];
      }
      case 'ReverseBooking':
        if (s.reversed) return [];
        return [{ type: 'ChatBookingReversed', data: { ...base, kind: c.kind, wasOn: isOn(s.status) || s.status === 'requested', reversedAt: c.at } }];
      case 'RemindBooking':
        if (!reminderDue(s, c.minutesBefore, c.at)) return [];
        return [{ type: 'ChatBookingReminded', data: { ...base, start: s.slot!.start, end: s.slot!.end, minutesBefore: c.minutesBefore, remindedAt: c.at } }];
    }
  },
};

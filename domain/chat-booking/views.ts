// Chat booking answers, shared by the server and both apps: a booking as the fan and staff see it, the
// availability as staff edit it (snake_case on the wire), and the countdown of the next meeting.
import type { Availability } from './availability';
import type { BookingStatus } from './booking';

export interface BookingView {
  id: string;
  user_id: string;
  status: BookingStatus;
  start: string;
  end: string;
  price_cents: number;
  attended: boolean;
  cancelled_by: string | null;
  cancel_reason: string | null;
  refunded: boolean;
  /** Until when the fan may cancel or move it (null: no longer). */
  fan_can_change_until: string | null;
}

export interface BookingRowLike {
  id: string;
  user_id: string;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  price_cents: number;
  cancel_deadline_hours: number;
  attended: boolean;
  cancelled_by: string | null;
  cancel_reason: string | null;
  refunded: boolean;
}

export function bookingView(r: BookingRowLike, nowIso: string): BookingView {
  const until = new Date(Date.parse(r.start_at) - r.cancel_deadline_hours * 3_600_000).toISOString();
  return {
    id: r.id, user_id: r.user_id, status: r.status, start: r.start_at, end: r.end_at, price_cents: r.price_cents, attended: r.attended,
    cancelled_by: r.cancelled_by, cancel_reason: r.cancel_reason, refunded: r.refunded,
    fan_can_change_until: r.status === 'booked' && until >= nowIso ? until : null,
  };
}

export interface AvailabilityWire {
  time_zone: string;
  weekly: { day: number; start: string; end: string }[];
  exceptions: { date: string; hours: { start: string; end: string }[] }[];
  slot_minutes: number;
  buffer_minutes: number;
  price_cents: number;
  book_ahead_days: number;
  min_notice_minutes: number;
  max_bookings_per_fan: number;
  cancel_deadline_hours: number;
  no_show_policy: Availability['noShowPolicy'];
  /** Minutes before a booking that the fan is reminded (0: never); left out when set, the one set before stays. */
  reminder_minutes_before?: number;
}

export const availabilityToWire = (a: Availability): AvailabilityWire & { reminder_minutes_before: number } => ({
  time_zone: a.timeZone, weekly: a.weekly, exceptions: a.exceptions, slot_minutes: a.slotMinutes, buffer_minutes: a.bufferMinutes, price_cents: a.priceCents,
  book_ahead_days: a.bookAheadDays, min_notice_minutes: a.minNoticeMinutes, max_bookings_per_fan: a.maxBookingsPerFan, cancel_deadline_hours: a.cancelDeadlineHours,
  no_show_policy: a.noShowPolicy, reminder_minutes_before: a.reminderMinutesBefore,
});

export const availabilityFromWire = (w: AvailabilityWire): Omit<Availability, 'reminderMinutesBefore'> & { reminderMinutesBefore?: number } => ({
  timeZone: w.time_zone, weekly: w.weekly, exceptions: w.exceptions, slotMinutes: w.slot_minutes, bufferMinutes: w.buffer_minutes, priceCents: w.price_cents,
  bookAheadDays: w.book_ahead_days, minNoticeMinutes: w.min_notice_minutes, maxBookingsPerFan: w.max_bookings_per_fan, cancelDeadlineHours: w.cancel_deadline_hours,
  noShowPolicy: w.no_show_policy, reminderMinutesBefore: w.reminder_minutes_before,
});

/** The countdown: to the start of the next meeting, or to the end of the one on now. */
export interface MeetingCountdown {
  status: 'upcoming' | 'live' | null;
  remaining_seconds: number;
}

export function countdownOf(next: { start_at: string; end_at: string } | undefined, nowIso: string): MeetingCountdown {
  if (!next) return { status: null, remaining_seconds: 0 };
  const now = Date.parse(nowIso);
  const start = Date.parse(next.start_at);
  const end = Date.parse(next.end_at);
  if (now < start) return { status: 'upcoming', remaining_seconds: Math.ceil((start - now) / 1000) };
  return { status: 'live', remaining_seconds: Math.max(0, Math.ceil((end - now) / 1000)) };
}

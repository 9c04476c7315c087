// When the creator can be booked for a one-to-one chat (stream `chat-booking-availability`): weekly hours in the
// creator's own time zone, dated exceptions (other hours, or a day off), the slot length, a buffer between slots,
// the price of a slot, how far ahead and how soon fans may book, how many upcoming bookings one fan may hold,
// until when a fan may cancel or move a booking, and what a no-show costs. Slots are worked out from these rules
// (never stored): each window of a day is cut into slots of the slot length, one buffer apart, and a slot is a
// real span of time, so a window on a day the clocks change is an hour shorter or longer.
import type { Decider, DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { instantOf, isTimeZone, localTimeOf, minutesOfDay, nextDate, weekdayOf } from './time-zone';

export const availabilityStream = () => 'chat-booking-availability';

export interface Hours {
  /** HH:mm, creator's local time */
  start: string;
  /** HH:mm, after start; '24:00' is the end of the day */
  end: string;
}

export interface WeeklyHours extends Hours {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
}

export interface DateException {
  /** YYYY-MM-DD in the creator's time zone */
  date: string;
  /** The hours that day instead of the weekly ones; empty: a day off. */
  hours: Hours[];
}

/** What happens when the fan does not come to their slot. */
export type NoShowPolicy = 'keep_payment' | 'refund';

export interface Availability {
  timeZone: string;
  weekly: WeeklyHours[];
  exceptions: DateException[];
  slotMinutes: number;
  bufferMinutes: number;
  priceCents: number;
  /** How many days ahead a slot may be booked. */
  bookAheadDays: number;
  /** Booking closes this many minutes before a slot starts. */
  minNoticeMinutes: number;
  /** How many upcoming bookings one fan may hold at once. */
  maxBookingsPerFan: number;
  /** A fan may cancel or move a booking until this many hours before it starts. */
  cancelDeadlineHours: number;
  noShowPolicy: NoShowPolicy;
  /** The fan is reminded (mail and web push) this many minutes before a booking starts; 0: no reminder. */
  reminderMinutesBefore: number;
}

export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: 'UTC', weekly: [], exceptions: [], slotMinutes: 15, bufferMinutes: 5, priceCents: 2000,
  bookAheadDays: 30, minNoticeMinutes: 60, maxBookingsPerFan: 2, cancelDeadlineHours: 24, noShowPolicy: 'keep_payment',
  reminderMinutesBefore: 60,
};

export const LIMITS = {
  slotMinutes: [5, 240], bufferMinutes: [0, 120], priceCents: [100, 1_000_000], bookAheadDays: [1, 365], minNoticeMinutes: [0, 10_080],
  maxBookingsPerFan: [1, 50], cancelDeadlineHours: [0, 720], reminderMinutesBefore: [0, 10_080],
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const field = (path: string) => path.replace(/([A-Z])/g, '_$1').toLowerCase();

function checkHours(list: Hours[], path: string): void {
  list.forEach((h, i) => {
    if (!TIME.test(h.start)) throw new ValidationError(`${path}[${i}].start`, `${path}[${i}].start must be a time like 09:00.`);
    if (!TIME.test(h.end)) throw new ValidationError(`${path}[${i}].end`, `${path}[${i}].end must be a time like 17:30.`);
    if (minutesOfDay(h.end) <= minutesOfDay(h.start)) throw new ValidationError(`${path}[${i}].end`, `${path}[${i}].end must be after its start.`);
  });
}

/** Hours of one day that overlap each other are refused (which one is meant would be a guess). */
function checkNoOverlap(list: Hours[], path: string): void {
  const sorted = [...list].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
  for (let i = 1; i < sorted.length; i++)
    if (minutesOfDay(sorted[i].start) < minutesOfDay(sorted[i - 1].end)) throw new ValidationError(path, `${path}: hours ${sorted[i - 1].start}–${sorted[i - 1].end} and ${sorted[i].start}–${sorted[i].end} overlap.`);
}

/** The rules as staff set them, checked; the first broken rule is refused naming its field. */
export function validateAvailability(a: Availability): Availability {
  if (!isTimeZone(a.timeZone)) throw new ValidationError('time_zone', 'time_zone must be a time zone like Europe/Berlin.');
  for (const [key, [min, max]] of Object.entries(LIMITS) as [keyof typeof LIMITS, readonly [number, number]][]) {
    const v = a[key];
    if (!Number.isInteger(v) || v < min || v > max) throw new ValidationError(field(key), `${field(key)} must be a whole number from ${min} to ${max}.`);
  }
  if (a.noShowPolicy !== 'keep_payment' && a.noShowPolicy !== 'refund') throw new ValidationError('no_show_policy', "no_show_policy must be 'keep_payment' or 'refund'.");
  a.weekly.forEach((w, i) => {
    if (!Number.isInteger(w.day) || w.day < 0 || w.day > 6) throw new ValidationError(`weekly[${i}].day`, `weekly[${i}].day must be 0 (Sunday) to 6 (Saturday).`);
  });
  checkHours(a.weekly, 'weekly');
  for (let d = 0; d < 7; d++) checkNoOverlap(a.weekly.filter((w) => w.day === d), 'weekly');
  const dates = new Set<string>();
  a.exceptions.forEach((e, i) => {
    if (!DATE.test(e.date)) throw new ValidationError(`exceptions[${i}].date`, `exceptions[${i}].date must be a date like 2026-12-24.`);
    if (dates.has(e.date)) throw new ValidationError(`exceptions[${i}].date`, `exceptions[${i}].date: ${e.date} is listed twice.`);
    dates.add(e.date);
    checkHours(e.hours, `exceptions[${i}].hours`);
    checkNoOverlap(e.hours, `exceptions[${i}].hours`);
  });
  return { ...a, exceptions: [...a.exceptions].sort((x, y) => x.date.localeCompare(y.date)) };
}

export interface Slot {
  /** ISO instants */
  start: string;
  end: string;
}

/** The hours of one creator-local date: its exception, else the weekly hours of its weekday. */
export function hoursOn(a: Availability, date: string): Hours[] {
  const exception = a.exceptions.find((e) => e.date === date);
  if (exception) return exception.hours;
  const day = weekdayOf(date);
  return a.weekly.filter((w) => w.day === day).map(({ start, end }) => ({ start, end }));
}

/** The slots of one window: slot length apiece, a buffer apart, all inside the window. */
export function slotsInWindow(windowStartMs: number, windowEndMs: number, slotMinutes: number, bufferMinutes: number): Slot[] {
  const out: Slot[] = [];
  const step = (slotMinutes + bufferMinutes) * 60_000;
  for (let t = windowStartMs; t + slotMinutes * 60_000 <= windowEndMs; t += step)
    out.push({ start: new Date(t).toISOString(), end: new Date(t + slotMinutes * 60_000).toISOString() });
  return out;
}

/**
 * Every slot the rules offer between `now` plus the notice and the booking horizon, in time order (taken slots are
 * not removed here: see openSlots).
 */
export function offeredSlots(a: Availability, nowIso: string): Slot[] {
  const now = Date.parse(nowIso);
  const earliest = now + a.minNoticeMinutes * 60_000;
  const latest = now + a.bookAheadDays * 86_400_000;
  const out: Slot[] = [];
  // From the creator's yesterday (a window may run past midnight in UTC) to the day after the horizon.
  let date = nextDate(localTimeOf(now, a.timeZone).date, -1);
  const lastDate = nextDate(localTimeOf(latest, a.timeZone).date, 1);
  while (date <= lastDate) {
    for (const h of hoursOn(a, date)) {
      const from = instantOf(date, minutesOfDay(h.start), a.timeZone);
      const to = instantOf(date, minutesOfDay(h.end), a.timeZone);
      for (const s of slotsInWindow(from, to, a.slotMinutes, a.bufferMinutes)) {
        const t = Date.parse(s.start);
        if (t >= earliest && t <= latest) out.push(s);
      }
    }
    date = nextDate(date);
  }
  return out.sort((x, y) => x.start.localeCompare(y.start));
}

/** Whether two spans share any moment (touching ends do not). */
export const overlaps = (a: Slot, b: Slot): boolean => a.start < b.end && b.start < a.end;

/** The offered slots no booking holds. */
export function openSlots(a: Availability, nowIso: string, taken: readonly Slot[]): Slot[] {
  return offeredSlots(a, nowIso).filter((s) => !taken.some((t) => overlaps(s, t)));
}

/** Whether a slot is one the rules offer now (the fan picked it from an earlier list, or typed it). */
export const isOffered = (a: Availability, nowIso: string, slot: Slot): boolean => offeredSlots(a, nowIso).some((s) => s.start === slot.start && s.end === slot.end);

/** A slot as a fan sees it in their own time zone. */
export interface LocalSlot extends Slot {
  date: string;
  startTime: string;
  endTime: string;
  /** e.g. 'UTC+01:00' */
  utcOffset: string;
}

const offsetLabel = (minutes: number) => `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

export function inZone(slot: Slot, zone: string): LocalSlot {
  const s = localTimeOf(Date.parse(slot.start), zone);
  const e = localTimeOf(Date.parse(slot.end), zone);
  return { ...slot, date: s.date, startTime: s.time, endTime: e.time, utcOffset: offsetLabel(s.offsetMinutes) };
}

export type AvailabilityEvent = DomainEvent<'ChatAvailabilitySet', { availability: Availability; setBy: string; setAt: string }>;
/** Rules set without a reminder time keep the one set before. */
export type AvailabilityCommand = { type: 'SetAvailability'; availability: Omit<Availability, 'reminderMinutesBefore'> & { reminderMinutesBefore?: number }; userId: string; at: string };

export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityEvent, Availability> = {
  initialState: () => ({ ...DEFAULT_AVAILABILITY }),
  // Rules recorded before a setting existed take its default.
  evolve: (_s, e) => ({ ...DEFAULT_AVAILABILITY, ...e.data.availability }),
  decide(c, s) {
    const availability = validateAvailability({ ...c.availability, reminderMinutesBefore: c.availability.reminderMinutesBefore ?? s.reminderMinutesBefore });
    if (JSON.stringify(availability) === JSON.stringify(s)) return [];
    return [{ type: 'ChatAvailabilitySet', data: { availability, setBy: c.userId, setAt: c.at } }];
  },
};

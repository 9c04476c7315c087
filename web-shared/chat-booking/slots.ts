// Chat booking in the browser, for both apps: the open slots grouped by day in the viewer's time zone, the
// countdown's text, a booking's state chip, and the split of a fan's bookings into upcoming and past.
import type { BookingView } from '../../domain/chat-booking/views';

/** An open slot as GET /api/chat-booking/slots gives it, in the asked time zone. */
export interface LocalSlot {
  start: string;
  end: string;
  /** YYYY-MM-DD in the asked zone */
  date: string;
  /** HH:mm in the asked zone */
  start_time: string;
  end_time: string;
  utc_offset: string;
}

export interface SlotDay {
  date: string;
  slots: LocalSlot[];
}

/** The viewer's own IANA time zone (UTC when the runtime cannot tell). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Slots by their local date, days in order and each day's slots by start. */
export function groupSlotsByDay(slots: readonly LocalSlot[]): SlotDay[] {
  const days = new Map<string, LocalSlot[]>();
  for (const s of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const list = days.get(s.date);
    if (list) list.push(s);
    else days.set(s.date, [s]);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, list]) => ({ date, slots: list }));
}

/** 'Tuesday, 1 December' for a YYYY-MM-DD (the date itself, whatever the viewer's zone). */
export function dayLabel(date: string, locale = 'en-GB'): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(d);
}

/** An instant as 'Tue 1 Dec, 18:00' in the given zone. */
export function instantLabel(iso: string, timeZone: string, locale = 'en-GB'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(d);
}

/** A countdown: '45s', '12:05', '3:04:05', '2d 03:04:05'. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(h)}:${two(m)}:${two(sec)}`;
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  if (m > 0) return `${m}:${two(sec)}`;
  return `${sec}s`;
}

export type ChipColor = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

/** A booking's state as a chip: its words and colour. */
export function bookingChip(b: Pick<BookingView, 'status' | 'refunded'>): { label: string; color: ChipColor } {
  switch (b.status) {
    case 'requested': return { label: 'Awaiting payment', color: 'warning' };
    case 'booked': return { label: 'Booked', color: 'primary' };
    case 'started': return { label: 'Live now', color: 'success' };
    case 'completed': return { label: 'Completed', color: 'default' };
    case 'no_show': return { label: b.refunded ? 'Missed · refunded' : 'Missed', color: 'warning' };
    case 'cancelled': return { label: b.refunded ? 'Cancelled · refunded' : 'Cancelled', color: 'error' };
    case 'failed': return { label: 'Payment failed', color: 'error' };
  }
}

/** Upcoming (not ended, still held: soonest first) and past (the rest: latest first). */
export function splitBookings<B extends Pick<BookingView, 'status' | 'start' | 'end'>>(list: readonly B[], nowMs: number): { upcoming: B[]; past: B[] } {
  const held = (b: B) => b.status === 'booked' || b.status === 'started' || b.status === 'requested';
  const upcoming = list.filter((b) => held(b) && Date.parse(b.end) > nowMs).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const past = list.filter((b) => !upcoming.includes(b)).sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  return { upcoming, past };
}

// Wall-clock time in a named time zone (IANA, e.g. 'Europe/Berlin'), worked out with the runtime's Intl time-zone
// data: the instant a local date and time names, and the local date and time of an instant. A local time that does
// not exist (the hour skipped when clocks go forward) moves forward by the length of the gap (02:30 → 03:30); one that exists twice
// (the hour repeated when clocks go back) names the first of the two.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short' });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows the zone. */
export function isTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** Minutes the zone is ahead of UTC at that instant. */
  offsetMinutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function partsOf(ms: number, zone: string) {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return { y: Number(parts.year), mo: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second), weekday: WEEKDAYS.indexOf(parts.weekday) };
}

/** Minutes the zone is ahead of UTC at the instant. */
export function offsetMinutesAt(ms: number, zone: string): number {
  const p = partsOf(ms, zone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The local date, time and weekday of an instant in the zone. */
export function localTimeOf(ms: number, zone: string): LocalTime {
  const p = partsOf(ms, zone);
  return { date: `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`, time: `${pad(p.h)}:${pad(p.mi)}`, weekday: p.weekday, offsetMinutes: offsetMinutesAt(ms, zone) };
}

/** The instant (ms) of a local date (YYYY-MM-DD) and minute of the day (0 … 1440) in the zone. */
export function instantOf(date: string, minuteOfDay: number, zone: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d) + minuteOfDay * 60_000;
  // The zone's offsets a day before and a day after: equal except around a change of the clocks.
  const before = wall - offsetMinutesAt(wall - 86_400_000, zone) * 60_000;
  const after = wall - offsetMinutesAt(wall + 86_400_000, zone) * 60_000;
  const shows = (ms: number) => {
    const p = partsOf(ms, zone);
    return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) === wall;
  };
  // Repeated (clocks went back): the earlier instant that shows it. Skipped (clocks went forward): the old offset,
  // which moves it forward by the gap.
  const candidates = [before, after].filter(shows).sort((a, b) => a - b);
  return candidates[0] ?? before;
}

/** 'HH:mm' → minutes since midnight ('24:00' is 1440). */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The calendar day after a YYYY-MM-DD date. */
export function nextDate(date: string, days = 1): string {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

/** The weekday (0 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
}

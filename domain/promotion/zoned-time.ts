// Wall-clock arithmetic in the creator's time zone (IANA id), for promotion expiry ("end of day", "end of
// month"). Pure: instants come in as ISO strings; the zone rules come from the runtime's Intl data.
import { ValidationError } from '../shared/validation';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function assertTimeZone(timeZone: string, field = 'timezone'): void {
  if (!isValidTimeZone(timeZone)) throw new ValidationError(field, 'Invalid request.');
}

export interface LocalTime {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `timeZone` at instant `ms`. */
export function localTime(ms: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour % 24, minute: +parts.minute, second: +parts.second };
}

/** Offset of the zone from UTC at instant `ms`, in ms (local − UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const t = localTime(ms, timeZone);
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return wall - (Math.floor(ms / 1000) * 1000);
}

/**
 * The first instant of local calendar day (year, month, day) in `timeZone`: its 00:00 (the earlier one when a
 * DST change repeats midnight; where a DST jump skips midnight, the first wall time that exists). month and
 * day may overflow (day 32 → the next month), as with Date.UTC.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const want = new Date(wall);
  // The zone's offset a day before and a day after: midnight is at wall − one of them.
  const candidates = [wall - offsetAt(wall - 86_400_000, timeZone), wall - offsetAt(wall + 86_400_000, timeZone)];
  const onDay = candidates.filter((t) => {
    const l = localTime(t, timeZone);
    return l.year === want.getUTCFullYear() && l.month === want.getUTCMonth() + 1 && l.day === want.getUTCDate();
  });
  const atMidnight = onDay.filter((t) => {
    const l = localTime(t, timeZone);
    return l.hour === 0 && l.minute === 0 && l.second === 0;
  });
  const pick = atMidnight.length ? atMidnight : onDay.length ? onDay : candidates;
  return Math.min(...pick);
}

/** End of the local day that contains `at` = the start of the next local day (exclusive end). */
export function endOfLocalDay(at: string, timeZone: string): string {
  const l = localTime(Date.parse(at), timeZone);
  return new Date(startOfLocalDay(l.year, l.month, l.day + 1, timeZone)).toISOString();
}

/** End of the local month that contains `at` = the start of the 1st of the next local month (exclusive end). */
export function endOfLocalMonth(at: string, timeZone: string): string {
  const l = localTime(Date.parse(at), timeZone);
  return new Date(startOfLocalDay(l.year, l.month + 1, 1, timeZone)).toISOString();
}

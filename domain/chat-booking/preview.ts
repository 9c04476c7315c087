// The week ahead as staff see it while editing the hours: for each of the next seven days in the creator's time
// zone, the slots the rules would offer (ignoring the notice and horizon, which limit fans, not the schedule).
import { inZone, offeredSlots, type Availability, type LocalSlot } from './availability';
import { localTimeOf, nextDate, weekdayOf } from './time-zone';

export interface PreviewDay {
  /** YYYY-MM-DD in the creator's zone */
  date: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** An exception sets this day's hours (a day off when it has none). */
  exception: boolean;
  slots: LocalSlot[];
}

export function weekPreview(a: Omit<Availability, 'reminderMinutesBefore'>, nowIso: string, days = 7): PreviewDay[] {
  const first = localTimeOf(Date.parse(nowIso), a.timeZone).date;
  const dayStart = new Date(`${first}T00:00:00Z`).toISOString();
  // From a day before, so the whole of today is shown; only today and the days after are kept.
  const all = offeredSlots({ reminderMinutesBefore: 0, ...a, minNoticeMinutes: 0, bookAheadDays: days + 1 }, new Date(Date.parse(dayStart) - 86_400_000).toISOString())
    .map((s) => inZone(s, a.timeZone));
  const out: PreviewDay[] = [];
  for (let i = 0, date = first; i < days; i++, date = nextDate(date)) {
    out.push({ date, weekday: weekdayOf(date), exception: a.exceptions.some((e) => e.date === date), slots: all.filter((s) => s.date === date) });
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY, type Availability } from './availability';
import { weekPreview } from './preview';

const rules = (over: Partial<Availability> = {}): Availability => ({ ...DEFAULT_AVAILABILITY, timeZone: 'Europe/Berlin', slotMinutes: 30, bufferMinutes: 0, ...over });

describe('the week preview', () => {
  it("shows seven days from today in the creator's zone with the slots of their weekly hours, exceptions replacing them", () => {
    // Tuesday 1 Dec 2026, 23:30 UTC is already Wednesday 00:30 in Berlin.
    const a = rules({ weekly: [{ day: 3, start: '10:00', end: '11:00' }, { day: 3, start: '14:00', end: '15:00' }, { day: 4, start: '09:00', end: '10:00' }], exceptions: [{ date: '2026-12-03', hours: [] }] });
    const week = weekPreview(a, '2026-12-01T23:30:00.000Z');
    expect(week.map((d) => d.date)).toEqual(['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07', '2026-12-08']);
    expect(week[0]).toMatchObject({ weekday: 3, exception: false });
    expect(week[0].slots.map((s) => s.startTime)).toEqual(['10:00', '10:30', '14:00', '14:30']);
    expect(week[0].slots[0].start).toBe('2026-12-02T09:00:00.000Z');
    // Thursday is a day off by exception.
    expect(week[1]).toMatchObject({ weekday: 4, exception: true, slots: [] });
    expect(week.slice(2).every((d) => d.slots.length === 0)).toBe(true);
  });

  it("counts a slot that began before now today (the schedule, not the fans' notice)", () => {
    const a = rules({ timeZone: 'UTC', weekly: [{ day: 2, start: '08:00', end: '09:00' }] });
    expect(weekPreview(a, '2026-12-01T12:00:00.000Z')[0].slots.map((s) => s.startTime)).toEqual(['08:00', '08:30']);
  });
});

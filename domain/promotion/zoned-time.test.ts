import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/validation';
import { assertTimeZone, endOfLocalDay, endOfLocalMonth, isValidTimeZone, localTime, startOfLocalDay } from './zoned-time';

describe('time zones', () => {
  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'Pacific/Kiritimati'])('%s is valid', (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
  });

  it.each(['', ' ', 'Mars/Olympus', 'GMT+25'])('%j is not', (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
    expect(() => assertTimeZone(tz)).toThrow(ValidationError);
  });

  it('reads the wall clock in a zone', () => {
    expect(localTime(Date.parse('2026-03-08T07:30:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 8, hour: 3, minute: 30, second: 0 });
    expect(localTime(Date.parse('2026-01-15T23:59:59Z'), 'Asia/Kolkata')).toEqual({ year: 2026, month: 1, day: 16, hour: 5, minute: 29, second: 59 });
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['UTC', 2026, 3, 10, '2026-03-10T00:00:00.000Z'],
    ['America/New_York', 2026, 1, 10, '2026-01-10T05:00:00.000Z'],
    ['America/New_York', 2026, 7, 10, '2026-07-10T04:00:00.000Z'],
    ['America/New_York', 2026, 3, 8, '2026-03-08T05:00:00.000Z'], // DST starts later that day (02:00)
    ['America/New_York', 2026, 3, 9, '2026-03-09T04:00:00.000Z'],
    ['America/New_York', 2026, 11, 1, '2026-11-01T04:00:00.000Z'], // DST ends later that day
    ['America/New_York', 2026, 11, 2, '2026-11-02T05:00:00.000Z'],
    ['Asia/Kolkata', 2026, 5, 1, '2026-04-30T18:30:00.000Z'],
    ['Pacific/Kiritimati', 2026, 5, 1, '2026-04-30T10:00:00.000Z'],
    ['UTC', 2026, 12, 32, '2027-01-01T00:00:00.000Z'], // overflow, as Date.UTC
    ['UTC', 2026, 13, 1, '2027-01-01T00:00:00.000Z'],
  ])('%s %d-%d-%d → %s', (tz, y, m, d, iso) => {
    expect(new Date(startOfLocalDay(y, m, d, tz)).toISOString()).toBe(iso);
  });

  it('where DST skips midnight, the day starts at the first wall time that exists', () => {
    // America/Santiago springs forward at 24:00 → 01:00 (first Sunday of September 2026 is the 6th).
    const t = startOfLocalDay(2026, 9, 6, 'America/Santiago');
    const l = localTime(t, 'America/Santiago');
    expect([l.year, l.month, l.day]).toEqual([2026, 9, 6]);
    expect(l.hour).toBeLessThanOrEqual(1);
    expect(localTime(t - 1000, 'America/Santiago').day).toBe(5);
  });
});

describe('endOfLocalDay / endOfLocalMonth', () => {
  it.each([
    ['2026-03-10T12:00:00.000Z', 'UTC', '2026-03-11T00:00:00.000Z'],
    ['2026-03-10T03:00:00.000Z', 'America/New_York', '2026-03-10T04:00:00.000Z'], // still the 9th in New York
    ['2026-03-10T12:00:00.000Z', 'America/New_York', '2026-03-11T04:00:00.000Z'],
    ['2026-03-07T20:00:00.000Z', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-08T12:00:00.000Z', 'America/New_York', '2026-03-09T04:00:00.000Z'], // the short day
    ['2026-01-15T20:00:00.000Z', 'Asia/Kolkata', '2026-01-16T18:30:00.000Z'], // 01:30 on the 16th local
  ])('end of day at %s in %s → %s', (at, tz, end) => {
    expect(endOfLocalDay(at, tz)).toBe(end);
  });

  it.each([
    ['2026-01-15T12:00:00.000Z', 'UTC', '2026-02-01T00:00:00.000Z'],
    ['2026-12-31T23:00:00.000Z', 'UTC', '2027-01-01T00:00:00.000Z'],
    ['2026-02-28T23:00:00.000Z', 'America/New_York', '2026-03-01T05:00:00.000Z'],
    ['2026-03-01T03:00:00.000Z', 'America/New_York', '2026-03-01T05:00:00.000Z'], // still February there
    ['2026-03-31T20:00:00.000Z', 'Asia/Kolkata', '2026-04-30T18:30:00.000Z'], // already April 1st there
    ['2028-02-10T00:00:00.000Z', 'UTC', '2028-03-01T00:00:00.000Z'], // leap year
  ])('end of month at %s in %s → %s', (at, tz, end) => {
    expect(endOfLocalMonth(at, tz)).toBe(end);
  });
});

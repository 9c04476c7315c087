import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY, availabilityDecider, inZone, isOffered, offeredSlots, openSlots, overlaps, slotsInWindow, validateAvailability, type Availability } from './availability';
import { instantOf, localTimeOf } from './time-zone';

const rules = (over: Partial<Availability> = {}): Availability => ({ ...DEFAULT_AVAILABILITY, minNoticeMinutes: 0, bookAheadDays: 7, ...over });

describe('time zones', () => {
  it('finds the instant of a local time and back, on both sides of a clock change', () => {
    expect(new Date(instantOf('2026-03-28', 9 * 60, 'Europe/Berlin')).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(new Date(instantOf('2026-03-29', 9 * 60, 'Europe/Berlin')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(localTimeOf(Date.parse('2026-03-29T07:00:00Z'), 'Europe/Berlin')).toMatchObject({ date: '2026-03-29', time: '09:00', weekday: 0, offsetMinutes: 120 });
  });

  it('a skipped local time moves forward by the gap (02:30 → 03:30); a repeated one the first of the two', () => {
    expect(new Date(instantOf('2026-03-29', 2 * 60 + 30, 'Europe/Berlin')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(instantOf('2026-10-25', 2 * 60 + 30, 'Europe/Berlin')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('slots', () => {
  it('cuts a window into slots one buffer apart, all inside it', () => {
    const from = Date.parse('2026-12-01T09:00:00Z');
    const slots = slotsInWindow(from, from + 60 * 60_000, 15, 5);
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual(['09:00', '09:20', '09:40']);
    expect(slots.every((s, i) => i === 0 || !overlaps(s, slots[i - 1]))).toBe(true);
    expect(slotsInWindow(from, from + 14 * 60_000, 15, 0)).toEqual([]);
  });

  it('offers the weekly hours in the creator\'s zone, and a fan sees them in their own', () => {
    // Mondays 18:00–19:00 New York; now is Sunday 2026-11-29 noon UTC.
    const a = rules({ timeZone: 'America/New_York', weekly: [{ day: 1, start: '18:00', end: '19:00' }], slotMinutes: 30, bufferMinutes: 0 });
    const slots = offeredSlots(a, '2026-11-29T12:00:00.000Z');
    expect(slots.map((s) => s.start)).toEqual(['2026-11-30T23:00:00.000Z', '2026-11-30T23:30:00.000Z']);
    expect(inZone(slots[0], 'Asia/Tokyo')).toMatchObject({ date: '2026-12-01', startTime: '08:00', endTime: '08:30', utcOffset: 'UTC+09:00' });
    expect(inZone(slots[0], 'America/New_York')).toMatchObject({ date: '2026-11-30', startTime: '18:00', utcOffset: 'UTC-05:00' });
  });

  it('keeps the creator\'s wall-clock hours across a daylight-saving change, and a window over the skipped hour is shorter', () => {
    const a = rules({ timeZone: 'Europe/Berlin', weekly: [{ day: 6, start: '10:00', end: '11:00' }, { day: 0, start: '10:00', end: '11:00' }, { day: 0, start: '01:00', end: '04:00' }], slotMinutes: 60, bufferMinutes: 0 });
    const slots = offeredSlots(a, '2026-03-27T00:00:00.000Z');
    // Saturday before the change 10:00 CET = 09:00Z; Sunday after it 10:00 CEST = 08:00Z.
    expect(slots.map((s) => s.start)).toContain('2026-03-28T09:00:00.000Z');
    expect(slots.map((s) => s.start)).toContain('2026-03-29T08:00:00.000Z');
    // 01:00–04:00 on the change night is two real hours: two slots, not three.
    const night = slots.filter((s) => s.start >= '2026-03-29T00:00:00.000Z' && s.start < '2026-03-29T02:00:00.000Z');
    expect(night.map((s) => s.start)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    // A fan in London sees the Sunday slot at 09:00 BST.
    expect(inZone({ start: '2026-03-29T08:00:00.000Z', end: '2026-03-29T09:00:00.000Z' }, 'Europe/London')).toMatchObject({ startTime: '09:00', utcOffset: 'UTC+01:00' });
  });

  it('an exception replaces the day\'s hours; an empty one is a day off', () => {
    const a = rules({ weekly: [1, 2].map((day) => ({ day, start: '09:00', end: '10:00' })), slotMinutes: 60, bufferMinutes: 0, exceptions: [{ date: '2026-11-30', hours: [] }, { date: '2026-12-01', hours: [{ start: '15:00', end: '16:00' }] }] });
    expect(offeredSlots(a, '2026-11-29T00:00:00.000Z').map((s) => s.start)).toEqual(['2026-12-01T15:00:00.000Z']);
  });

  it('leaves out slots inside the notice, past the horizon, and those a booking overlaps', () => {
    const a = rules({ weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '09:00', end: '10:00' })), slotMinutes: 30, bufferMinutes: 0, minNoticeMinutes: 120, bookAheadDays: 3 });
    const now = '2026-12-01T08:00:00.000Z';
    const starts = offeredSlots(a, now).map((s) => s.start);
    expect(starts).toEqual(['2026-12-02T09:00:00.000Z', '2026-12-02T09:30:00.000Z', '2026-12-03T09:00:00.000Z', '2026-12-03T09:30:00.000Z']);
    const open = openSlots(a, now, [{ start: '2026-12-02T09:20:00.000Z', end: '2026-12-02T09:35:00.000Z' }]).map((s) => s.start);
    expect(open).toEqual(['2026-12-03T09:00:00.000Z', '2026-12-03T09:30:00.000Z']);
    expect(isOffered(a, now, { start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T09:30:00.000Z' })).toBe(true);
    expect(isOffered(a, now, { start: '2026-12-02T09:10:00.000Z', end: '2026-12-02T09:40:00.000Z' })).toBe(false);
  });
});

describe('availability rules', () => {
  it('refuses a bad zone, hours and limits naming the field; overlapping hours of one day', () => {
    const bad = (over: Partial<Availability>) => { try { validateAvailability(rules(over)); return null; } catch (e) { return (e as { details: { field: string } }).details.field; } };
    expect(bad({ timeZone: 'Mars/Olympus' })).toBe('time_zone');
    expect(bad({ slotMinutes: 2 })).toBe('slot_minutes');
    expect(bad({ priceCents: 12.5 })).toBe('price_cents');
    expect(bad({ weekly: [{ day: 7, start: '09:00', end: '10:00' }] })).toBe('weekly[0].day');
    expect(bad({ weekly: [{ day: 1, start: '10:00', end: '09:00' }] })).toBe('weekly[0].end');
    expect(bad({ weekly: [{ day: 1, start: '09:00', end: '11:00' }, { day: 1, start: '10:30', end: '12:00' }] })).toBe('weekly');
    expect(bad({ exceptions: [{ date: '2026-02-31x', hours: [] }] })).toBe('exceptions[0].date');
    expect(bad({ weekly: [{ day: 1, start: '09:00', end: '24:00' }] })).toBeNull();
  });

  it('records a change once', () => {
    const c = { type: 'SetAvailability' as const, availability: rules({ priceCents: 5000 }), userId: 'admin', at: '2026-12-01T00:00:00.000Z' };
    const events = availabilityDecider.decide(c, availabilityDecider.initialState());
    expect(events).toHaveLength(1);
    expect(availabilityDecider.decide(c, availabilityDecider.evolve(availabilityDecider.initialState(), events[0]))).toEqual([]);
  });
});

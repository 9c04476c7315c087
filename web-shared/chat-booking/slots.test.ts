import { describe, expect, it } from 'vitest';
import { bookingChip, countdownText, dayLabel, groupSlotsByDay, instantLabel, splitBookings, type LocalSlot } from './slots';

const slot = (start: string, date: string, startTime: string): LocalSlot => ({
  start, end: new Date(Date.parse(start) + 15 * 60_000).toISOString(), date, start_time: startTime, end_time: '', utc_offset: '',
});

describe('chat booking slots in the browser', () => {
  it('groups slots by their local date, days and slots in order', () => {
    // 23:30 UTC on 1 Dec is 2 Dec in Tokyo: the server gives the date in the asked zone.
    const slots = [slot('2026-12-02T00:30:00.000Z', '2026-12-02', '09:30'), slot('2026-12-01T23:30:00.000Z', '2026-12-02', '08:30'), slot('2026-12-01T05:00:00.000Z', '2026-12-01', '14:00')];
    const days = groupSlotsByDay(slots);
    expect(days.map((d) => d.date)).toEqual(['2026-12-01', '2026-12-02']);
    expect(days[1].slots.map((s) => s.start_time)).toEqual(['08:30', '09:30']);
    expect(groupSlotsByDay([])).toEqual([]);
  });

  it('labels a day by its date whatever the zone, and an instant in the asked zone', () => {
    expect(dayLabel('2026-12-01')).toBe('Tuesday 1 December');
    expect(dayLabel('not a date')).toBe('not a date');
    expect(instantLabel('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('Wed 2 Dec, 08:30');
    expect(instantLabel('2026-12-01T23:30:00.000Z', 'America/New_York')).toBe('Tue 1 Dec, 18:30');
  });

  it('writes the countdown in the fewest units', () => {
    expect(countdownText(-5)).toBe('0s');
    expect(countdownText(45)).toBe('45s');
    expect(countdownText(725)).toBe('12:05');
    expect(countdownText(3 * 3600 + 4 * 60 + 5)).toBe('3:04:05');
    expect(countdownText(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toBe('2d 03:04:05');
  });

  it('names each booking state', () => {
    expect(bookingChip({ status: 'booked', refunded: false })).toEqual({ label: 'Booked', color: 'primary' });
    expect(bookingChip({ status: 'started', refunded: false }).label).toBe('Live now');
    expect(bookingChip({ status: 'cancelled', refunded: true }).label).toBe('Cancelled · refunded');
    expect(bookingChip({ status: 'no_show', refunded: false }).label).toBe('Missed');
  });

  it('splits bookings into upcoming (soonest first) and past (latest first)', () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    const b = (id: string, status: 'booked' | 'started' | 'completed' | 'cancelled', start: string) => ({ id, status, start, end: new Date(Date.parse(start) + 15 * 60_000).toISOString() });
    const list = [b('later', 'booked', '2026-12-03T09:00:00.000Z'), b('live', 'started', '2026-12-01T11:50:00.000Z'), b('done', 'completed', '2026-11-30T09:00:00.000Z'),
      b('gone', 'cancelled', '2026-12-05T09:00:00.000Z'), b('ended-unmoved', 'booked', '2026-12-01T10:00:00.000Z')];
    const { upcoming, past } = splitBookings(list, now);
    expect(upcoming.map((x) => x.id)).toEqual(['live', 'later']);
    expect(past.map((x) => x.id)).toEqual(['gone', 'ended-unmoved', 'done']);
  });
});

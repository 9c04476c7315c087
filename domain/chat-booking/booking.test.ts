import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { bookingDecider, type BookingCommand, type BookingEvent } from './booking';
import { bookingOnAt, calendarDecider, takenSpans, type CalendarCommand } from './calendar';
import { allowedUsersDecider, BOOKING_ENDED, BOOKING_NEEDED_TO_CHAT, fanChatRefusal } from './chat-access';
import { NORMAL_CHAT_DISABLED } from '../settings/chat-settings';

const slot = { start: '2026-12-10T18:00:00.000Z', end: '2026-12-10T18:15:00.000Z' };

/** Runs commands in order on one decider, folding as it goes; answers the events and the last error. */
function run<C, E extends { type: string }, S>(d: { initialState: () => S; evolve: (s: S, e: E) => S; decide: (c: C, s: S) => E[] }, commands: C[]) {
  let state = d.initialState();
  const events: E[] = [];
  for (const c of commands) {
    const out = d.decide(c, state);
    events.push(...out);
    state = out.reduce(d.evolve, state);
  }
  return { state, events };
}

describe('the calendar', () => {
  const hold = (bookingId: string, fanId: string, s = slot, at = '2026-12-01T00:00:00.000Z', maxPerFan = 3): CalendarCommand => ({ type: 'HoldSlot', bookingId, fanId, slot: s, maxPerFan, at });

  it('one hold per span: an overlapping hold is told the slot is gone; a touching one is fine', () => {
    const { state } = run(calendarDecider, [hold('b1', 'f1')]);
    expect(() => calendarDecider.decide(hold('b2', 'f2', { start: '2026-12-10T18:10:00.000Z', end: '2026-12-10T18:25:00.000Z' }), state)).toThrow('This slot is no longer available.');
    expect(calendarDecider.decide(hold('b3', 'f2', { start: '2026-12-10T18:15:00.000Z', end: '2026-12-10T18:30:00.000Z' }), state)).toHaveLength(1);
    // The same booking again holds nothing more.
    expect(calendarDecider.decide(hold('b1', 'f1'), state)).toEqual([]);
  });

  it('a hold that ran out is released for the next fan', () => {
    const { state } = run(calendarDecider, [hold('b1', 'f1')]);
    const later = calendarDecider.decide(hold('b2', 'f2', slot, '2026-12-01T00:16:00.000Z'), state);
    expect(later.map((e) => [e.type, e.data.bookingId])).toEqual([['ChatSlotReleased', 'b1'], ['ChatSlotHeld', 'b2']]);
  });

  it('counts a fan\'s upcoming bookings against the limit', () => {
    const other = (h: number) => ({ start: `2026-12-1${h}T18:00:00.000Z`, end: `2026-12-1${h}T18:15:00.000Z` });
    const { state } = run(calendarDecider, [hold('b1', 'f1', other(1), undefined, 2), hold('b2', 'f1', other(2), undefined, 2)]);
    expect(() => calendarDecider.decide(hold('b3', 'f1', other(3), undefined, 2), state)).toThrow('You can hold at most 2 upcoming bookings.');
  });

  it('books a hold, moves it only onto a free span, and gives it back', () => {
    const { state } = run(calendarDecider, [hold('b1', 'f1'), { type: 'BookSlot', bookingId: 'b1', fanId: 'f1', slot, at: '2026-12-01T00:01:00.000Z' }, hold('b2', 'f2', { start: '2026-12-10T19:00:00.000Z', end: '2026-12-10T19:15:00.000Z' })]);
    expect(bookingOnAt(state, 'f1', '2026-12-10T18:05:00.000Z')).toBe('b1');
    expect(bookingOnAt(state, 'f1', '2026-12-10T18:15:00.000Z')).toBeNull();
    expect(() => calendarDecider.decide({ type: 'MoveSlot', bookingId: 'b1', slot: { start: '2026-12-10T19:05:00.000Z', end: '2026-12-10T19:20:00.000Z' }, at: '2026-12-01T00:02:00.000Z' }, state)).toThrow('This slot is no longer available.');
    const moved = calendarDecider.decide({ type: 'MoveSlot', bookingId: 'b1', slot: { start: '2026-12-11T09:00:00.000Z', end: '2026-12-11T09:15:00.000Z' }, at: '2026-12-01T00:02:00.000Z' }, state);
    expect(moved[0]).toMatchObject({ type: 'ChatSlotMoved', data: { start: '2026-12-11T09:00:00.000Z' } });
    const after = calendarDecider.decide({ type: 'ReleaseSlot', bookingId: 'b1', reason: 'cancelled', at: '2026-12-02T00:00:00.000Z' }, state).reduce(calendarDecider.evolve, state);
    expect(takenSpans(after, '2026-12-01T00:05:00.000Z')).toEqual([{ start: '2026-12-10T19:00:00.000Z', end: '2026-12-10T19:15:00.000Z' }]);
  });

  it('a payment that comes in after its hold ran out books the slot only if nobody took it', () => {
    const { state } = run(calendarDecider, [hold('b1', 'f1'), hold('b2', 'f2', slot, '2026-12-01T00:20:00.000Z')] as CalendarCommand[]);
    expect(() => calendarDecider.decide({ type: 'BookSlot', bookingId: 'b1', fanId: 'f1', slot, at: '2026-12-01T00:21:00.000Z' }, state)).toThrow('This slot is no longer available.');
  });
});

describe('a booking', () => {
  const t0 = '2026-12-01T00:00:00.000Z';
  const requested: BookingEvent[] = run(bookingDecider, [{ type: 'RequestBooking', bookingId: 'b1', fanId: 'f1', slot, priceCents: 2500, cancelDeadlineHours: 24, noShowPolicy: 'keep_payment', at: t0 }]).events;
  const booked = [...requested, ...bookingDecider.decide({ type: 'ConfirmBooking', bookingId: 'b1', at: t0 }, fold(bookingDecider, requested))];
  const then = (events: BookingEvent[], commands: BookingCommand[]) => {
    let state = fold(bookingDecider, events);
    const out: BookingEvent[] = [];
    for (const c of commands) {
      const e = bookingDecider.decide(c, state);
      out.push(...e);
      state = e.reduce(bookingDecider.evolve, state);
    }
    return { state, out };
  };

  it('booked → started → completed when the fan came', () => {
    const { state, out } = then(booked, [
      { type: 'StartBooking', bookingId: 'b1', at: '2026-12-10T17:59:00.000Z' },
      { type: 'StartBooking', bookingId: 'b1', at: slot.start },
      { type: 'MarkAttended', bookingId: 'b1', at: '2026-12-10T18:01:00.000Z' },
      { type: 'EndBooking', bookingId: 'b1', at: slot.end },
    ]);
    expect(out.map((e) => e.type)).toEqual(['ChatBookingStarted', 'ChatBookingAttended', 'ChatBookingCompleted']);
    expect(state.status).toBe('completed');
  });

  it('a fan who never came is a no-show, refunded or not by the setting recorded with the booking', () => {
    expect(then(booked, [{ type: 'EndBooking', bookingId: 'b1', at: slot.end }]).out.map((e) => [e.type, (e.data as { refund?: boolean }).refund])).toEqual([['ChatBookingStarted', undefined], ['ChatBookingNoShow', false]]);
    const refunding = run(bookingDecider, [
      { type: 'RequestBooking', bookingId: 'b2', fanId: 'f1', slot, priceCents: 2500, cancelDeadlineHours: 24, noShowPolicy: 'refund', at: t0 },
      { type: 'ConfirmBooking', bookingId: 'b2', at: t0 },
      { type: 'EndBooking', bookingId: 'b2', at: slot.end },
    ]);
    expect(refunding.events.at(-1)).toMatchObject({ type: 'ChatBookingNoShow', data: { refund: true } });
  });

  it('the fan may cancel or move it until the deadline; the creator any time, with a refund', () => {
    const dayBefore = '2026-12-09T18:00:00.000Z';
    expect(then(booked, [{ type: 'CancelBooking', bookingId: 'b1', by: 'fan', staffId: null, reason: '', at: dayBefore }]).out[0]).toMatchObject({ type: 'ChatBookingCancelled', data: { by: 'fan', refund: true } });
    const late = '2026-12-09T18:00:01.000Z';
    expect(() => then(booked, [{ type: 'CancelBooking', bookingId: 'b1', by: 'fan', staffId: null, reason: '', at: late }])).toThrow('Bookings can be cancelled or moved up to 24 hours before they start.');
    expect(() => then(booked, [{ type: 'RescheduleBooking', bookingId: 'b1', by: 'fan', staffId: null, slot: { start: '2026-12-11T18:00:00.000Z', end: '2026-12-11T18:15:00.000Z' }, at: late }])).toThrow('Bookings can be cancelled or moved up to 24 hours before they start.');
    const started = then(booked, [{ type: 'StartBooking', bookingId: 'b1', at: slot.start }, { type: 'CancelBooking', bookingId: 'b1', by: 'creator', staffId: 'admin', reason: 'Sick', at: '2026-12-10T18:05:00.000Z' }]);
    expect(started.out[1]).toMatchObject({ type: 'ChatBookingCancelled', data: { by: 'creator', refund: true, reason: 'Sick' } });
    const moved = then(booked, [{ type: 'RescheduleBooking', bookingId: 'b1', by: 'creator', staffId: 'admin', slot: { start: '2026-12-11T18:00:00.000Z', end: '2026-12-11T18:15:00.000Z' }, at: late }]);
    expect(moved.state.slot).toEqual({ start: '2026-12-11T18:00:00.000Z', end: '2026-12-11T18:15:00.000Z' });
  });

  it('a completed booking cannot be cancelled; money that came back ends a booking still on, once', () => {
    const done = then(booked, [{ type: 'EndBooking', bookingId: 'b1', at: slot.end }]).state;
    expect(() => bookingDecider.decide({ type: 'CancelBooking', bookingId: 'b1', by: 'creator', staffId: 'a', reason: '', at: slot.end }, done)).toThrow('This booking can no longer be changed.');
    const reversed = then(booked, [{ type: 'ReverseBooking', bookingId: 'b1', kind: 'chargeback', at: t0 }, { type: 'ReverseBooking', bookingId: 'b1', kind: 'chargeback', at: t0 }]);
    expect(reversed.out).toHaveLength(1);
    expect(reversed.state.status).toBe('cancelled');
    expect(() => bookingDecider.decide({ type: 'ConfirmBooking', bookingId: 'nope', at: t0 }, bookingDecider.initialState())).toThrow('Booking not found.');
  });
});

describe('who may chat while normal chat is off', () => {
  it('allowed fans and fans in their slot; the others are told why', () => {
    const facts = { normalChatDisabled: true, bookingEnabled: true, allowed: false, bookingOn: false, hadBooking: false };
    expect(fanChatRefusal({ ...facts, normalChatDisabled: false })).toBeNull();
    expect(fanChatRefusal({ ...facts, allowed: true })).toBeNull();
    expect(fanChatRefusal({ ...facts, bookingOn: true })).toBeNull();
    expect(fanChatRefusal(facts)).toBe(BOOKING_NEEDED_TO_CHAT);
    expect(fanChatRefusal({ ...facts, hadBooking: true })).toBe(BOOKING_ENDED);
    expect(fanChatRefusal({ ...facts, bookingEnabled: false })).toBe(NORMAL_CHAT_DISABLED);
  });

  it('the allowed list records a change once', () => {
    const allow = { type: 'SetAllowedToChat' as const, userId: 'f1', allow: true, staffId: 'a', at: '2026-12-01T00:00:00.000Z' };
    const { state, events } = run(allowedUsersDecider, [allow, allow, { ...allow, allow: false }]);
    expect(events.map((e) => e.type)).toEqual(['ChatUserAllowed', 'ChatUserDisallowed']);
    expect(state.allowed).toEqual({});
  });
});

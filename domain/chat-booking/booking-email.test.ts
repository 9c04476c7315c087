import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { bookingDecider, reminderDue, type BookingCommand, type BookingEvent } from './booking';
import { bookingEmail, bookingEmailDecider, bookingMailsForEvent, bookingMailStillApplies, spanText, type BookingMailDue, type MailedBooking } from './booking-email';
import { availabilityDecider, DEFAULT_AVAILABILITY } from './availability';

const slot = { start: '2026-12-10T18:00:00.000Z', end: '2026-12-10T18:15:00.000Z' };
const at = (iso: string) => ({ id: 'e1', recordedAt: new Date(iso) });

describe('the reminder before a booking', () => {
  const t0 = '2026-12-01T00:00:00.000Z';
  const book: BookingCommand[] = [
    { type: 'RequestBooking', bookingId: 'b1', fanId: 'f1', slot, priceCents: 2500, cancelDeadlineHours: 24, noShowPolicy: 'keep_payment', at: t0 },
    { type: 'ConfirmBooking', bookingId: 'b1', at: t0 },
  ];
  const after = (commands: BookingCommand[], events: BookingEvent[] = []) => {
    let s = fold(bookingDecider, events);
    const out: BookingEvent[] = [...events];
    for (const c of commands) {
      const e = bookingDecider.decide(c, s);
      out.push(...e);
      s = e.reduce(bookingDecider.evolve, s);
    }
    return { state: s, events: out };
  };
  const remind = (iso: string, minutesBefore = 60): BookingCommand => ({ type: 'RemindBooking', bookingId: 'b1', minutesBefore, at: iso });

  it('is due from the set minutes before the start until the start, once per start; a moved booking is reminded again', () => {
    const { state, events } = after(book);
    expect(reminderDue(state, 60, '2026-12-10T16:59:59.000Z')).toBe(false);
    expect(reminderDue(state, 60, '2026-12-10T17:00:00.000Z')).toBe(true);
    expect(reminderDue(state, 60, '2026-12-10T18:00:00.000Z')).toBe(false);
    expect(reminderDue(state, 0, '2026-12-10T17:30:00.000Z')).toBe(false);
    const first = after([remind('2026-12-10T17:10:00.000Z'), remind('2026-12-10T17:20:00.000Z')], events);
    expect(first.events.filter((e) => e.type === 'ChatBookingReminded')).toHaveLength(1);
    // Moved (a day before) to an hour later: the new start is reminded of in its own window.
    const moved = after([{ type: 'RescheduleBooking', bookingId: 'b1', by: 'creator', staffId: 's', slot: { start: '2026-12-10T19:00:00.000Z', end: '2026-12-10T19:15:00.000Z' }, at: '2026-12-09T10:00:00.000Z' }], events);
    const again = after([remind('2026-12-10T17:10:00.000Z'), remind('2026-12-10T18:10:00.000Z')], moved.events);
    expect(again.events.filter((e) => e.type === 'ChatBookingReminded').map((e) => e.data)).toMatchObject([{ start: '2026-12-10T19:00:00.000Z', minutesBefore: 60 }]);
  });

  it('is not sent for a booking paid inside the window, nor for one cancelled', () => {
    const late = after([{ ...book[0], at: '2026-12-10T17:30:00.000Z' } as BookingCommand, { type: 'ConfirmBooking', bookingId: 'b1', at: '2026-12-10T17:30:00.000Z' }]);
    expect(reminderDue(late.state, 60, '2026-12-10T17:40:00.000Z')).toBe(false);
    const cancelled = after([...book, { type: 'CancelBooking', bookingId: 'b1', by: 'creator', staffId: 's', reason: '', at: t0 }]);
    expect(reminderDue(cancelled.state, 60, '2026-12-10T17:40:00.000Z')).toBe(false);
  });

  it('the setting defaults to 60 minutes, is kept when left out, and is checked naming its field', () => {
    const s = availabilityDecider.initialState();
    expect(s.reminderMinutesBefore).toBe(60);
    const { reminderMinutesBefore: _, ...rest } = DEFAULT_AVAILABILITY;
    const set = availabilityDecider.decide({ type: 'SetAvailability', availability: { ...rest, reminderMinutesBefore: 30 }, userId: 'a', at: 'now' }, s);
    const s30 = fold(availabilityDecider, set);
    expect(s30.reminderMinutesBefore).toBe(30);
    const kept = availabilityDecider.decide({ type: 'SetAvailability', availability: { ...rest, priceCents: 3000 }, userId: 'a', at: 'now' }, s30);
    expect(fold(availabilityDecider, [...set, ...kept]).reminderMinutesBefore).toBe(30);
    expect(() => availabilityDecider.decide({ type: 'SetAvailability', availability: { ...rest, reminderMinutesBefore: -5 }, userId: 'a', at: 'now' }, s))
      .toThrow('reminder_minutes_before must be a whole number from 0 to 10080.');
    // Rules recorded before the setting existed read as the default.
    expect(availabilityDecider.evolve(s, { type: 'ChatAvailabilitySet', data: { availability: rest as never, setBy: 'a', setAt: 'then' } }).reminderMinutesBefore).toBe(60);
  });
});

describe('chat booking mails', () => {
  const ev = (type: BookingEvent['type'], data: object) => ({ ...at('2026-12-01T00:00:00.000Z'), type, data: { bookingId: 'b1', fanId: 'f1', ...data } } as never);

  it('which events mail whom: staff are not mailed about what staff did', () => {
    expect(bookingMailsForEvent(ev('ChatBookingConfirmed', { ...slot, priceCents: 2500, confirmedAt: 'x' })).map((m) => m.kind)).toEqual(['fan_booking_confirmed', 'staff_booking_confirmed']);
    expect(bookingMailsForEvent(ev('ChatBookingCancelled', { by: 'fan', staffId: null, reason: '', refund: true, cancelledAt: 'x' })).map((m) => m.kind)).toEqual(['fan_booking_cancelled', 'staff_booking_cancelled']);
    expect(bookingMailsForEvent(ev('ChatBookingCancelled', { by: 'creator', staffId: 's', reason: '', refund: true, cancelledAt: 'x' })).map((m) => m.kind)).toEqual(['fan_booking_cancelled']);
    expect(bookingMailsForEvent(ev('ChatBookingRescheduled', { by: 'creator', staffId: 's', fromStart: 'a', fromEnd: 'b', ...slot, rescheduledAt: 'x' })).map((m) => m.kind)).toEqual(['fan_booking_rescheduled']);
    expect(bookingMailsForEvent(ev('ChatBookingReminded', { ...slot, minutesBefore: 60, remindedAt: 'x' }))).toMatchObject([{ kind: 'fan_booking_reminder', facts: { start: slot.start, minutesBefore: 60 } }]);
    expect(bookingMailsForEvent(ev('ChatBookingNoShow', { refund: false, markedAt: 'x' }))).toMatchObject([{ kind: 'fan_booking_no_show', facts: { refund: false } }]);
    expect(bookingMailsForEvent(ev('ChatBookingStarted', { ...slot, startedAt: 'x' }))).toEqual([]);
  });

  it("a slot lost before the payment came in: staff hear of the site's cancellation, the fan of the refund once it is made", () => {
    expect(bookingMailsForEvent(ev('ChatBookingCancelled', { by: 'system', staffId: null, reason: 'Taken.', refund: true, cancelledAt: 'x' })).map((m) => m.kind)).toEqual(['staff_booking_cancelled']);
    const reversed = (purpose: object, source: string, kind = 'refund') => ({
      ...at('2026-12-01T00:00:00.000Z'), type: 'PaymentReversed',
      data: { paymentId: 'b1', userId: 'f1', purpose, kind, amountCents: 2500, source, reason: 'Taken.', reversedAt: 'x' },
    } as never);
    expect(bookingMailsForEvent(reversed({ kind: 'chat_booking', bookingId: 'b1' }, 'system:not_delivered'))).toEqual([
      { sourceEventId: 'e1', kind: 'fan_booking_refunded', bookingId: 'b1', userId: 'f1', at: '2026-12-01T00:00:00.000Z', facts: { refund: true, reason: 'Taken.', amountCents: 2500 } },
    ]);
    // Staff refunds and chargebacks tell the fan nothing here; nor does another kind's refund.
    expect(bookingMailsForEvent(reversed({ kind: 'chat_booking', bookingId: 'b1' }, 'staff:admin-1'))).toEqual([]);
    expect(bookingMailsForEvent(reversed({ kind: 'chat_booking', bookingId: 'b1' }, 'system:not_delivered', 'chargeback'))).toEqual([]);
    expect(bookingMailsForEvent(reversed({ kind: 'shop_order', orderId: 'o1' }, 'system:not_delivered'))).toEqual([]);
  });

  const booking: MailedBooking = { id: 'b1', status: 'booked', ...slot, priceCents: 2500 };
  const due = (kind: BookingMailDue['kind'], facts: BookingMailDue['facts'] = {}): BookingMailDue => ({ sourceEventId: 'e1', kind, bookingId: 'b1', userId: 'f1', at: 'x', facts });
  const ctx = { fanName: 'Ann <b>"Fan"</b>', fanEmail: 'ann@example.com', creatorName: 'Kim', siteUrl: 'https://fans.example', timeZone: 'Europe/Berlin' };

  it('times are in the creator\'s zone with the offset; user text is escaped in the HTML and a subject stays one line', () => {
    expect(spanText(slot.start, slot.end, 'Europe/Berlin')).toBe('Thursday 2026-12-10, 19:00 to 19:15 (Europe/Berlin, UTC+01:00)');
    const m = bookingEmail(due('staff_booking_confirmed', slot), booking, { ...ctx, fanName: 'Eve\r\nBcc: x@y' });
    expect(m.subject).toBe('New chat booking: Eve Bcc: x@y, Thursday 2026-12-10, 19:00 to 19:15 (Europe/Berlin, UTC+01:00)');
    expect(m.text).toContain('https://fans.example/admin/settings/set-chat-availability/booking-list');
    const fan = bookingEmail(due('fan_booking_confirmed', slot), booking, ctx);
    expect(fan.html).not.toContain('<b>');
    expect(fan.html).toContain('Ann &#60;b&#62;&#34;Fan&#34;&#60;/b&#62;');
    expect(fan.text).toContain('https://fans.example/book-slot/booking-list');
  });

  it('the cancellation tells the refund; the no-show tells whether the payment is kept', () => {
    expect(bookingEmail(due('fan_booking_cancelled', { by: 'creator', reason: 'Ill', refund: true }), booking, ctx).text).toContain('cancelled by Kim.\n\nReason: Ill\n\nYour payment of $25.00 is refunded');
    expect(bookingEmail(due('fan_booking_no_show', { refund: true }), booking, ctx).text).toContain('Your payment of $25.00 is refunded');
    expect(bookingEmail(due('fan_booking_no_show', { refund: false }), booking, ctx).text).toContain('is not refunded');
    expect(bookingEmail(due('fan_booking_reminder', { ...slot, minutesBefore: 90 }), booking, ctx).subject).toBe('Your chat with Kim starts in 90 minutes');
  });

  it('the refund of a lost slot says what, why and how much, and where to book again', () => {
    const m = bookingEmail(due('fan_booking_refunded', { refund: true, reason: 'This slot was taken.', amountCents: 2400 }), { ...booking, status: 'cancelled' }, ctx);
    expect(m.subject).toBe('Your payment was refunded');
    expect(m.text).toContain('Your payment of $24.00 for a one-to-one chat with Kim on Thursday 2026-12-10, 19:00 to 19:15 (Europe/Berlin, UTC+01:00) was refunded to the card or wallet you paid with.');
    expect(m.text).toContain('Reason: This slot was taken.');
    expect(m.text).toContain('Book another time: https://fans.example/book-slot/book');
    expect(bookingMailStillApplies(due('fan_booking_refunded'), { ...booking, status: 'cancelled' }, '2026-12-01T00:00:00.000Z')).toBe(true);
  });

  it('no confirmation of a booking already cancelled; no reminder once it moved, was cancelled or began', () => {
    expect(bookingMailStillApplies(due('fan_booking_confirmed'), { ...booking, status: 'cancelled' }, '2026-12-01T00:00:00.000Z')).toBe(false);
    expect(bookingMailStillApplies(due('fan_booking_reminder', slot), booking, '2026-12-10T17:30:00.000Z')).toBe(true);
    expect(bookingMailStillApplies(due('fan_booking_reminder', slot), { ...booking, start: '2026-12-10T19:00:00.000Z' }, '2026-12-10T17:30:00.000Z')).toBe(false);
    expect(bookingMailStillApplies(due('fan_booking_reminder', slot), booking, '2026-12-10T18:00:00.000Z')).toBe(false);
  });

  it('a mail is recorded once', () => {
    const c = { type: 'RecordBookingEmailSent' as const, sourceEventId: 'e1', kind: 'fan_booking_confirmed' as const, bookingId: 'b', userId: 'u', at: 'now' };
    const [first] = bookingEmailDecider.decide(c, bookingEmailDecider.initialState());
    expect(bookingEmailDecider.decide(c, bookingEmailDecider.evolve(bookingEmailDecider.initialState(), first))).toEqual([]);
  });
});

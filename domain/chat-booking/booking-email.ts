// Chat booking mails: to the fan when a booking is paid, before it starts (the reminder), when it is cancelled
// (with the refund), moved, or ends as a no-show, and when a payment that came in after its slot went to someone
// else was refunded; to the staff address when a booking is paid, or cancelled or moved by the fan (or by the site). Which mails a booking event makes, their texts, and the record that one was sent. Each (event, kind)
// has its own stream; the sender records ChatBookingEmailSent there before it mails, so two nodes or a pass over a
// restart never mail twice (a crash between record and send loses that one mail: a notice, never money).
import type { Decider, DomainEvent } from '../shared/decider';
import { refundedNotDelivered, type PaymentEvent } from '../payment/payment';
import { inZone } from './availability';
import type { BookingEvent, BookingStatus } from './booking';

/** Mails of events older than this are dropped, never sent late (a rebuild, a first start over an old log). */
export const BOOKING_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

export const BOOKING_EMAIL_KINDS = [
  'fan_booking_confirmed', 'staff_booking_confirmed', 'fan_booking_reminder', 'fan_booking_cancelled', 'staff_booking_cancelled',
  'fan_booking_rescheduled', 'staff_booking_rescheduled', 'fan_booking_no_show', 'fan_booking_refunded',
] as const;
export type BookingEmailKind = (typeof BOOKING_EMAIL_KINDS)[number];

/** What the event said that the mail tells (the rest is read from the booking when the mail goes out). */
export interface BookingMailFacts {
  start?: string;
  end?: string;
  fromStart?: string;
  fromEnd?: string;
  by?: 'fan' | 'creator' | 'system';
  reason?: string;
  refund?: boolean;
  minutesBefore?: number;
  /** What was refunded (a refund the payment process made: the slot was gone when the money came in). */
  amountCents?: number;
}

/** One mail a booking event asks for. */
export interface BookingMailDue {
  sourceEventId: string;
  kind: BookingEmailKind;
  bookingId: string;
  userId: string;
  at: string;
  facts: BookingMailFacts;
}

/** The events that make booking mails (a payment's reversal only when it is a booking's refund for a lost slot). */
export const BOOKING_EMAIL_SOURCE_TYPES = ['ChatBookingConfirmed', 'ChatBookingReminded', 'ChatBookingCancelled', 'ChatBookingRescheduled', 'ChatBookingNoShow', 'PaymentReversed'] as const;

type Ev = { id: string; recordedAt: Date } & (BookingEvent | Extract<PaymentEvent, { type: 'PaymentReversed' }>);

/**
 * The mails a booking event makes. Staff are not mailed about what staff did themselves. A booking the site
 * cancelled because its slot was taken before the payment came in mails the fan once its refund is made (the
 * refund's mail says what, why and how much), not at the cancellation.
 */
export function bookingMailsForEvent(e: Ev): BookingMailDue[] {
  if (e.type === 'PaymentReversed') {
    const d = e.data;
    if (d.purpose.kind !== 'chat_booking' || !refundedNotDelivered(d)) return [];
    return [{
      sourceEventId: e.id, kind: 'fan_booking_refunded', bookingId: d.purpose.bookingId, userId: d.userId, at: e.recordedAt.toISOString(),
      facts: { refund: true, reason: d.reason ?? undefined, amountCents: d.amountCents },
    }];
  }
  const one = (kind: BookingEmailKind, facts: BookingMailFacts = {}): BookingMailDue => ({
    sourceEventId: e.id, kind, bookingId: e.data.bookingId, userId: e.data.fanId, at: e.recordedAt.toISOString(), facts,
  });
  switch (e.type) {
    case 'ChatBookingConfirmed': {
      const f = { start: e.data.start, end: e.data.end };
      return [one('fan_booking_confirmed', f), one('staff_booking_confirmed', f)];
    }
    case 'ChatBookingReminded':
      return [one('fan_booking_reminder', { start: e.data.start, end: e.data.end, minutesBefore: e.data.minutesBefore })];
    case 'ChatBookingCancelled': {
      const f = { by: e.data.by, reason: e.data.reason, refund: e.data.refund };
      if (e.data.by === 'system') return [one('staff_booking_cancelled', f)];
      return e.data.by === 'creator' ? [one('fan_booking_cancelled', f)] : [one('fan_booking_cancelled', f), one('staff_booking_cancelled', f)];
    }
    case 'ChatBookingRescheduled': {
      const f = { by: e.data.by, start: e.data.start, end: e.data.end, fromStart: e.data.fromStart, fromEnd: e.data.fromEnd };
      return e.data.by === 'fan' ? [one('fan_booking_rescheduled', f), one('staff_booking_rescheduled', f)] : [one('fan_booking_rescheduled', f)];
    }
    case 'ChatBookingNoShow':
      return [one('fan_booking_no_show', { refund: e.data.refund })];
    default:
      return [];
  }
}

/** The booking as a mail shows it (the read model's row when the mail goes out). */
export interface MailedBooking {
  id: string;
  status: BookingStatus;
  start: string;
  end: string;
  priceCents: number;
}

export interface BookingMailContext {
  fanName: string;
  fanEmail: string;
  creatorName: string;
  /** The fan site's address, without a trailing slash (the console is under /admin). */
  siteUrl: string;
  /** The creator's time zone: the times are shown in it, with their UTC offset. */
  timeZone: string;
}

/**
 * Whether the mail still says something true when its turn comes: no confirmation of a booking already cancelled
 * (its slot was taken before the payment came in: the cancellation says so), no reminder once the booking was moved,
 * cancelled or began.
 */
export function bookingMailStillApplies(m: BookingMailDue, b: MailedBooking, now: string): boolean {
  if (m.kind === 'fan_booking_confirmed' || m.kind === 'staff_booking_confirmed') return b.status !== 'cancelled' && b.status !== 'failed';
  if (m.kind === 'fan_booking_reminder') return b.status === 'booked' && b.start === m.facts.start && b.start > now;
  return true;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** Mail headers are one line: breaks in user text would start new headers. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Wednesday 2026-12-02, 09:00 to 09:15 (Europe/Berlin, UTC+01:00)": a span in the creator's time zone. */
export function spanText(start: string, end: string, timeZone: string): string {
  const l = inZone({ start, end }, timeZone);
  const weekday = WEEKDAYS[new Date(`${l.date}T00:00:00Z`).getUTCDay()];
  return `${weekday} ${l.date}, ${l.startTime} to ${l.endTime} (${timeZone}, ${l.utcOffset})`;
}

const minutesText = (n: number) => (n % 60 === 0 ? `${n / 60} ${n === 60 ? 'hour' : 'hours'}` : `${n} ${n === 1 ? 'minute' : 'minutes'}`);

/** Subject and bodies of one mail (plain text and simple HTML, every value escaped). */
export function bookingEmail(m: BookingMailDue, b: MailedBooking, c: BookingMailContext): { subject: string; text: string; html: string } {
  const f = m.facts;
  const when = spanText(f.start ?? b.start, f.end ?? b.end, c.timeZone);
  const fan = { label: 'See your bookings', url: `${c.siteUrl}/book-slot/booking-list` };
  const staff = { label: 'Open the bookings', url: `${c.siteUrl}/admin/settings/set-chat-availability/booking-list` };
  const refundText = f.refund ? `Your payment of ${money(b.priceCents)} is refunded to the card or wallet you paid with.` : null;
  const byText = f.by === 'fan' ? 'you' : f.by === 'creator' ? c.creatorName : 'the site';
  let subject: string;
  let parts: string[];
  let link = fan;
  switch (m.kind) {
    case 'fan_booking_confirmed':
      subject = `Your chat with ${c.creatorName} is booked`;
      parts = [`Hi ${c.fanName},`, `Your one-to-one chat with ${c.creatorName} is booked for ${when}. We received your payment of ${money(b.priceCents)}.`,
        'Open the chat on the site when your time begins; the chat is yours until it ends.'];
      break;
    case 'staff_booking_confirmed':
      subject = `New chat booking: ${c.fanName}, ${when}`;
      parts = [`${c.fanName} (${c.fanEmail}) booked a one-to-one chat for ${when} and paid ${money(b.priceCents)}.`];
      link = staff;
      break;
    case 'fan_booking_reminder':
      subject = `Your chat with ${c.creatorName} starts in ${minutesText(f.minutesBefore ?? 0)}`;
      parts = [`Hi ${c.fanName},`, `A reminder: your one-to-one chat with ${c.creatorName} starts in ${minutesText(f.minutesBefore ?? 0)}, ${when}.`,
        'Open the chat on the site when your time begins.'];
      break;
    case 'fan_booking_cancelled':
      subject = `Your chat booking with ${c.creatorName} is cancelled`;
      parts = [`Hi ${c.fanName},`, `Your one-to-one chat with ${c.creatorName} on ${when} was cancelled by ${byText}.`,
        ...(f.reason && f.by !== 'fan' ? [`Reason: ${f.reason}`] : []), ...(refundText ? [refundText] : [])];
      break;
    case 'staff_booking_cancelled':
      subject = `Chat booking cancelled: ${c.fanName}, ${when}`;
      parts = [`The chat booking of ${c.fanName} (${c.fanEmail}) for ${when} was cancelled by ${f.by === 'fan' ? 'the fan' : 'the site'}.`,
        ...(f.reason ? [`Reason: ${f.reason}`] : []), f.refund ? `${money(b.priceCents)} is refunded to the fan.` : 'Nothing was refunded.'];
      link = staff;
      break;
    case 'fan_booking_rescheduled':
      subject = `Your chat with ${c.creatorName} is moved`;
      parts = [`Hi ${c.fanName},`, `Your one-to-one chat with ${c.creatorName} was moved by ${byText}.`,
        `New time: ${when}`, `It was: ${spanText(f.fromStart ?? b.start, f.fromEnd ?? b.end, c.timeZone)}`];
      break;
    case 'staff_booking_rescheduled':
      subject = `Chat booking moved: ${c.fanName}, ${when}`;
      parts = [`${c.fanName} (${c.fanEmail}) moved their chat booking.`, `New time: ${when}`, `It was: ${spanText(f.fromStart ?? b.start, f.fromEnd ?? b.end, c.timeZone)}`];
      link = staff;
      break;
    case 'fan_booking_no_show':
      subject = `You missed your chat with ${c.creatorName}`;
      parts = [`Hi ${c.fanName},`, `Your one-to-one chat with ${c.creatorName} on ${when} has ended without a message from you.`,
        refundText ?? `As the creator's booking terms say, the payment of ${money(b.priceCents)} for a missed chat is not refunded.`];
      break;
    case 'fan_booking_refunded':
      subject = 'Your payment was refunded';
      parts = [`Hi ${c.fanName},`,
        `Your payment of ${money(f.amountCents ?? b.priceCents)} for a one-to-one chat with ${c.creatorName} on ${when} was refunded to the card or wallet you paid with.`,
        ...(f.reason ? [`Reason: ${f.reason}`] : []), 'You can book another time on the site.'];
      link = { label: 'Book another time', url: `${c.siteUrl}/book-slot/book` };
      break;
  }
  const footer = m.kind.startsWith('fan_') ? `You receive this because you booked a chat with ${c.creatorName}.` : `Sent by ${c.creatorName}'s site to its staff address.`;
  const text = [...parts, `${link.label}: ${link.url}`, footer].join('\n\n');
  const html = parts.map((p) => `<p>${escapeHtml(p)}</p>`).join('')
    + `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`;
  return { subject: oneLine(subject), text, html };
}

// ---- the record that a mail was sent -------------------------------------------------------------------------

export type BookingEmailEvent = DomainEvent<'ChatBookingEmailSent', { sourceEventId: string; kind: BookingEmailKind; bookingId: string; userId: string; sentAt: string }>;
export type BookingEmailCommand = { type: 'RecordBookingEmailSent'; sourceEventId: string; kind: BookingEmailKind; bookingId: string; userId: string; at: string };

export const bookingEmailStream = (sourceEventId: string, kind: BookingEmailKind) => `chat-booking-email-${sourceEventId}-${kind}`;

export const bookingEmailDecider: Decider<BookingEmailCommand, BookingEmailEvent, { sent: boolean }> = {
  initialState: () => ({ sent: false }),
  evolve: (s, e) => (e.type === 'ChatBookingEmailSent' ? { sent: true } : s),
  decide: (c, s) => (s.sent ? [] : [{ type: 'ChatBookingEmailSent', data: { sourceEventId: c.sourceEventId, kind: c.kind, bookingId: c.bookingId, userId: c.userId, sentAt: c.at } }]),
};

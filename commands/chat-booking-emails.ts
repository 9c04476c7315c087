// Chat booking mails: a periodic pass over the queue (projections/chat-booking-emails.ts) mails the fan when a
// booking is paid, before it starts (the reminder the booking pass records), when it is cancelled (with the
// refund), moved, ends as a no-show, or was paid after its slot went to someone else (the refund, once it is made),
// and the staff address (as the shop's staff mails) when a booking is paid or the fan (or the site) cancels or moves it. Each mail is recorded on its own stream before it is sent (domain/chat-booking/
// booking-email, through ./mail-pass.ts), so two nodes, overlapping passes or a restart mail once. These answer the
// fan's own booking, so no email preference switches them off. Mails older than a day are never sent.
import { addressMail, startMailPass, type Mail, type MailFan } from './mail-pass';
import type { PeriodicPass } from './periodic-pass';
import type { EventStore } from '../infra/eventstore/port';
import {
  bookingEmail, bookingEmailDecider, bookingEmailStream, bookingMailStillApplies, BOOKING_EMAIL_TTL_MS, type BookingMailDue, type MailedBooking,
} from '../domain/chat-booking/booking-email';
import { handle } from './handle';

export interface ChatBookingEmailReads {
  due(sinceIso: string, limit: number): Promise<BookingMailDue[]>;
  /** The creator's name and time zone, and where staff mails go (null: nowhere). */
  settings(): Promise<{ creatorName: string; timeZone: string; staffEmail: string | null }>;
  user(userId: string): Promise<MailFan | null>;
  booking(bookingId: string): Promise<MailedBooking | null>;
}

export function startChatBookingEmails(options: {
  store: EventStore;
  reads: ChatBookingEmailReads;
  /** Records and sends one mail (the outbox; SMTP when configured). */
  send: (mail: Mail) => Promise<unknown>;
  /** The fan site's address, without a trailing slash. */
  siteUrl: () => string;
  now: () => Date;
  intervalMs?: number;
  /** false: ticks only when called (tests). */
  timer?: boolean;
  log?: (message: string) => void;
}): PeriodicPass {
  return startMailPass({
    name: 'chat booking email', store: options.store, ttlMs: BOOKING_EMAIL_TTL_MS,
    due: (since, limit) => options.reads.due(since, limit), context: () => options.reads.settings(),
    async compose(m: BookingMailDue, { creatorName, timeZone, staffEmail }) {
      const mail = await addressMail(m.kind, staffEmail, { fan: options.reads.user(m.userId), about: options.reads.booking(m.bookingId) });
      if (!mail || !bookingMailStillApplies(m, mail.about, options.now().toISOString())) return null;
      return { to: mail.to, ...bookingEmail(m, mail.about, { fanName: mail.fan.name, fanEmail: mail.fan.email, creatorName, siteUrl: options.siteUrl(), timeZone }) };
    },
    async record(ctx, m) {
      const { events } = await handle(ctx, bookingEmailStream(m.sourceEventId, m.kind), bookingEmailDecider, {
        type: 'RecordBookingEmailSent', sourceEventId: m.sourceEventId, kind: m.kind, bookingId: m.bookingId, userId: m.userId, at: ctx.now(),
      });
      return events.length > 0;
    },
    describe: (m) => `${m.kind} for booking ${m.bookingId}`,
    send: options.send, now: options.now, intervalMs: options.intervalMs, timer: options.timer, log: options.log,
  });
}

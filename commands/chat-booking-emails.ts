// Chat booking mails: a periodic pass over the queue (projections/chat-booking-emails.ts) mails the fan when a
// booking is paid, before it starts (the reminder the booking pass records), when it is cancelled (with the
// refund), moved, or ends as a no-show, and the staff address (as the shop's staff mails) when a booking is paid or
// the fan cancels or moves it. Each mail is recorded on its own stream before it is sent (domain/chat-booking/
// booking-email, through ./mail-pass.ts), so two nodes, overlapping passes or a restart mail once. These answer the
// fan's own booking, so no email preference switches them off. Mails older than a day are never sent.
import { startMailPass, type Mail } from './mail-pass';
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
  user(userId: string): Promise<{ email: string; name: string } | null>;
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
      const [user, booking] = await Promise.all([options.reads.user(m.userId), options.reads.booking(m.bookingId)]);
      const to = m.kind.startsWith('staff_') ? staffEmail : user?.email ?? null;
      const now = options.now().toISOString();
      if (!to || !user || !booking || !bookingMailStillApplies(m, booking, now)) return null;
      return { to, ...bookingEmail(m, booking, { fanName: user.name, fanEmail: user.email, creatorName, siteUrl: options.siteUrl(), timeZone }) };
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

// Chat booking mails through a real SMTP server and the reminder's web push through a local push service
// (tests/support/push-service.ts, decrypted as a browser would): a booking paid by card mails the fan a confirmation
// and the staff address a notice; the booking pass reminds the fan at the set time before the start (not a minute
// early), by mail and web push, once even when two passes (and two mailers) run at once; a fan's cancellation mails
// the refund to the fan and the staff; a creator's move mails the fan the new and old times (staff are not mailed
// about their own move); a no-show mails the outcome; a card payment that comes in after its hold ran out and the
// slot went to someone else is refunded by the process, and the fan is mailed that refund (what, why, how much) once,
// with two mailers at once. The server's clock is moved by the test; passes run when the test ticks them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/server';
import { chatBookingEmailReads } from '../../api/mail-reads';
import { startChatBookingEmails } from '../../commands/chat-booking-emails';
import { bookByCard, startBookingPass, setAvailability } from '../../commands/chat-booking';
import { commandContext, loadStream } from '../../commands/handle';
import { resumePayment } from '../../commands/payment/process';
import { SLOT_LOST_REFUNDED } from '../../commands/payment/kinds/chat-booking';
import { startPushSender } from '../../commands/push-sender';
import { pushReads, vapidKeys } from '../../api/push';
import { createWebPushSender } from '../../infra/push/web-push';
import type { CardGateway } from '../../infra/payments/port';
import { DEFAULT_AVAILABILITY } from '../../domain/chat-booking/availability';
import { bookingDecider, chatBookingStream } from '../../domain/chat-booking/booking';
import { calendarDecider, calendarStream } from '../../domain/chat-booking/calendar';
import { bookingEmailStream } from '../../domain/chat-booking/booking-email';
import { paymentStream } from '../../domain/payment/payment';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { MAIL_SITE as SITE, startMailTestServer, subjectOf, textOf, type MailTestServer } from '../support/mail-server';
import { decryptPush, startPushService, type PushService } from '../support/push-service';
import { TEST_CARD_FORM, type Backend } from '../support/server';

const ADMIN = 'owner.booking@fans.example.test';
const HOUR = 3_600_000;
const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };

export function bookingEmailSuite(backend: Backend, available = true) {
  describe.skipIf(!available)(`chat booking mails and reminders (${backend})`, () => {
    let mail: MailTestServer;
    let ps: PushService;
    let server: RunningServer;
    let admin: { token: string; id: string };
    let offset = 0;
    let n = 0;
    const call: MailTestServer['call'] = (...args) => mail.call(...args);
    const settle = () => mail.settle();
    /** The server's clock, set to an instant (the passes, routes and mailers all read it). */
    const setClock = (iso: string) => {
      offset = Date.parse(iso) - Date.now();
    };
    const mailTick = async () => {
      await settle();
      const sent = await server.chatBookingEmails.tick();
      await settle();
      return sent;
    };
    const mailsTo = (email: string) => mail.mailsTo(email);
    const otherMailer = () => startChatBookingEmails({
      store: server.services.store, reads: chatBookingEmailReads(server.services.database.db, ADMIN), send: (m) => server.services.mailer.send(m), siteUrl: () => SITE,
      now: () => server.services.clock(), timer: false,
    });
    const otherPass = () => startBookingPass({ store: server.services.store, deps: server.services.purchases, now: () => server.services.clock(), timer: false });

    const fan = async (label: string) => {
      const email = `booker.${label}.${++n}.${backend}@example.com`;
      const r = await call('POST', '/api/users/register', { name: `Booker ${label}`, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string, email, name: `Booker ${label}` };
    };
    /** Books the first open slot at least `hoursAhead` from the server's clock; answers the booking. */
    const book = async (f: { token: string }, hoursAhead: number) => {
      const slots = (await call('GET', '/api/chat-booking/slots', undefined, f.token)).body.data.slots as { start: string; end: string }[];
      const slot = slots.find((s) => Date.parse(s.start) >= server.services.clock().getTime() + hoursAhead * HOUR)!;
      const r = await call('POST', '/api/chat-booking/bookings', { payment_method: 'card', start: slot.start, end: slot.end, ...card }, f.token, { 'idempotency-key': crypto.randomUUID() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.booking.status).toBe('booked');
      return { id: r.body.data.booking_id as string, ...slot };
    };
    const remindedCount = async (bookingId: string) => (await server.services.store.readStream(chatBookingStream(bookingId))).filter((e) => e.type === 'ChatBookingReminded').length;

    beforeAll(async () => {
      [mail, ps] = await Promise.all([startMailTestServer(backend, { adminEmail: ADMIN, folder: 'fanclub-booking-mail', start: { bookingPassIntervalMs: 0 } }), startPushService()]);
      ({ server, admin } = mail);
      server.services.clock = () => new Date(Date.now() + offset);
      // The local push service listens on http://127.0.0.1: accepted only in tests; its passes run when ticked.
      const push = server.services.push!;
      push.allowHttpLocal = true;
      await push.sender.stop();
      push.sender = startPushSender({ store: server.services.store, reads: pushReads(server.services.database.db), send: createWebPushSender(vapidKeys(server.services.config)), now: () => server.services.clock(), timer: false });
      // Every hour of every day, in the creator's zone (Berlin); reminders an hour ahead (the default).
      const staff = commandContext(server.services.store, { userId: admin.id, role: 'admin' }, () => server.services.clock());
      await setAvailability(staff, server.services.sanitizeHtml, admin.id, {
        ...DEFAULT_AVAILABILITY, timeZone: 'Europe/Berlin', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
        slotMinutes: 15, bufferMinutes: 5, priceCents: 2500, minNoticeMinutes: 60, maxBookingsPerFan: 5, cancelDeadlineHours: 1,
      }, true);
      await settle();
    }, 120_000);
    afterAll(async () => {
      await Promise.all([mail?.close(), ps?.close()]);
    });

    it('a paid booking mails the fan and the staff; the reminder comes at its time by mail and web push, once, with two passes and two mailers at once', async () => {
      setClock(new Date().toISOString());
      const f = await fan('reminded');
      const device = ps.subscribe(`booker-${backend}`);
      const reg = await call('POST', '/api/notifications/register-device', { endpoint: device.endpoint, keys: device.keys, expirationTime: null }, f.token);
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      const b = await book(f, 3);
      expect(await mailTick()).toBe(2);
      const [confirmed, ...more] = mailsTo(f.email);
      expect(more).toEqual([]);
      expect(subjectOf(confirmed!)).toBe('Your chat with Fanclub Creator is booked');
      expect(textOf(confirmed!)).toContain('We received your payment of $25.00.');
      expect(textOf(confirmed!)).toMatch(/booked for \w+day \d{4}-\d\d-\d\d, \d\d:\d\d to \d\d:\d\d \(Europe\/Berlin, UTC\+0[12]:00\)/);
      expect(textOf(confirmed!)).toContain(`See your bookings: ${SITE}/book-slot/booking-list`);
      const [notice, ...others] = mailsTo(ADMIN);
      expect(others).toEqual([]);
      expect(subjectOf(notice!)).toMatch(/^New chat booking: Booker reminded, /);
      expect(textOf(notice!)).toContain(`${f.name} (${f.email}) booked a one-to-one chat`);
      expect(textOf(notice!)).toContain(`Open the bookings: ${SITE}/admin/settings/set-chat-availability/booking-list`);

      // A minute before the reminder time: nothing.
      setClock(new Date(Date.parse(b.start) - 61 * 60_000).toISOString());
      await server.bookingPass.tick();
      expect(await remindedCount(b.id)).toBe(0);
      // Inside the hour: two passes at once record one reminder; two mailers at once send one mail.
      setClock(new Date(Date.parse(b.start) - 59 * 60_000).toISOString());
      const second = otherPass();
      await Promise.all([server.bookingPass.tick(), second.tick()]);
      await second.stop();
      expect(await remindedCount(b.id)).toBe(1);
      await settle();
      const mailer = otherMailer();
      const [x, y] = await Promise.all([server.chatBookingEmails.tick(), mailer.tick()]);
      await mailer.stop();
      expect(x + y).toBe(1);
      const reminders = mailsTo(f.email).filter((m) => subjectOf(m) === 'Your chat with Fanclub Creator starts in 1 hour');
      expect(reminders).toHaveLength(1);
      expect(textOf(reminders[0]!)).toContain('A reminder: your one-to-one chat with Fanclub Creator starts in 1 hour');
      // The web push: to the fan's device, what a browser decrypts.
      await settle();
      await server.services.push!.sender.tick();
      const pushed = ps.received.filter((r) => r.path === new URL(device.endpoint).pathname);
      expect(pushed).toHaveLength(1);
      expect(JSON.parse(decryptPush(device, pushed[0]!.body))).toMatchObject({ title: 'Your chat with Fanclub Creator starts in 1 hour', url: '/book-slot/booking-list', category: 'messages' });
      // Later passes add nothing.
      setClock(new Date(Date.parse(b.start) - 30 * 60_000).toISOString());
      await server.bookingPass.tick();
      expect(await remindedCount(b.id)).toBe(1);
      expect(await mailTick()).toBe(0);
      await server.services.push!.sender.tick();
      expect(ps.received.filter((r) => r.path === new URL(device.endpoint).pathname)).toHaveLength(1);
    }, 120_000);

    it("a fan's cancellation mails the refund to the fan and the staff; a creator's move mails the fan only; a no-show mails the outcome", async () => {
      setClock(new Date().toISOString());
      const f = await fan('changes');
      const a = await book(f, 3);
      const b = await book(f, 6);
      expect(await mailTick()).toBe(4);
      const staffBefore = mailsTo(ADMIN).length;
      const cancelled = await call('POST', `/api/chat-booking/bookings/${a.id}/cancel`, { reason: 'Clash' }, f.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(await mailTick()).toBe(2);
      const fanCancel = mailsTo(f.email).find((m) => subjectOf(m) === 'Your chat booking with Fanclub Creator is cancelled')!;
      expect(textOf(fanCancel)).toContain('was cancelled by you.');
      expect(textOf(fanCancel)).toContain('Your payment of $25.00 is refunded to the card or wallet you paid with.');
      const staffCancel = mailsTo(ADMIN).slice(staffBefore);
      expect(staffCancel.map(subjectOf)).toEqual([expect.stringMatching(/^Chat booking cancelled: Booker changes, /)]);
      expect(textOf(staffCancel[0]!)).toContain('Reason: Clash');
      expect(textOf(staffCancel[0]!)).toContain('$25.00 is refunded to the fan.');

      const to = { start: new Date(Date.parse(b.start) + HOUR).toISOString(), end: new Date(Date.parse(b.end) + HOUR).toISOString() };
      const moved = await call('POST', `/admin-api/chat-booking/bookings/${b.id}/reschedule`, to, admin.token);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await mailTick()).toBe(1);
      const fanMove = mailsTo(f.email).find((m) => subjectOf(m) === 'Your chat with Fanclub Creator is moved')!;
      expect(textOf(fanMove)).toContain('was moved by Fanclub Creator.');
      expect(textOf(fanMove)).toMatch(/New time: .*\n\nIt was: /);
      expect(mailsTo(ADMIN).slice(staffBefore)).toHaveLength(1);

      // The moved booking passes without a word from the fan: a no-show, the payment kept (the setting).
      setClock(new Date(Date.parse(to.end) + 60_000).toISOString());
      await server.bookingPass.tick();
      expect((await loadStream(server.services.store, chatBookingStream(b.id), bookingDecider)).state.status).toBe('no_show');
      const before = mailsTo(f.email).length;
      // (the first test's booking ended by now too: its fan's no-show mail goes in the same pass)
      expect(await mailTick()).toBeGreaterThanOrEqual(1);
      expect(mailsTo(f.email).slice(before).map(subjectOf)).toEqual(['You missed your chat with Fanclub Creator']);
      const missed = mailsTo(f.email).at(-1)!;
      expect(textOf(missed)).toContain('has ended without a message from you.');
      expect(textOf(missed)).toContain('the payment of $25.00 for a missed chat is not refunded.');
      // The reminder time of the moved booking went by while no pass ran: no late reminder.
      expect(await remindedCount(b.id)).toBe(0);
      expect(await mailTick()).toBe(0);
    }, 120_000);

    it('a card payment that came in after its slot went to someone else: the fan is mailed the refund (what, why, how much) once, with two mailers at once', async () => {
      setClock(new Date().toISOString());
      const [late, rival] = [await fan('late'), await fan('rival')];
      const { store, purchases } = server.services;
      const t0 = server.services.clock().getTime();
      const ctxOf = (userId: string, minutes: number) => commandContext(store, { userId, role: 'user' }, () => new Date(t0 + minutes * 60_000));
      const slots = (await call('GET', '/api/chat-booking/slots', undefined, late.token)).body.data.slots as { start: string; end: string }[];
      const slot = slots.find((s) => Date.parse(s.start) >= t0 + 3 * HOUR)!;
      const choice = { form: card };
      // The process dies after the slot is held and the payment requested, before the provider answered.
      const dying = { ...purchases, gateway: { ...purchases.gateway, charge: () => Promise.reject(new Error('killed before the provider answered')) } as CardGateway };
      await expect(bookByCard(ctxOf(late.id, 0), dying, { userId: late.id, role: 'user', slot, card: choice })).rejects.toThrow('killed before the provider answered');
      const lateId = Object.entries((await loadStream(store, calendarStream(), calendarDecider)).state.entries).find(([, e]) => e.fanId === late.id)![0];
      // Twenty minutes on the hold has run out: another fan books the slot; then the late payment is taken and refunded.
      expect(await bookByCard(ctxOf(rival.id, 20), purchases, { userId: rival.id, role: 'user', slot, card: choice })).toMatchObject({ accepted: true });
      expect(await resumePayment(ctxOf(late.id, 21), purchases, lateId)).toMatchObject({ status: 'reversed', reversal: 'refund', reversalReason: SLOT_LOST_REFUNDED });
      await settle();
      const staffBefore = mailsTo(ADMIN).length;
      const mailer = otherMailer();
      const [x, y] = await Promise.all([server.chatBookingEmails.tick(), mailer.tick()]);
      await mailer.stop();
      // The rival's confirmation and its staff notice, the site's cancellation to staff, the late fan's refund.
      expect(x + y).toBe(4);
      const [refunded, ...more] = mailsTo(late.email);
      expect(more).toEqual([]);
      expect(subjectOf(refunded!)).toBe('Your payment was refunded');
      expect(textOf(refunded!)).toMatch(/Your payment of \$25\.00 for a one-to-one chat with Fanclub Creator on \w+day \d{4}-\d\d-\d\d, \d\d:\d\d to \d\d:\d\d \(Europe\/Berlin, UTC\+0[12]:00\) was refunded to the card or wallet you paid with\./);
      expect(textOf(refunded!)).toContain(`Reason: ${SLOT_LOST_REFUNDED}`);
      expect(textOf(refunded!)).toContain(`Book another time: ${SITE}/book-slot/book`);
      expect(mailsTo(rival.email).map(subjectOf)).toEqual(['Your chat with Fanclub Creator is booked']);
      expect(mailsTo(ADMIN).slice(staffBefore).map(subjectOf).sort()).toEqual([expect.stringMatching(/^Chat booking cancelled: Booker late, /), expect.stringMatching(/^New chat booking: Booker rival, /)]);
      // Recorded once, on its own stream, before it went out; a resume of the same payment and later passes add nothing.
      const reversal = (await store.readStream(paymentStream(lateId))).find((e) => e.type === 'PaymentReversed')!;
      expect((await store.readStream(bookingEmailStream(reversal.id, 'fan_booking_refunded'))).map((e) => e.type)).toEqual(['ChatBookingEmailSent']);
      expect((await resumePayment(ctxOf(late.id, 22), purchases, lateId)).status).toBe('reversed');
      expect(await mailTick()).toBe(0);
      expect(mailsTo(late.email)).toHaveLength(1);
    }, 120_000);
  });
}

// Chat booking through the one purchase pipeline, on a real event store (PGlite, or the Postgres server): a slot
// is held before the money moves and never sold twice, a short wallet is refused with the shortfall and holds
// nothing, cancellations (the fan's until the deadline, the creator's any time) refund the money and free the
// slot, a move takes only a free slot, a no-show is refunded when the setting says so, and while normal chat is
// off only allowed fans and fans inside their slot may write. The clock is the commands' own (fixed) clock. Over
// HTTP, 30 fans racing for one slot give one booking and 29 clear answers, and the ledger agrees with the books.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createSandboxCardGateway, sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { commandContext, loadStream } from '../../commands/handle';
import { resumePayment } from '../../commands/payment/process';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';
import { bookByCard } from '../../commands/chat-booking';
import { SLOT_LOST_REFUNDED } from '../../commands/payment/kinds/chat-booking';
import type { CardGateway } from '../../infra/payments/port';
import { purchaseKinds } from '../../commands/payment/kinds';
import type { PurchaseDeps } from '../../commands/payment/process';
import { walletBalance, walletCommand } from '../../commands/payment/wallet-stream';
import { updateSiteSettings } from '../../commands/settings';
import { advanceBookings, bookFromWallet, cancelBooking, fanChatRefusalNow, rescheduleBooking, setAllowedToChat, setAvailability } from '../../commands/chat-booking';
import { DEFAULT_AVAILABILITY, type Availability } from '../../domain/chat-booking/availability';
import { bookingDecider, chatBookingStream } from '../../domain/chat-booking/booking';
import { calendarDecider, calendarStream } from '../../domain/chat-booking/calendar';
import { BOOKING_NEEDED_TO_CHAT } from '../../domain/chat-booking/chat-access';
import { instantOf, localTimeOf, minutesOfDay } from '../../domain/chat-booking/time-zone';
import { paymentDecider, paymentStream } from '../../domain/payment/payment';
import { checkLedger } from '../../projections/ledger-check';
import { createTestDatabase } from '../support/postgres';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { untypedTables } from '../support/tables';

const NOW = '2026-12-01T08:00:00.000Z';
const rules = (over: Partial<Availability> = {}): Availability => ({
  ...DEFAULT_AVAILABILITY, timeZone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '09:00', end: '17:00' })), slotMinutes: 15, bufferMinutes: 5,
  priceCents: 2500, bookAheadDays: 30, minNoticeMinutes: 60, maxBookingsPerFan: 2, cancelDeadlineHours: 24, noShowPolicy: 'keep_payment', ...over,
});
const slotAt = (day: string, time: string) => {
  const start = new Date(`${day}T${time}:00.000Z`);
  return { start: start.toISOString(), end: new Date(start.getTime() + 15 * 60_000).toISOString() };
};

export function bookingSuite(backend: 'pglite' | 'postgres', available = true) {
  describe.skipIf(!available)(`chat booking (${backend})`, () => {
    let database: Database;
    let store: EventStore;
    let drop: (() => Promise<void>) | null = null;
    let deps: PurchaseDeps;
    const clock = (iso: string) => () => new Date(iso);
    const staff = (at = NOW) => commandContext(store, { userId: 'admin-1', role: 'admin' }, clock(at));
    const fan = (userId: string, at = NOW) => commandContext(store, { userId, role: 'user' }, clock(at));
    const noHtml = (h: string) => h;

    beforeAll(async () => {
      if (backend === 'pglite') database = await openPglite(undefined);
      else {
        const made = await createTestDatabase();
        drop = made.drop;
        database = await openPostgres(made.url, 40);
      }
      store = await createPostgresEventStore(database, { schema: 'es' });
      deps = { gateway: await createSandboxCardGateway(database), kinds: purchaseKinds, places: async () => null } as unknown as PurchaseDeps;
      await setAvailability(staff(), noHtml as never, 'admin-1', rules(), true);
    }, 120_000);
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    async function fanWith(cents: number) {
      const userId = crypto.randomUUID();
      if (cents) await walletCommand(fan(userId), { type: 'CreditTopUp', userId, paymentId: crypto.randomUUID(), currency: 'BTC', amountCents: cents, at: NOW });
      return userId;
    }
    const book = (userId: string, slot: { start: string; end: string }, at = NOW) => bookFromWallet(fan(userId, at), deps, { userId, role: 'user', slot });
    const bookingOf = async (id: string) => (await loadStream(store, chatBookingStream(id), bookingDecider)).state;
    const calendar = async () => (await loadStream(store, calendarStream(), calendarDecider)).state;

    it('30 fans book the same slot at once: one booking, 29 told "This slot is no longer available.", 29 wallets untouched', async () => {
      const slot = slotAt('2026-12-02', '09:00');
      const fans = await Promise.all(Array.from({ length: 30 }, () => fanWith(10_000)));
      const results = await Promise.allSettled(fans.map((f) => book(f, slot)));
      const paid = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof book>>> => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(paid).toHaveLength(1);
      expect(refused).toHaveLength(29);
      for (const r of refused) expect(r.reason).toMatchObject({ message: 'This slot is no longer available.', code: 'SLOT_TAKEN', status: 409 });
      expect(paid[0].value).toMatchObject({ accepted: true, amountCents: 2500, balanceCents: 7500 });
      expect(await bookingOf(paid[0].value.paymentId)).toMatchObject({ status: 'booked', slot });
      const held = Object.values((await calendar()).entries).filter((e) => e.start === slot.start);
      expect(held).toMatchObject([{ status: 'booked' }]);
      const balances = await Promise.all(fans.map((f) => walletBalance(fan(f), f)));
      expect(balances.filter((b) => b === 10_000)).toHaveLength(29);
    }, 120_000);

    it('a short wallet is refused with the shortfall and holds nothing; a slot not offered is refused', async () => {
      const f = await fanWith(1000);
      const slot = slotAt('2026-12-02', '10:00');
      const err = await book(f, slot).catch((e) => e);
      expect(err).toMatchObject({ status: 402, message: 'Please Add Funds in wallet to book this slot.', details: { priceCents: 2500, balanceCents: 1000, shortfallCents: 1500 } });
      expect(Object.values((await calendar()).entries).some((e) => e.start === slot.start)).toBe(false);
      const rich = await fanWith(10_000);
      expect(await book(rich, slotAt('2026-12-02', '10:05')).catch((e) => e)).toMatchObject({ status: 409, code: 'SLOT_TAKEN' });
      expect(await book(rich, slotAt('2026-12-01', '08:30')).catch((e) => e)).toMatchObject({ status: 409, code: 'SLOT_TAKEN' });
      expect(await walletBalance(fan(rich), rich)).toBe(10_000);
    });

    it('a fan holds at most the limit of upcoming bookings', async () => {
      const f = await fanWith(20_000);
      await book(f, slotAt('2026-12-03', '09:00'));
      await book(f, slotAt('2026-12-03', '09:20'));
      expect(await book(f, slotAt('2026-12-03', '09:40')).catch((e) => e)).toMatchObject({ status: 409, message: 'You can hold at most 2 upcoming bookings.' });
    });

    it('the fan cancels until the deadline and is refunded; after it the cancel is refused; the creator cancels any time with a refund', async () => {
      const f = await fanWith(10_000);
      const a = await book(f, slotAt('2026-12-04', '09:00'));
      const b = await book(f, slotAt('2026-12-04', '09:20'));
      expect(await walletBalance(fan(f), f)).toBe(5000);
      await cancelBooking(fan(f, '2026-12-03T09:00:00.000Z'), deps, a.paymentId, { by: 'fan', fanId: f }, 'Cannot make it');
      expect(await bookingOf(a.paymentId)).toMatchObject({ status: 'cancelled', reversed: true });
      expect((await loadStream(store, paymentStream(a.paymentId), paymentDecider)).state.status).toBe('reversed');
      expect(await walletBalance(fan(f), f)).toBe(7500);
      const late = await cancelBooking(fan(f, '2026-12-03T09:30:00.000Z'), deps, b.paymentId, { by: 'fan', fanId: f }, '').catch((e) => e);
      expect(late).toMatchObject({ status: 409, message: 'Bookings can be cancelled or moved up to 24 hours before they start.' });
      const stranger = await fanWith(0);
      expect(await cancelBooking(fan(stranger), deps, b.paymentId, { by: 'fan', fanId: stranger }, '').catch((e) => e)).toMatchObject({ status: 404, message: 'Booking not found.' });
      await cancelBooking(staff('2026-12-04T09:25:00.000Z'), deps, b.paymentId, { by: 'creator', staffId: 'admin-1' }, 'Creator is ill');
      expect(await bookingOf(b.paymentId)).toMatchObject({ status: 'cancelled' });
      expect(await walletBalance(fan(f), f)).toBe(10_000);
      // The freed slot can be booked again.
      const other = await fanWith(5000);
      expect(await book(other, slotAt('2026-12-04', '09:00'))).toMatchObject({ accepted: true });
    });

    it('a move takes only a free, offered slot, before the deadline', async () => {
      const f = await fanWith(5000);
      const g = await fanWith(5000);
      const mine = await book(f, slotAt('2026-12-05', '09:00'));
      await book(g, slotAt('2026-12-05', '09:20'));
      expect(await rescheduleBooking(fan(f), mine.paymentId, { by: 'fan', fanId: f }, slotAt('2026-12-05', '09:20')).catch((e) => e)).toMatchObject({ status: 409, code: 'SLOT_TAKEN' });
      await rescheduleBooking(fan(f), mine.paymentId, { by: 'fan', fanId: f }, slotAt('2026-12-05', '10:00'));
      expect((await bookingOf(mine.paymentId)).slot).toEqual(slotAt('2026-12-05', '10:00'));
      // The old span is free again.
      const h = await fanWith(5000);
      expect(await book(h, slotAt('2026-12-05', '09:00'))).toMatchObject({ accepted: true });
    });

    it('with normal chat off only allowed fans and fans inside their slot may write; the pass ends bookings (a no-show refunded by the setting)', async () => {
      await updateSiteSettings(staff(), noHtml as never, { chat_settings: { ...(await import('../../domain/settings/chat-settings')).DEFAULT_CHAT_SETTINGS, disabled_normal_chat: true } });
      await setAvailability(staff(), noHtml as never, 'admin-1', rules({ noShowPolicy: 'refund' }), true);
      const settings = { chat_settings: { disabled_normal_chat: true } as never, chat_booking_enabled: true };
      const came = await fanWith(5000);
      const away = await fanWith(5000);
      const a = await book(came, slotAt('2026-12-06', '09:00'));
      const b = await book(away, slotAt('2026-12-06', '09:20'));
      expect(await fanChatRefusalNow(fan(came, '2026-12-06T08:59:00.000Z'), came, settings)).toBe(BOOKING_NEEDED_TO_CHAT);
      expect(await fanChatRefusalNow(fan(came, '2026-12-06T09:05:00.000Z'), came, settings)).toBeNull();
      const allowed = await fanWith(0);
      expect(await fanChatRefusalNow(fan(allowed), allowed, settings)).toBe(BOOKING_NEEDED_TO_CHAT);
      await setAllowedToChat(staff(), 'admin-1', allowed, true);
      expect(await fanChatRefusalNow(fan(allowed), allowed, settings)).toBeNull();
      expect(await advanceBookings(staff('2026-12-06T09:10:00.000Z'), deps)).toBeGreaterThanOrEqual(1);
      expect(await bookingOf(a.paymentId)).toMatchObject({ status: 'started', attended: true });
      await advanceBookings(staff('2026-12-06T10:00:00.000Z'), deps);
      expect(await bookingOf(a.paymentId)).toMatchObject({ status: 'completed' });
      expect(await bookingOf(b.paymentId)).toMatchObject({ status: 'no_show', reversed: true });
      expect(await walletBalance(fan(away), away)).toBe(5000);
      expect(await walletBalance(fan(came), came)).toBe(2500);
      expect(await fanChatRefusalNow(fan(came, '2026-12-06T10:00:00.000Z'), came, settings)).toBe('Your booked chat time has ended. Book another slot to keep chatting.');
    });
  });

  describe.skipIf(!available)(`chat booking over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const availability = { ...{
      time_zone: 'Europe/Berlin', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })), exceptions: [], slot_minutes: 30, buffer_minutes: 0,
      price_cents: 3000, book_ahead_days: 14, min_notice_minutes: 60, max_bookings_per_fan: 3, cancel_deadline_hours: 1, no_show_policy: 'keep_payment',
    } };

    it('staff set the availability (a bad field is 400 naming it); fans see the slots in their own time zone', async () => {
      const bad = await t.call('PUT', '/admin-api/chat-booking/availability', { ...availability, time_zone: 'Mars/Base' }, { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: 0, message: 'time_zone must be a time zone like Europe/Berlin.', field: 'time_zone' });
      const badHours = await t.call('PUT', '/admin-api/chat-booking/availability', { ...availability, weekly: [{ day: 1, start: '10:00', end: '09:00' }] }, { token: admin });
      expect(badHours.body).toMatchObject({ field: 'weekly[0].end' });
      const saved = await t.call('PUT', '/admin-api/chat-booking/availability', { ...availability, chat_booking_enabled: true }, { token: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ chat_booking_enabled: true, time_zone: 'Europe/Berlin', price_cents: 3000 });
      const f = await t.call('POST', '/api/users/register', { name: 'Tokyo fan', email: `tokyo.${backend}@example.com`, password: 'fan password 1' });
      const slots = await t.call('GET', '/api/chat-booking/slots?time_zone=Asia/Tokyo', undefined, { token: f.body.data.token });
      expect(slots.status).toBe(200);
      expect(slots.body.data).toMatchObject({ enabled: true, time_zone: 'Asia/Tokyo', creator_time_zone: 'Europe/Berlin', price_cents: 3000 });
      const first = slots.body.data.slots[0];
      expect(first.utc_offset).toBe('UTC+09:00');
      expect(new Date(first.start).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect((await t.call('GET', '/api/chat-booking/slots?time_zone=Nowhere', undefined, { token: f.body.data.token })).body).toMatchObject({ field: 'time_zone' });
    });

    it('30 fans book one slot at once by card: one booking, 29 answered 409 "This slot is no longer available."; the ledger agrees', async () => {
      const fans = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
        const r = await t.call('POST', '/api/users/register', { name: `Rush ${i}`, email: `slot.rush.${i}.${backend}@example.com`, password: 'fan password 1' });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body.data.token as string;
      }));
      const slots = (await t.call('GET', '/api/chat-booking/slots', undefined, { token: fans[0] })).body.data.slots;
      const slot = slots[2];
      const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
      const answers = await Promise.all(fans.map((token, i) => t.call('POST', '/api/chat-booking/bookings', { payment_method: 'card', start: slot.start, end: slot.end, ...card }, { token, headers: { 'idempotency-key': `slot-rush-${backend}-${i}` } })));
      const paid = answers.filter((r) => r.status === 200);
      const taken = answers.filter((r) => r.status === 409);
      expect(paid.map((r) => r.body.data.booking?.status)).toEqual(['booked']);
      expect(taken).toHaveLength(29);
      for (const r of taken) expect(r.body).toMatchObject({ success: 0, message: 'This slot is no longer available.', code: 'SLOT_TAKEN' });
      const winner = fans[answers.indexOf(paid[0])];
      const bookingId = paid[0].body.data.booking_id as string;
      // The same request again is the same booking, charged once.
      const again = await t.call('POST', '/api/chat-booking/bookings', { payment_method: 'card', start: slot.start, end: slot.end, ...card }, { token: winner, headers: { 'idempotency-key': `slot-rush-${backend}-${answers.indexOf(paid[0])}` } });
      expect(again.body.data?.booking_id).toBe(bookingId);
      const after = (await t.call('GET', '/api/chat-booking/slots', undefined, { token: fans[1] })).body.data.slots;
      expect(after.some((s: { start: string }) => s.start === slot.start)).toBe(false);
      const next = await t.call('POST', '/api/chat/get_next_meeting_time', { isAdmin: false }, { token: winner });
      expect(next.body.data).toMatchObject({ status: 'upcoming', live_chat_users: 0, booking: { id: bookingId, status: 'booked' } });
      expect(next.body.data.remaining_seconds).toBeGreaterThan(0);
      const mine = await t.call('GET', '/api/chat-booking/bookings', undefined, { token: winner });
      expect(mine.body.data.bookings.map((b: { id: string }) => b.id)).toEqual([bookingId]);
      const list = await t.call('GET', '/admin-api/chat-booking/bookings?filter=' + encodeURIComponent(JSON.stringify({ upcoming: true })), undefined, { token: admin });
      expect(list.body.map((b: { id: string }) => b.id)).toContain(bookingId);
      // The fan cancels (the deadline is an hour before) and is refunded; the transactions show both.
      const cancelled = await t.call('POST', `/api/chat-booking/bookings/${bookingId}/cancel`, { reason: 'Clash' }, { token: winner });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded: true, cancelled_by: 'fan' });
      const tx = await t.call('GET', '/admin-api/transactions', undefined, { token: admin });
      expect(tx.body.filter((r: { reference_id: string }) => r.reference_id === bookingId).map((r: { type: string; amount_cents: number }) => [r.type, r.amount_cents]).sort())
        .toEqual([['chat_booking', 3000], ['refund', -3000]].sort());
      const { store, database } = t.server.services;
      const report = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(report.problems).toEqual([]);
      expect(report.ledger.netBySource.bookings).toBe(0);
    }, 240_000);

    it('a card payment captured after the hold ran out: refunded at once when the slot went to someone else (also after a crash before the refund), kept when the slot is still free', async () => {
      const { store, database, runner } = t.server.services;
      const purchases = t.server.services.purchases;
      const register = async (name: string) => {
        const r = await t.call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}.${backend}@example.com`, password: 'fan password 1' });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return { id: r.body.data.userId as string, token: r.body.data.token as string };
      };
      const [late, rival, crashed, rival2, keeper] = await Promise.all(['Late Payer', 'Rival Fan', 'Crashed Payer', 'Second Rival', 'Keeper Fan'].map(register));
      const slots = (await t.call('GET', '/api/chat-booking/slots', undefined, { token: late.token })).body.data.slots as { start: string; end: string }[];
      const now = Date.now();
      const at = (minutes: number) => () => new Date(now + minutes * 60_000);
      const ctxOf = (userId: string, minutes: number) => commandContext(store, { userId, role: 'user' }, at(minutes));
      const card = { form: { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve } };
      // The process dies after the booking is held and its payment requested, before the provider answered.
      const dying = { ...purchases, gateway: { ...purchases.gateway, charge: () => Promise.reject(new Error('killed before the provider answered')) } as CardGateway };
      const startLate = async (fan: { id: string }, slot: { start: string; end: string }) => {
        await expect(bookByCard(ctxOf(fan.id, 0), dying, { userId: fan.id, role: 'user', slot, card })).rejects.toThrow('killed before the provider answered');
        const held = Object.entries((await loadStream(store, calendarStream(), calendarDecider)).state.entries).find(([, e]) => e.fanId === fan.id);
        expect(held?.[1]).toMatchObject({ status: 'held', start: slot.start });
        return held![0];
      };
      const slot = { start: slots[20].start, end: slots[20].end };
      const lateId = await startLate(late, slot);
      // Twenty minutes on the hold has run out: another fan books the slot and pays.
      expect(await bookByCard(ctxOf(rival.id, 20), purchases, { userId: rival.id, role: 'user', slot, card })).toMatchObject({ accepted: true });
      // The late payment is taken when the first attempt is resumed, and refunded at once: never paid without the slot.
      const resumed = await resumePayment(ctxOf(late.id, 21), purchases, lateId);
      expect(resumed).toMatchObject({ status: 'reversed', reversal: 'refund', reversalReason: SLOT_LOST_REFUNDED });
      expect((await loadStream(store, chatBookingStream(lateId), bookingDecider)).state).toMatchObject({ status: 'cancelled', reversed: true });
      const booked = Object.values((await loadStream(store, calendarStream(), calendarDecider)).state.entries).filter((e) => e.start === slot.start);
      expect(booked).toMatchObject([{ status: 'booked', fanId: rival.id }]);
      // The same request again answers as it ended: not accepted, with the reason, charged once and refunded once.
      expect((await resumePayment(ctxOf(late.id, 22), purchases, lateId)).status).toBe('reversed');
      const charge = await untypedTables(database).withSchema('sandbox_gateway').selectFrom('charges').selectAll().where('idempotency_key', '=', lateId).execute();
      expect(charge).toHaveLength(1);
      expect(charge[0]).toMatchObject({ status: 'captured' });
      expect(charge[0].reversal).toBeTruthy();
      // The fan's own list says so.
      await expect.poll(async () => (await t.call('GET', '/api/chat-booking/bookings', undefined, { token: late.token })).body.data.bookings)
        .toMatchObject([{ id: lateId, status: 'cancelled', refunded: true, cancelled_by: 'system', cancel_reason: SLOT_LOST_REFUNDED }]);

      // A crash after the capture and before the refund: the recovery pass finishes the refund, once.
      const slot2 = { start: slots[22].start, end: slots[22].end };
      const crashedId = await startLate(crashed, slot2);
      expect(await bookByCard(ctxOf(rival2.id, 20), purchases, { userId: rival2.id, role: 'user', slot: slot2, card })).toMatchObject({ accepted: true });
      const noRefund = { ...purchases, gateway: { ...purchases.gateway, reverse: () => Promise.reject(new Error('killed before the refund')) } as CardGateway };
      await expect(resumePayment(ctxOf(crashed.id, 21), noRefund, crashedId)).rejects.toThrow('killed before the refund');
      expect((await loadStream(store, paymentStream(crashedId), paymentDecider)).state.status).toBe('captured');
      expect((await loadStream(store, chatBookingStream(crashedId), bookingDecider)).state).toMatchObject({ status: 'cancelled', reversed: false });
      const head = await store.headPosition();
      if (head) await runner.waitFor(head, 30_000);
      const pass = () => resumeUnfinishedPayments(recoveryReads(database.db), store, purchases, { olderThanMs: 0, now: at(22) });
      await pass();
      expect((await loadStream(store, paymentStream(crashedId), paymentDecider)).state).toMatchObject({ status: 'reversed', reversalReason: SLOT_LOST_REFUNDED });
      expect((await loadStream(store, chatBookingStream(crashedId), bookingDecider)).state).toMatchObject({ status: 'cancelled', reversed: true });
      const head2 = await store.headPosition();
      if (head2) await runner.waitFor(head2, 30_000);
      // Nothing of these bookings is left for the next pass.
      expect(await recoveryReads(database.db).unfinishedPayments(at(23)().toISOString())).not.toEqual(expect.arrayContaining([crashedId]));
      expect(await recoveryReads(database.db).unfinishedPayments(at(23)().toISOString())).not.toEqual(expect.arrayContaining([lateId]));

      // Late, but nobody took the slot meanwhile: the booking stands.
      const slot3 = { start: slots[24].start, end: slots[24].end };
      const keptId = await startLate(keeper, slot3);
      expect((await resumePayment(ctxOf(keeper.id, 30), purchases, keptId)).status).toBe('captured');
      expect((await loadStream(store, chatBookingStream(keptId), bookingDecider)).state.status).toBe('booked');
      const head3 = await store.headPosition();
      if (head3) await runner.waitFor(head3, 30_000);
      expect(await recoveryReads(database.db).unfinishedPayments(at(31)().toISOString())).not.toEqual(expect.arrayContaining([keptId]));
      const report = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(report.problems).toEqual([]);
    }, 120_000);

    it('bookings are in the transactions, the earnings by source and the ledger; a refund and a chargeback take them back out', async () => {
      const { store, database, runner } = t.server.services;
      const settle = async () => {
        const head = await store.headPosition();
        if (head) expect(await runner.waitFor(head, 30_000)).toBe(true);
      };
      const to = new Date().toISOString().slice(0, 10);
      const earnings = async () => {
        await settle();
        const r = await t.call('GET', `/admin-api/reports/earnings?from=2020-01-01&to=${to}&group=day`, undefined, { token: admin });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data.totals as { total_cents: number; by_source: Record<string, number>; refunded_cents: number; charged_back_cents: number };
      };
      const before = await earnings();
      const slots = (await t.call('GET', '/api/chat-booking/slots', undefined, { token: admin })).body.data.slots as { start: string; end: string }[];
      const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
      const ids: string[] = [];
      for (const [i, name] of ['Kept Booking', 'Refunded Booking', 'Charged Back Booking'].entries()) {
        const r = await t.call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}.${backend}@example.com`, password: 'fan password 1' });
        const slot = slots[30 + i];
        const booked = await t.call('POST', '/api/chat-booking/bookings', { payment_method: 'card', start: slot.start, end: slot.end, ...card }, { token: r.body.data.token, headers: { 'idempotency-key': `money-${backend}-${i}` } });
        expect(booked.status, JSON.stringify(booked.body)).toBe(200);
        ids.push(booked.body.data.booking_id as string);
      }
      await settle();
      expect((await t.call('POST', `/admin-api/transactions/${ids[1]}/refund`, { kind: 'refund', reason: 'Creator away' }, { token: admin })).status).toBe(200);
      expect((await t.call('POST', `/admin-api/transactions/${ids[2]}/chargeback`, { reason: 'Not recognised' }, { token: admin })).status).toBe(200);
      await (t.server.services.gateway as unknown as { deliver: () => Promise<unknown> }).deliver();
      const after = await earnings();
      // Three bookings of 30.00 taken, one refunded and one charged back: 30.00 more, under bookings.
      expect(after.by_source.bookings - before.by_source.bookings).toBe(3000);
      expect(after.total_cents - before.total_cents).toBe(3000);
      expect(after.refunded_cents - before.refunded_cents).toBe(3000);
      expect(after.charged_back_cents - before.charged_back_cents).toBe(3000);
      const tx = (await t.call('GET', '/admin-api/transactions', undefined, { token: admin })).body as { reference_id: string; id: string; type: string; amount_cents: number }[];
      const rows = (id: string) => tx.filter((r) => r.id === id || r.reference_id === id).map((r) => [r.type, r.amount_cents]).sort();
      expect(rows(ids[0])).toEqual([['chat_booking', 3000]]);
      expect(rows(ids[1])).toEqual([['chat_booking', 3000], ['refund', -3000]].sort());
      expect(rows(ids[2])).toEqual([['chargeback', -3000], ['chat_booking', 3000]].sort());
      // What was refunded or charged back is no longer booked.
      for (const id of ids.slice(1)) expect((await loadStream(store, chatBookingStream(id), bookingDecider)).state).toMatchObject({ status: 'cancelled', reversed: true });
      const report = await checkLedger(store, database.db, () => sandboxNetCents(database));
      expect(report.problems).toEqual([]);
      expect(report.ledger.netBySource.bookings).toBe(after.by_source.bookings);
    }, 120_000);

    it('staff allow a fan to chat; a fan may not call the staff routes', async () => {
      const f = await t.call('POST', '/api/users/register', { name: 'Chatty', email: `chatty.${backend}@example.com`, password: 'fan password 1' });
      const token = f.body.data.token as string;
      const userId = f.body.data.user?._id ?? f.body.data.user?.id ?? f.body.data._id;
      const me = await t.call('GET', '/api/users/me', undefined, { token });
      const id = userId ?? me.body.data._id ?? me.body.data.id;
      const allowed = await t.call('POST', '/api/chat/update_allow_user_to_chat', { user_id: id, is_allowed: true }, { token: admin });
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      expect(allowed.body.data).toEqual({ user_id: id, is_allowed: true });
      expect((await t.call('POST', '/api/chat/update_allow_user_to_chat', { user_id: id, is_allowed: true }, { token })).status).toBe(403);
      expect((await t.call('GET', '/admin-api/chat-booking/availability', undefined, { token })).status).toBe(403);
      expect((await t.call('POST', '/api/chat/update_allow_user_to_chat', { user_id: 'nope', is_allowed: true }, { token: admin })).body).toMatchObject({ field: 'user_id' });
    });

    it("the chat list's 'allowed' and 'live' lists: fans staff allowed to chat, and fans whose booked chat is on now; a fan may not ask", async () => {
      const reg = async (name: string) => {
        const r = await t.call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}.${backend}@example.com`, password: 'fan password 1' });
        const token = r.body.data.token as string;
        const me = await t.call('GET', '/api/users/me', undefined, { token });
        return { token, id: (r.body.data.user?._id ?? me.body.data._id ?? me.body.data.id) as string };
      };
      const list = async (listId: string, token = admin) => t.call('GET', `/api/chat/get_user_list?page_num=1&sort_by=latest_message&list_id=${listId}`, undefined, { token });
      const ids = async (listId: string) => (await list(listId)).body.data.users.map((u: { _id: string }) => u._id) as string[];
      const allowedFan = await reg('Allowed Annie');
      const liveFan = await reg('Live Larry');
      expect((await t.call('POST', '/api/chat/update_allow_user_to_chat', { user_id: allowedFan.id, is_allowed: true }, { token: admin })).status).toBe(200);
      await expect.poll(() => ids('allowed')).toContain(allowedFan.id);
      expect((await list('allowed')).body.data.users.find((u: { _id: string }) => u._id === allowedFan.id)).toMatchObject({ is_allowed_to_chat: true });
      expect(await ids('allowed')).not.toContain(liveFan.id);
      expect(await ids('live')).not.toContain(liveFan.id);
      // A booking on now: four-hour slots from midnight (Berlin), booked by the commands an hour before the slot began.
      await t.call('PUT', '/admin-api/chat-booking/availability', { ...availability, slot_minutes: 240, chat_booking_enabled: true }, { token: admin });
      const { store } = t.server.services;
      const slotStart = () => {
        const l = localTimeOf(Date.now(), 'Europe/Berlin');
        return instantOf(l.date, Math.floor(minutesOfDay(l.time) / 240) * 240, 'Europe/Berlin');
      };
      // Within a minute of the slot's end, wait for the next one to begin.
      if (slotStart() + 240 * 60_000 - Date.now() < 60_000) await new Promise((r) => setTimeout(r, slotStart() + 240 * 60_000 - Date.now() + 1000));
      const begun = slotStart();
      const slot = { start: new Date(begun).toISOString(), end: new Date(begun + 240 * 60_000).toISOString() };
      const before = () => new Date(begun - 60 * 60_000);
      await topUpWallet(t, liveFan.token, 100);
      await bookFromWallet(commandContext(store, { userId: liveFan.id, role: 'user' }, before), t.server.services.purchases, { userId: liveFan.id, role: 'user', slot });
      await expect.poll(() => ids('live')).toEqual([liveFan.id]);
      const next = await t.call('POST', '/api/chat/get_next_meeting_time', { isAdmin: true }, { token: admin });
      expect(next.body.data).toMatchObject({ status: 'live', live_chat_users: 1 });
      expect(await ids('live')).not.toContain(allowedFan.id);
      // Disallowed: off the list. A fan may not open the chat list at all.
      await t.call('POST', '/api/chat/update_allow_user_to_chat', { user_id: allowedFan.id, is_allowed: false }, { token: admin });
      await expect.poll(() => ids('allowed')).not.toContain(allowedFan.id);
      expect((await list('live', liveFan.token)).status).toBe(403);
      expect((await list('everyone')).body).toMatchObject({ field: 'list_id' });
    });
  });
}

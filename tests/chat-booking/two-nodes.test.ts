// Two API nodes on one Postgres server (this test's process and a child process, each a whole server with its own
// projection runner) race 30 card bookings of one chat slot, alternating between the nodes: exactly one booking,
// 29 answers 409 "This slot is no longer available.", one capture in the whole log (no loser's card charged), the
// slot gone from both nodes' lists, and the auditor's ledger check agrees with the sandbox gateway's books.
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { calendarDecider, calendarStream } from '../../domain/chat-booking/calendar';
import { loadStream } from '../../commands/handle';
import { requirePostgresServer } from '../support/postgres';
import { call, startTwoNodes, type TwoNodes } from '../support/two-nodes';
import { TEST_CARD_FORM } from '../support/server';

const postgres = await requirePostgresServer();
let two: TwoNodes | null = null;
afterAll(async () => {
  await two?.close();
});

describe.skipIf(!postgres)('chat booking on two API nodes (Postgres server)', () => {
  it('30 fans book one slot across both nodes: one booking, 29 × 409 "This slot is no longer available.", one capture, the ledger agrees', async () => {
    two = await startTwoNodes('booking');
    const { server, admin, nodes } = two;
    const [a, b] = nodes;
    const { store } = server.services;

    const saved = await call(b, 'PUT', '/admin-api/chat-booking/availability', {
      time_zone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })), exceptions: [], slot_minutes: 15, buffer_minutes: 5,
      price_cents: 4000, book_ahead_days: 14, min_notice_minutes: 60, max_bookings_per_fan: 2, cancel_deadline_hours: 24, no_show_policy: 'keep_payment', chat_booking_enabled: true,
    }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const fans = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
      const node = nodes[i % 2];
      const r = await call(node, 'POST', '/api/users/register', { name: `Slot race ${i}`, email: `slot.race.${i}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { node, token: r.body.data.token as string };
    }));
    // Both nodes' read models know the availability and every fan before the race.
    await two.settle();
    const slots = (await call(a, 'GET', '/api/chat-booking/slots', undefined, fans[0].token)).body.data.slots as { start: string; end: string }[];
    const slot = slots[3];

    const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    const answers = await Promise.all(fans.map((f, i) => call(f.node, 'POST', '/api/chat-booking/bookings', { payment_method: 'card', start: slot.start, end: slot.end, ...card }, f.token, {
      'idempotency-key': `booking-two-nodes-${i}`,
    })));
    const paid = answers.filter((r) => r.status === 200);
    const taken = answers.filter((r) => r.status === 409);
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.filter((r) => r.status !== 200 && r.status !== 409).slice(0, 2).map((r) => r.body))).toEqual([200, ...Array(29).fill(409)]);
    expect(paid[0].body.data.booking).toMatchObject({ status: 'booked', start: slot.start, end: slot.end, price_cents: 4000 });
    for (const r of taken) expect(r.body).toMatchObject({ success: 0, message: 'This slot is no longer available.', code: 'SLOT_TAKEN' });

    // The calendar holds the slot once; one capture in the whole log, of the winner's price.
    const calendar = (await loadStream(store, calendarStream(), calendarDecider)).state;
    expect(Object.values(calendar.entries).filter((e) => e.start < slot.end && slot.start < e.end)).toMatchObject([{ status: 'booked' }]);
    const all = await store.readAll({ after: null, maxCount: 1_000_000 });
    const captures = all.filter((e) => e.type === 'PaymentCaptured');
    expect(captures).toHaveLength(1);
    expect((captures[0].data as { amountCents: number }).amountCents).toBe(4000);
    expect(all.filter((e) => e.type === 'ChatBookingConfirmed')).toHaveLength(1);

    // Neither node offers the slot any more, and the auditor's check agrees with the gateway's books.
    await two.settle();
    for (const node of nodes) {
      // The child's read models follow the log on their own runner.
      await expect.poll(async () => ((await call(node, 'GET', '/api/chat-booking/slots', undefined, fans[1].token)).body.data.slots as { start: string }[])
        .some((s) => s.start === slot.start), { timeout: 30_000 }).toBe(false);
    }
    expect(await two.ledgerProblems()).toEqual([]);
  }, 300_000);
});

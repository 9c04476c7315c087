// Two API nodes on one Postgres server (this test's process and a child process, each a whole server with its own
// projection runner) race 30 card bookings of one chat slot, alternating between the nodes: exactly one booking,
// 29 answers 409 "This slot is no longer available.", one capture in the whole log (no loser's card charged), the
// slot gone from both nodes' lists, and the auditor's ledger check agrees with the sandbox gateway's books.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { calendarDecider, calendarStream } from '../../domain/chat-booking/calendar';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { sandboxCryptoReceived } from '../../infra/payments/sandbox-crypto-gateway';
import { loadStream } from '../../commands/handle';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { startChildServer } from '../support/child-server';
import { TEST_CARD_FORM } from '../support/server';

const postgres = await requirePostgresServer();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-booking-nodes-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function call(base: string, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() as any };
}

describe.skipIf(!postgres)('chat booking on two API nodes (Postgres server)', () => {
  it('30 fans book one slot across both nodes: one booking, 29 × 409 "This slot is no longer available.", one capture, the ledger agrees', async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const env = {
      PORT: '0', HOST: '127.0.0.1', FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent',
      FANCLUB_SETUP_WIZARD: 'false', FANCLUB_SECRET: 'booking-two-nodes-secret-0123456789abcdef', DATABASE_URL: db.url,
    };
    const server: RunningServer = await startServer(loadConfig({ ...env, FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'a-')), FANCLUB_INSTANCE_ID: 'node-a' }), {
      serveApps: false, log: () => {}, deliverNotices: false, pushIntervalMs: 0, chatEmailIntervalMs: 0,
    });
    cleanups.push(() => server.close());
    const a = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const nodeB = await startChildServer({ ...env, FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'b-')), FANCLUB_INSTANCE_ID: 'node-b' });
    cleanups.push(nodeB.kill);
    const b = nodeB.base;
    const { store, database, runner } = server.services;

    const admin = (await call(b, 'POST', '/api/users/login', { email: 'admin@fanclub.local', password: 'admin-password-123' })).body.data.token as string;
    const saved = await call(b, 'PUT', '/admin-api/chat-booking/availability', {
      time_zone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })), exceptions: [], slot_minutes: 15, buffer_minutes: 5,
      price_cents: 4000, book_ahead_days: 14, min_notice_minutes: 60, max_bookings_per_fan: 2, cancel_deadline_hours: 24, no_show_policy: 'keep_payment', chat_booking_enabled: true,
    }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const nodes = [a, b];
    const fans = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
      const node = nodes[i % 2];
      const r = await call(node, 'POST', '/api/users/register', { name: `Slot race ${i}`, email: `slot.race.${i}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { node, token: r.body.data.token as string };
    }));
    // Both nodes' read models know the availability and every fan before the race.
    const head = await store.headPosition();
    expect(await runner.waitFor(head!, 60_000)).toBe(true);
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
    const end = await store.headPosition();
    expect(await runner.waitFor(end!, 60_000)).toBe(true);
    for (const node of nodes) {
      // The child's read models follow the log on their own runner.
      await expect.poll(async () => ((await call(node, 'GET', '/api/chat-booking/slots', undefined, fans[1].token)).body.data.slots as { start: string }[])
        .some((s) => s.start === slot.start), { timeout: 30_000 }).toBe(false);
    }
    const report = await checkLedger(store, database.db, () => sandboxNetCents(database), () => sandboxCryptoReceived(database));
    expect(report.problems).toEqual([]);
  }, 300_000);
});

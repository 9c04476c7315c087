// A rebill interrupted by a real process kill between the capture and the period extension: the next
// start finishes it — the period is appended once, the card is charged once — and the ledger still agrees.
//   1. in this process: a fan subscribes (PGlite data folder);
//   2. a child Fanclub process starts on the same folder with its clock 29.5 days ahead and the failpoint
//      FANCLUB_FAILPOINT=rebill-after-capture: its first scheduler pass charges the rebill and the process SIGKILLs
//      itself right after PaymentCaptured is written, before SubscriptionStarted;
//   3. the folder shows the half-done rebill (captured, no period); a new start completes it; more scheduler
//      passes charge nothing more.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { openEventStoreFromConfig } from '../../infra/eventstore/open';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { sandboxCryptoReceived } from '../../infra/payments/sandbox-crypto-gateway';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { addDays } from '../../domain/subscription/subscription';
import { rebillPaymentId } from '../../commands/subscriptions';
import { TEST_CARD_FORM } from '../support/server';
import { copyPgliteTemplate } from '../support/pglite-template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DAY = 86_400_000;
const OFFSET_MS = 29.5 * DAY;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-rebill-crash-'));
const dataDir = path.join(tmp, 'data');
const env = { PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: dataDir, FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent' };
// The data folder starts from the run's migrated PGlite template (as every test server's does), not an empty one.
copyPgliteTemplate(dataDir);
let server: RunningServer | null = null;

afterAll(async () => {
  await server?.close().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function call(s: RunningServer, method: string, url: string, body?: unknown, token?: string) {
  const port = (s.app.server.address() as { port: number }).port;
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A Fanclub process on the data folder with its clock moved forward and the failpoint armed. */
function crashingChild(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const script = path.join(tmp, 'child.mts');
  fs.writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(pathToFileURL(path.join(root, 'infra/config.ts')).href)};
import { startServer } from ${JSON.stringify(pathToFileURL(path.join(root, 'api/server.ts')).href)};
const cfg = loadConfig(JSON.parse(process.env.CHILD_ENV));
const offset = Number(process.env.CLOCK_OFFSET_MS);
await startServer(cfg, { serveApps: false, deliverNotices: false, clock: () => new Date(Date.now() + offset), rebillIntervalMs: 200, log: (m) => console.log(m) });
console.log('started');
setTimeout(() => { console.log('no crash within 60 s'); process.exit(7); }, 60_000);
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, CHILD_ENV: JSON.stringify(env), CLOCK_OFFSET_MS: String(OFFSET_MS), FANCLUB_FAILPOINT: 'rebill-after-capture' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
}

describe('rebill crash between capture and period extension (real process kill)', () => {
  it('the next start appends the period once and charges nothing more', async () => {
    // 1. Subscribe.
    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false });
    const reg = await call(server, 'POST', '/api/users/register', { name: 'Crash Fan', email: 'crash.fan@example.com', password: 'fan password 1' });
    const token = reg.body.data.token as string;
    const userId = reg.body.data.userId as string;
    const sub = await call(server, 'POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, token);
    expect(sub.body.data.accepted, JSON.stringify(sub.body)).toBe(true);
    const firstExpiry = (await call(server, 'GET', '/api/users/me', undefined, token)).body.data.expiration_date as string;
    await server.close();
    server = null;

    // 2. The child charges the rebill and is killed right after the capture.
    const child = await crashingChild();
    expect(child.signal, child.output).toBe('SIGKILL');
    expect(child.output).toContain('started');

    const paymentId = rebillPaymentId(userId, 2, 1);
    // 3a. What the kill left: the money taken, the period not appended.
    {
      const opened = await openEventStoreFromConfig(loadConfig(env));
      try {
        expect((await opened.store.readStream(`payment-${paymentId}`)).map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentCaptured']);
        const subEvents = (await opened.store.readStream(`subscription-${userId}`)).map((e) => e.type);
        expect(subEvents).toEqual(['SubscriptionRequested', 'SubscriptionStarted', 'SubscriptionRequested']);
        const charges = await sql<{ n: string }>`SELECT count(*) AS n FROM sandbox_gateway.charges WHERE status = 'captured'`.execute(opened.database.db);
        expect(Number(charges.rows[0].n)).toBe(2);
      } finally {
        await opened.close();
      }
    }

    // 3b. A new start (same moved clock) completes the rebill.
    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false, clock: () => new Date(Date.now() + OFFSET_MS), rebillIntervalMs: 100 });
    const s = server;
    const settleAll = async () => {
      const head = await s.services.store.headPosition();
      if (head) await s.services.runner.waitFor(head, 10_000);
    };
    await settleAll();
    for (let i = 0; i < 5; i++) await s.rebillScheduler.tick();
    await new Promise((r) => setTimeout(r, 500)); // timer passes too
    await settleAll();
    const subEvents = (await s.services.store.readStream(`subscription-${userId}`)).map((e) => ({ type: e.type, data: e.data as any }));
    expect(subEvents.map((e) => e.type)).toEqual(['SubscriptionRequested', 'SubscriptionStarted', 'SubscriptionRequested', 'SubscriptionStarted']);
    expect(subEvents[3].data).toMatchObject({ paymentId, period: 2, kind: 'rebill', expiresAt: addDays(firstExpiry, 30) });
    expect((await s.services.store.readStream(`payment-${paymentId}`)).map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentCaptured']);
    const charges = await sql<{ n: string }>`SELECT count(*) AS n FROM sandbox_gateway.charges WHERE status = 'captured'`.execute(s.services.database.db);
    expect(Number(charges.rows[0].n)).toBe(2);
    const login = await call(s, 'POST', '/api/users/login', { email: 'crash.fan@example.com', password: 'fan password 1' });
    const me = (await call(s, 'GET', '/api/users/me', undefined, login.body.data.token)).body.data;
    expect(me).toMatchObject({ ccbillSubscriptionStatus: '1', isRebillFailed: false, expiration_date: addDays(firstExpiry, 30) });
    const tx = await sql<{ type: string; status: string; entitled: boolean }>`SELECT type, status, entitled FROM rm.transactions WHERE user_id = ${userId} ORDER BY created_at`.execute(s.services.database.db);
    expect(tx.rows).toEqual([
      { type: 'subscription', status: 'captured', entitled: true },
      { type: 'rebill', status: 'captured', entitled: true },
    ]);
    const report = await checkLedger(s.services.store, s.services.database.db, () => sandboxNetCents(s.services.database), () => sandboxCryptoReceived(s.services.database));
    expect(report.problems).toEqual([]);
  });
});

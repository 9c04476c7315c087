// An Idempotency-Key whose request was cut by a real kill -9 is not "in progress" forever.
//   1. in this process: a fan registers (PGlite data folder, or a database on the Postgres server); stopped;
//   2. a child Fanclub process on the same data: the fan adds a card with an Idempotency-Key; the card is saved,
//      and the child holds right before storing the answer (FANCLUB_FAILPOINT=idempotency-before-answer) — it is
//      killed there with SIGKILL, its key still begun;
//   3. a new start on the same data: the retry with that key runs again (not 409 IDEMPOTENCY_IN_PROGRESS), the
//      card stays saved once, and a further retry gets the stored answer.
// On PGlite a start frees every begun key at once (one process owns the folder). On the Postgres server a start
// with the same FANCLUB_INSTANCE_ID frees its earlier life's keys at once; a start under another id waits for the
// dead process's heartbeat to lapse (a short lease here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { cardsStream } from '../../domain/card/card';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { TEST_CARD_FORM } from '../support/server';
import { startChildServer } from '../support/child-server';
import { copyPgliteTemplate } from '../support/pglite-template';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-idem-crash-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

const postgres = await requirePostgresServer();

async function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}
const baseOf = (s: RunningServer) => `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;

/** Until the request is answered with something other than 409 IDEMPOTENCY_IN_PROGRESS (bounded). */
async function retryUntilRuns(send: () => Promise<{ status: number; body: any; headers: Headers }>, seconds: number) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const r = await send();
    if (r.body?.code !== 'IDEMPOTENCY_IN_PROGRESS' || Date.now() > until) return r;
    await new Promise((res) => setTimeout(res, 250));
  }
}

function crashSuite(backend: 'pglite' | 'postgres', restartInstance: 'same' | 'other') {
  it(`${backend}: a key cut by kill -9 is run again after a restart (${restartInstance === 'same' ? 'at once' : 'another instance id, once the dead process lapses'}), the card saved once`, async () => {
    let env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent', IDEMPOTENCY_LEASE_SECONDS: '3' };
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    env = { ...env, FANCLUB_DATA_DIR: dataDir };
    if (backend === 'postgres') {
      const db = await createTestDatabase();
      cleanups.push(db.drop);
      env = { ...env, DATABASE_URL: db.url };
    } else {
      // The data folder starts from the run's migrated PGlite template (as every test server's does), not an empty one.
      copyPgliteTemplate(dataDir);
    }
    // 1. A fan.
    let server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false });
    const reg = await call(baseOf(server), 'POST', '/api/users/register', { name: 'Key Fan', email: 'key.fan@example.com', password: 'fan password 1' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const { token, userId } = reg.body.data as { token: string; userId: string };
    await server.close();

    // 2. The child saves the card and is killed before the answer is stored.
    const first = await startChildServer({ ...env, ...(backend === 'postgres' ? { FANCLUB_INSTANCE_ID: 'api-1' } : {}) }, { FANCLUB_FAILPOINT: 'idempotency-before-answer' });
    cleanups.push(first.kill);
    const key = { authorization: token, 'idempotency-key': `add-card-${backend}-${restartInstance}` };
    const body = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    const cut = call(first.base, 'POST', '/api/v2/purchase/add-new-card', body, key).catch((e: Error) => e);
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (first.output().includes('failpoint: holding the answer')) {
          clearInterval(tick);
          resolve();
        }
      }, 50);
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(await cut).toBeInstanceOf(Error); // the client never got an answer

    // 3. A new start on the same data: the retry runs (not 409 forever) and the card is there once.
    server = await startServer(loadConfig({ ...env, ...(backend === 'postgres' ? { FANCLUB_INSTANCE_ID: restartInstance === 'same' ? 'api-1' : 'api-2' } : {}) }), {
      serveApps: false,
      log: () => {},
      deliverNotices: false,
    });
    cleanups.push(() => server.close());
    const base = baseOf(server);
    const send = () => call(base, 'POST', '/api/v2/purchase/add-new-card', body, key);
    const retried = restartInstance === 'same' ? await send() : await retryUntilRuns(send, 30);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const saved = (await server.services.store.readStream(cardsStream(userId))).filter((e) => e.type === 'CardAdded');
    expect(saved).toHaveLength(1);
    expect(retried.body.data._id).toBe((saved[0].data as { cardId: string }).cardId);
    // A further retry gets the stored answer.
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retried.body);
  });
}

describe('Idempotency-Key after a real kill -9', () => {
  crashSuite('pglite', 'same');
  describe.skipIf(!postgres)('on the Postgres server', () => {
    crashSuite('postgres', 'same');
    crashSuite('postgres', 'other');
  });
});

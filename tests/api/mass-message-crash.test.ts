// A mass message's delivery interrupted by a real process kill half-way: the next start goes on
// from the log, and every fan has exactly one copy — none twice, none skipped.
//   1. in this process: 3,000 subscribers (as events) and a mass message scheduled an hour ahead (PGlite folder);
//   2. a child Fanclub process starts on the same folder with its clock two hours ahead and the failpoint
//      FANCLUB_FAILPOINT=mass-delivery-mid: its delivery pass appends copies 2,500 at a time (events of 500) and the process
//      SIGKILLs itself once half the audience has one;
//   3. the log shows a part-way delivery; a new start (clock ahead too) finishes it; counting copies per fan in the
//      log and in the chat read model gives one each; more passes add nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { commandContext } from '../../commands/handle';
import { createMassMessage } from '../../commands/mass-messages';
import { massMessageStream } from '../../domain/chat/mass-message';
import { seedSubscribers } from '../support/subscribers';
import { copyPgliteTemplate } from '../support/pglite-template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOUR = 3_600_000;
const FANS = 3000;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-mass-crash-'));
const env = { PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: path.join(tmp, 'data'), FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent' };
// The data folder starts from the run's migrated PGlite template (as every test server's does), not an empty one.
copyPgliteTemplate(env.FANCLUB_DATA_DIR);
let server: RunningServer | null = null;

afterAll(async () => {
  await server?.close().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

function crashingChild(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const script = path.join(tmp, 'child.mts');
  fs.writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(pathToFileURL(path.join(root, 'infra/config.ts')).href)};
import { startServer } from ${JSON.stringify(pathToFileURL(path.join(root, 'api/server.ts')).href)};
const cfg = loadConfig(JSON.parse(process.env.CHILD_ENV));
await startServer(cfg, { serveApps: false, deliverNotices: false, clock: () => new Date(Date.now() + 2 * ${HOUR}), deliveryIntervalMs: 200, log: (m) => console.log(m) });
console.log('started');
setTimeout(() => { console.log('no crash within 90 s'); process.exit(7); }, 90_000);
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, CHILD_ENV: JSON.stringify(env), FANCLUB_FAILPOINT: 'mass-delivery-mid' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
}

/** fan id → copies in the mass message's log. */
async function copiesInLog(s: RunningServer, massId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const e of await s.services.store.readStream(massMessageStream(massId)))
    if (e.type === 'MassMessageCopiesDelivered') for (const c of (e.data as { copies: { fanId: string }[] }).copies) counts.set(c.fanId, (counts.get(c.fanId) ?? 0) + 1);
  return counts;
}

describe('mass message delivery killed half-way (real process kill)', () => {
  it('the next start finishes it: every fan exactly one copy, in the log and in the chat read model', async () => {
    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false });
    const { fanIds, last } = await seedSubscribers(server.services.store, FANS, new Date());
    if (last) expect(await server.services.runner.waitFor(last, 120_000)).toBe(true);
    const adminId = (await sql<{ id: string }>`SELECT id FROM rm.users WHERE role = 'admin' LIMIT 1`.execute(server.services.database.db)).rows[0].id;
    const ctx = commandContext(server.services.store, { userId: adminId, role: 'admin' });
    const massId = await createMassMessage(ctx, {
      staffId: adminId, role: 'admin', kind: 'mass', messageType: 'text', text: 'Hello, all of you', mediaIds: [], previewMediaIds: [], locked: false, priceCents: 0,
      sendTo: 'ONLY_EXISTING', newUserDelay: 'STAGGER_OVER_TIME', delayByHours: null, scheduledAt: new Date(Date.now() + HOUR).toISOString(), category: null, uniqueId: null,
    });
    await server.close();
    server = null;

    const crashed = await crashingChild();
    expect(crashed.signal, crashed.output.slice(-2000)).toBe('SIGKILL');

    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false, clock: () => new Date(Date.now() + 2 * HOUR) });
    const halfway = await copiesInLog(server, massId);
    expect(halfway.size).toBeGreaterThanOrEqual(FANS / 2);
    expect(halfway.size).toBeLessThan(FANS);
    // The start-up pass resumes it; one more pass after it adds nothing.
    await server.delivery.tick();
    await server.delivery.tick();
    const after = await copiesInLog(server, massId);
    expect(after.size).toBe(FANS);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(fanIds)).toEqual(new Set(after.keys()));
    const head = await server.services.store.headPosition();
    expect(await server.services.runner.waitFor(head!, 60_000)).toBe(true);
    const rows = (await sql<{ fan_id: string; n: string }>`SELECT fan_id, count(*) AS n FROM rm.chat_messages WHERE mass_message_id = ${massId} GROUP BY fan_id`.execute(server.services.database.db)).rows;
    expect(rows).toHaveLength(FANS);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    const status = (await sql<{ status: string; delivered: number }>`SELECT status, delivered FROM rm.mass_messages WHERE id = ${massId}`.execute(server.services.database.db)).rows[0];
    expect(status).toEqual({ status: 'sent', delivered: FANS });
  }, 300_000);
});

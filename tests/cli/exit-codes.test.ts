// The CLIs (ledger, rebuild, events) against a data folder owned by a running server, an unreachable database and
// bad arguments: one line saying what to do, no stack, and a distinct exit code (infra/cli/exit-codes.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../infra/cli/exit-codes';
import { requirePostgresServer } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

const root = path.resolve(import.meta.dirname, '../..');
const CLIS = { ledger: 'projections/ledger-cli.ts', rebuild: 'projections/rebuild-cli.ts', events: 'infra/cli/events.ts' } as const;

/** Runs a CLI as `npm run <cli>` does (tsx), with only the given store settings. */
function run(cli: keyof typeof CLIS, env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'FANCLUB_DATA_DIR', 'EVENT_STORE'].includes(k))) as Record<string, string>;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), CLIS[cli], ...args], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const oneLine = (text: string) => text.trim().split('\n').filter((l) => l.trim() !== '');

describe('CLIs on a data folder in use', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(Object.keys(CLIS) as (keyof typeof CLIS)[])('%s says in one line to stop the server or use DATABASE_URL, and exits 3', async (cli) => {
    const r = await run(cli, { FANCLUB_DATA_DIR: t.dataDir }, cli === 'events' ? ['--all'] : []);
    expect(r.code, r.stderr).toBe(EXIT.dataFolderInUse);
    const lines = oneLine(r.stderr);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/in use by the running server/);
    expect(lines[0]).toMatch(/stop the server/);
    expect(lines[0]).toMatch(/DATABASE_URL/);
    expect(r.stderr).not.toMatch(/DataDirLockedError|\n\s+at /);
  });

  it('bad arguments exit 2; an unreachable database exits 4, each with one line', async () => {
    const usage = await run('events', { FANCLUB_DATA_DIR: t.dataDir }, ['--limit', 'x', '--all']);
    expect(usage.code).toBe(EXIT.usage);
    const unreachable = await run('ledger', { DATABASE_URL: 'postgres://fanclub@127.0.0.1:1/nowhere' });
    expect(unreachable.code, unreachable.stderr).toBe(EXIT.cannotConnect);
    expect(oneLine(unreachable.stderr)).toHaveLength(1);
    expect(unreachable.stderr).toMatch(/cannot connect to the database/);
  });
});

describe.skipIf(!(await requirePostgresServer()))('CLIs beside a running server on the Postgres server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the ledger runs while the server does, and exits 0 when the books agree', async () => {
    const url = t.server.services.config.DATABASE_URL;
    expect(url).toBeTruthy();
    const r = await run('ledger', { DATABASE_URL: url! });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toContain('The books agree.');
  });
});

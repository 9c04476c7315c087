// Only one process may own a PGlite data folder (two would silently lose writes). These tests use real
// processes: a second process is refused while the first lives, and a lock left by a dead process is taken over.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lockModule = pathToFileURL(path.join(root, 'infra/db/data-dir-lock.ts')).href;

let tmp: string;
let holderScript: string;
let contenderScript: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-lock-'));
  holderScript = path.join(tmp, 'holder.mts');
  fs.writeFileSync(
    holderScript,
    `import { lockDataDir } from ${JSON.stringify(lockModule)};
lockDataDir(process.argv[2]);
console.log('locked');
setInterval(() => {}, 1000);
process.on('SIGTERM', () => process.exit(0));
`,
  );
  contenderScript = path.join(tmp, 'contender.mts');
  fs.writeFileSync(
    contenderScript,
    `import { lockDataDir, DataDirLockedError } from ${JSON.stringify(lockModule)};
try {
  lockDataDir(process.argv[2]);
  console.log('LOCKED-OK ' + process.pid);
} catch (e) {
  if (e instanceof DataDirLockedError) { console.error(e.message); process.exit(3); }
  throw e;
}
`,
  );
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

function run(script: string, dir: string) {
  // node + tsx's loader: the scripts import the TypeScript lock module directly.
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => stdout.includes(text) && resolve();
      child.stdout!.on('data', check);
      child.on('exit', () => reject(new Error(`exited before printing ${text}: ${stderr}`)));
      check();
    });
  return { child, exited, printed };
}

describe('PGlite data-folder lock across processes', () => {
  it('refuses a second process while the first one holds the folder, with a clear message', async () => {
    const dir = path.join(tmp, 'busy');
    const holder = run(holderScript, dir);
    await holder.printed('locked');
    expect(fs.readFileSync(path.join(dir, 'fanclub.lock'), 'utf8')).toBe(String(holder.child.pid));

    const second = await run(contenderScript, dir).exited;
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(`The data folder ${dir} is in use by another Fanclub process (pid ${holder.child.pid})`);
    expect(second.stderr).toContain('Only one process may open a PGlite data folder');
    // the refused process did not disturb the holder's lock
    expect(fs.readFileSync(path.join(dir, 'fanclub.lock'), 'utf8')).toBe(String(holder.child.pid));

    holder.child.kill('SIGTERM');
    await holder.exited;
    expect(fs.existsSync(path.join(dir, 'fanclub.lock'))).toBe(false); // released on a clean exit
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = path.join(tmp, 'stale');
    const holder = run(holderScript, dir);
    await holder.printed('locked');
    holder.child.kill('SIGKILL'); // no chance to release
    await holder.exited;
    expect(fs.readFileSync(path.join(dir, 'fanclub.lock'), 'utf8')).toBe(String(holder.child.pid));

    const next = await run(contenderScript, dir).exited;
    expect(next.stderr).toBe('');
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(/^LOCKED-OK \d+/);
  });

  it('takes over a lock file naming a pid that no longer exists', async () => {
    const dir = path.join(tmp, 'deadpid');
    fs.mkdirSync(dir, { recursive: true });
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.on('exit', r));
    fs.writeFileSync(path.join(dir, 'fanclub.lock'), String(gone.pid));
    const next = await run(contenderScript, dir).exited;
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(/^LOCKED-OK \d+/);
  });
});

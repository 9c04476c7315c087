// A Fanclub API process of its own (a child of the test), for tests that kill a server for real (SIGKILL) and
// start another on the same data. It starts the server exactly as `npm start` configures it (loadConfig over the
// given environment), without the web apps, and prints its port once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  child: ChildProcess;
  base: string;
  /** Everything it printed so far. */
  output: () => string;
  /** Resolves with the signal that ended it (null: it exited by itself). */
  exited: Promise<NodeJS.Signals | null>;
  kill: () => Promise<void>;
}

/** Starts the child with `env` (the server's variables) and `processEnv` (e.g. FANCLUB_FAILPOINT); resolves once it listens. */
export async function startChildServer(env: Record<string, string>, processEnv: Record<string, string> = {}): Promise<ChildServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-child-'));
  const script = path.join(dir, 'child.mts');
  fs.writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(pathToFileURL(path.join(root, 'infra/config.ts')).href)};
import { startServer } from ${JSON.stringify(pathToFileURL(path.join(root, 'api/server.ts')).href)};
const s = await startServer(loadConfig(JSON.parse(process.env.CHILD_ENV)), { serveApps: false, deliverNotices: false, log: () => {}, pushIntervalMs: 0, chatEmailIntervalMs: 0 });
console.log('listening ' + s.app.server.address().port);
// Never outlives its test by long.
setTimeout(() => process.exit(7), 300_000).unref();
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...processEnv, CHILD_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => {
      fs.rmSync(dir, { recursive: true, force: true });
      resolve(signal);
    }),
  );
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      const m = /listening (\d+)/.exec(output);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.stderr!.on('data', (d: Buffer) => (output += d));
    void exited.then(() => reject(new Error(`the child server exited before listening:\n${output}`)));
  });
  return {
    child,
    base,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

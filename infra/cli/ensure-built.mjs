// `npm start` builds the two apps on the first run (and after their sources change), then starts the server.
// `--out DIR` builds both into DIR/web-fan and DIR/web-admin instead, always and without the lock: a folder of
// one's own (a test run's), which no other build touches while it is served.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const APPS = ['web-fan', 'web-admin'];

/** Builds `app` into `outDir` (emptied first) and precompresses it. */
async function build(app, outDir) {
  console.log(`Building ${app} ...`);
  // Always the production build: a caller's NODE_ENV (a test runner sets 'test') would make Vite bundle React's
  // development build, which is larger and slower than what a site serves.
  execSync(`npx vite build --config ${app}/vite.config.ts --outDir ${JSON.stringify(outDir)} --emptyOutDir --logLevel warn`, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  await precompress(outDir);
}

const outFlag = process.argv.indexOf('--out');
if (outFlag !== -1) {
  const out = path.resolve(process.argv[outFlag + 1] ?? '');
  for (const app of APPS) await build(app, path.join(out, app));
  process.exit(0);
}

const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.endsWith('.test.ts')) continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
// One build at a time: test files running in parallel (and a second `npm start`) wait for the build under way
// and then find the apps fresh, instead of emptying dist/ under each other's feet.
const lock = path.join(root, 'node_modules', '.fanclub-build.lock');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (let waited = 0; ; waited += 200) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch (e) {
    if (e.code !== 'EEXIST') throw e;
    // A lock older than 15 minutes was left by a build that died.
    if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 15 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
    if (waited === 0) console.log('Waiting for another build of the apps ...');
    sleep(200);
  }
}
try {
  for (const app of APPS) {
    const index = path.join(root, app, 'dist', 'index.html');
    // A build from before precompression (no .br files in assets/) is built again.
    const assets = path.join(root, app, 'dist', 'assets');
    const compressed = fs.existsSync(assets) && fs.readdirSync(assets).some((f) => f.endsWith('.br'));
    const built = fs.existsSync(index) && compressed ? fs.statSync(index).mtimeMs : 0;
    // The apps import from domain/ (wire types, the route and page tables, rules): any change there is theirs too.
    const sources = Math.max(newest(path.join(root, app)), newest(path.join(root, 'domain')));
    if (built < sources) await build(app, path.join(root, app, 'dist'));
  }
} finally {
  fs.rmSync(lock, { recursive: true, force: true });
}

// `npm test` = vitest run --config tests/vitest.config.ts. Root is the project root; unit tests sit beside the
// code, cross-cutting suites under tests/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Pure unit tests: no server, database, browser or child process (deciders, rules, the apps' pure modules). */
const UNIT = ['domain/**/*.test.ts', 'web-fan/src/**/*.test.{ts,tsx}', 'web-admin/src/**/*.test.{ts,tsx}', 'web-shared/**/*.test.{ts,tsx}'];
const EXCLUDE = ['**/node_modules/**', '**/dist/**', '**/.git/**'];

/**
 * Test files at a time. The machines have 2 cores, and most suite files spend much of their time waiting (on a
 * browser, a read model catching up, a child server), so a third file keeps both cores busy; more than that only
 * adds contention.
 */
const WORKERS = Number(process.env.FANCLUB_TEST_WORKERS ?? 3);

const shared = {
  root,
  testTimeout: 120_000,
  hookTimeout: 120_000,
  teardownTimeout: 30_000,
  // expect.poll waits for an eventually consistent state (a read model, a re-render); 1 s (vitest's default)
  // is too short on a loaded 2-core machine.
  expect: { poll: { timeout: 10_000 } },
  maxWorkers: WORKERS,
};

export default defineConfig({
  root,
  test: {
    root,
    globalSetup: [path.join(root, 'tests/support/global-setup.ts')],
    reporters: ['default', path.join(root, 'tests/support/ci-reporter.ts')],
    maxWorkers: WORKERS,
    projects: [
      {
        // Unit tests share their workers' module cache (no isolation): they hold no state between files, and a
        // fresh process per file cost more than the tests themselves. They run first, then the suites.
        test: { ...shared, name: 'unit', include: UNIT, exclude: EXCLUDE, pool: 'threads', isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        // Suites: in forked processes (PGlite in wasm, the Postgres server, browsers, child servers), each process
        // running file after file with the modules it has already loaded. Loading the server's module graph anew for
        // every file cost each about 5 s of CPU, 227 times: the whole run took about three times as long. A suite
        // file therefore leaves no state behind it: it closes its servers, browsers and timers (afterAll), and what a
        // module keeps is per server. FANCLUB_TEST_ISOLATE=true gives each file a fresh process again (to rule a
        // leak in or out).
        test: { ...shared, name: 'suites', setupFiles: [path.join(root, 'tests/support/failure-shots.ts')], include: ['**/*.test.ts', '**/*.test.tsx'], exclude: [...EXCLUDE, ...UNIT], pool: 'forks', isolate: process.env.FANCLUB_TEST_ISOLATE === 'true', fileParallelism: true, sequence: { groupOrder: 1 } },
      },
    ],
  },
});

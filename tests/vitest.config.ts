// `npm test` = vitest run --config tests/vitest.config.ts. Root is the project root; unit tests sit beside the
// code, cross-cutting suites under tests/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root,
  test: {
    root,
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.git/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // expect.poll waits for an eventually consistent state (a read model, a re-render); 1 s (vitest's default)
    // is too short on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    // The machines have 2 cores and several suites are heavy (PGlite in wasm, the Postgres server, browsers):
    // at most two test files at a time, each in its own process.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    globalSetup: [path.join(root, 'tests/support/global-setup.ts')],
    reporters: ['default', path.join(root, 'tests/support/ci-reporter.ts')],
  },
});

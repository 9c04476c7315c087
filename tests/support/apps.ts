// The built apps a test server serves: the run's own build, made once by ./global-setup.ts.
import fs from 'node:fs';
import path from 'node:path';

export const APPS_DIR_VARIABLE = 'FANCLUB_TEST_APPS_DIR';

/** The run's build folder (its web-fan/ and web-admin/); throws when the global setup did not build them. */
export function builtAppsDir(): string {
  const dir = process.env[APPS_DIR_VARIABLE];
  if (!dir || !fs.existsSync(path.join(dir, 'web-fan', 'index.html')) || !fs.existsSync(path.join(dir, 'web-admin', 'index.html'))) {
    throw new Error(`The apps were not built for this run (${APPS_DIR_VARIABLE}=${dir ?? ''}): run the tests with --config tests/vitest.config.ts, whose global setup builds them.`);
  }
  return dir;
}

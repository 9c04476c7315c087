// Runs once before any test file: builds the two apps into a folder of this run's own (FANCLUB_TEST_APPS_DIR,
// which the test files' processes inherit), and removes it when the run ends. A build shared between runs would be
// rebuilt under a running browser suite by another run (a console page then reloads itself to find its chunks);
// one per run is never touched while it is served. It also makes the migrated PGlite database every PGlite test
// server starts from (FANCLUB_TEST_PGLITE_TEMPLATE, ./pglite-template.ts).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS_DIR_VARIABLE } from './apps';
import { buildPgliteTemplate, PGLITE_TEMPLATE_VARIABLE } from './pglite-template';

const since = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

export default async function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-test-apps-'));
  const started = Date.now();
  execSync(`node infra/cli/ensure-built.mjs --out ${JSON.stringify(dir)}`, { cwd: root, stdio: 'inherit' });
  console.log(`global setup: built the apps into ${dir} in ${since(started)}`);
  process.env[APPS_DIR_VARIABLE] = dir;
  const templateStarted = Date.now();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-test-pglite-'));
  process.env[PGLITE_TEMPLATE_VARIABLE] = await buildPgliteTemplate(templateDir);
  console.log(`global setup: made the PGlite template in ${since(templateStarted)}`);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(templateDir, { recursive: true, force: true });
  };
}

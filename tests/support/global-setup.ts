// Runs once before any test file: builds the two apps into a folder of this run's own (FANCLUB_TEST_APPS_DIR,
// which the test files' processes inherit), and removes it when the run ends. A build shared between runs would be
// rebuilt under a running browser suite by another run (a console page then reloads itself to find its chunks);
// one per run is never touched while it is served. It also makes the migrated databases every test server starts
// from (./database-templates.ts): a PGlite folder (FANCLUB_TEST_PGLITE_TEMPLATE) and, when the Postgres server
// answers, a template database there (FANCLUB_TEST_PG_TEMPLATE).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS_DIR_VARIABLE } from './apps';
import { buildPgliteTemplate, buildPostgresTemplate, PGLITE_TEMPLATE_VARIABLE } from './database-templates';
import { isPostgresServerAvailable, POSTGRES_TEMPLATE_VARIABLE } from './postgres';

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
  // Without the server (outside CI) its suites skip, and nothing needs the template.
  const pgTemplate = (await isPostgresServerAvailable()) ? await buildPostgresTemplate(templateDir) : null;
  if (pgTemplate) process.env[POSTGRES_TEMPLATE_VARIABLE] = pgTemplate.name;
  console.log(`global setup: made the database templates in ${since(templateStarted)}`);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(templateDir, { recursive: true, force: true });
    await pgTemplate?.drop();
  };
}

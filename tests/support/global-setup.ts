// Runs once before any test file: builds the two apps if their sources changed, so browser suites running in
// parallel find them built (each still calls ensureAppsBuilt, which is then a no-op).
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execSync('node infra/cli/ensure-built.mjs', { cwd: root, stdio: 'inherit' });
}

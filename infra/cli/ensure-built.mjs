// `npm start` builds the two apps on the first run (and after their sources change), then starts the server.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
for (const app of ['web-fan', 'web-admin']) {
  const index = path.join(root, app, 'dist', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(newest(path.join(root, app)), newest(path.join(root, 'domain/shared')));
  if (built < sources) {
    console.log(`Building ${app} ...`);
    execSync(`npx vite build --config ${app}/vite.config.ts --logLevel warn`, { cwd: root, stdio: 'inherit' });
  }
}

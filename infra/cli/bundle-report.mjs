// Build step for the two apps: the JavaScript a browser fetches before an app can start — the entry script and
// every chunk its index.html modulepreloads — measured gzipped, against each app's budget. `npm run build` prints
// it after building; tests/architecture/bundle-budget.test.ts fails when an app is over its budget (`--dir D`
// measures a build whose apps are D/web-fan and D/web-admin, as a test run makes them).
// Pages a visitor may never open belong in chunks loaded on demand (React.lazy), not in this figure.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** First-load JavaScript budgets, gzipped, in kB of 1,000 bytes (the unit Vite's build output uses). */
export const BUDGETS_KB = { 'web-fan': 200, 'web-admin': 400 };

/** The scripts index.html loads at once: its module script and its modulepreload links, in page order. */
export function firstLoadScripts(indexHtml) {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls = [];
  for (const tag of tags) {
    const isEntry = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = (isEntry ? tag.match(/\bsrc="([^"]+)"/) : isPreload ? tag.match(/\bhref="([^"]+)"/) : null)?.[1];
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** Gzip at level 9, the level the server's precompressed .gz files are made with (infra/cli/precompress.mjs). */
const gzipSize = (data) => zlib.gzipSync(data, { level: 9 }).length;

/** One built app's first-load JavaScript: each script's gzipped size and the total, in bytes. */
export function firstLoadJs(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = firstLoadScripts(html).map((url) => {
    // Built URLs carry the app's base (/ or /admin/); the file is under dist/assets either way.
    const file = path.join(distDir, 'assets', path.basename(new URL(url, 'http://app.invalid').pathname));
    return { file: path.relative(distDir, file), gzipBytes: gzipSize(fs.readFileSync(file)) };
  });
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/** Every app's figure against its budget; `buildDir` holds <app>/ folders (a test run's own build), else each app's dist/. */
export function bundleReport(apps = Object.keys(BUDGETS_KB), buildDir = null) {
  return apps.map((app) => {
    const { files, gzipBytes } = firstLoadJs(buildDir ? path.join(buildDir, app) : path.join(root, app, 'dist'));
    const budgetBytes = BUDGETS_KB[app] * 1000;
    return { app, scripts: files.length, gzipBytes, budgetBytes, withinBudget: gzipBytes <= budgetBytes, largest: [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5) };
  });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const dirAt = args.indexOf('--dir');
  const buildDir = dirAt >= 0 ? args[dirAt + 1] : null;
  const apps = args.filter((a, i) => !a.startsWith('--') && !(dirAt >= 0 && i === dirAt + 1));
  const report = bundleReport(apps.length ? apps : undefined, buildDir);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report));
  } else {
    for (const r of report) {
      const verdict = r.withinBudget ? 'within budget' : `OVER BUDGET by ${kB(r.gzipBytes - r.budgetBytes)}`;
      console.log(`${r.app}: first-load JS ${kB(r.gzipBytes)} gzip (${r.scripts} scripts), budget ${kB(r.budgetBytes)}: ${verdict}`);
      if (!r.withinBudget) for (const f of r.largest) console.log(`  ${kB(f.gzipBytes).padStart(9)}  ${f.file}`);
    }
  }
}

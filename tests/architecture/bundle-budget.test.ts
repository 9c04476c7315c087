// The apps' first load stays small: the entry script plus the chunks its index.html modulepreloads, gzipped,
// within each app's budget (infra/cli/bundle-report.mjs, which `npm run build` prints). Pages not needed at
// first belong in chunks loaded on demand (React.lazy); an import that pulls one into the entry fails here.
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtAppsDir } from '../support/apps';

const root = path.resolve(import.meta.dirname, '../..');

interface AppFigure {
  app: string;
  scripts: number;
  gzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
  largest: { file: string; gzipBytes: number }[];
}

let report: AppFigure[] = [];

beforeAll(() => {
  // The run's own build (made once by the global setup), the same bytes the browser tests are served.
  report = JSON.parse(execFileSync(process.execPath, [path.join(root, 'infra/cli/bundle-report.mjs'), '--json', '--dir', builtAppsDir()], { cwd: root, encoding: 'utf8' }));
}, 600_000);

describe('first-load JavaScript budget (gzip)', () => {
  it.each([
    ['web-fan', 200_000],
    ['web-admin', 400_000],
  ])('%s: entry and modulepreloaded chunks within %i bytes', (app, budget) => {
    const figure = report.find((r) => r.app === app);
    expect(figure, `${app} measured`).toBeDefined();
    expect(figure!.budgetBytes).toBe(budget);
    // React alone is over 50 kB gzipped: a smaller figure means the report missed the app's scripts.
    expect(figure!.gzipBytes).toBeGreaterThan(50_000);
    const largest = figure!.largest.map((f) => `${f.file} ${f.gzipBytes}`).join(', ');
    expect(figure!.gzipBytes, `${app} first load over budget; largest: ${largest}`).toBeLessThanOrEqual(budget);
  });
});

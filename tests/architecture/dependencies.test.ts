// The structure holds on its own: dependency-cruiser checks every import of the server and the apps
// against .dependency-cruiser.cjs — no circle, domain/ pure, the apps never importing server code, no layer
// importing one above it (the rules are stated in that file and explained in docs/architecture.md). No violation
// is tolerated (there is no baseline, as in `npm run deps`): any fails here with the rule it breaks and both ends
// of the arrow.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(import.meta.dirname, '../..');
/** The same folders `npm run deps` cruises. */
export const CRUISED = ['domain', 'commands', 'projections', 'api', 'infra', 'web-shared', 'web-fan/src', 'web-admin/src'];

function describeViolation(v: IViolation): string {
  const cycle = v.cycle?.length ? ` (circle: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')})` : '';
  return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
}

async function cruiseRepo(): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
  // baseDir: the config's paths are relative to the project root, whatever the working folder
  const { output } = await cruise(CRUISED, { ...options, baseDir: root, tsConfig: { fileName: path.join(root, 'tsconfig.json') } }, undefined, { tsConfig });
  return output as ICruiseResult;
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('no import breaks a rule', async () => {
    const result = await cruiseRepo();
    // a cruise that found nothing would pass vacuously
    expect(result.summary.totalCruised).toBeGreaterThan(300);
    const violations = result.summary.violations.filter((v) => v.rule.severity !== 'ignore' && v.rule.severity !== 'info');
    expect(violations.map(describeViolation), 'dependency violations (fix them: a port and a parameter, not an import)').toEqual([]);
  });
});

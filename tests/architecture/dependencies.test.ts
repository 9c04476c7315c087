// The structure holds on its own (issue 12): dependency-cruiser checks every import of the server and the apps
// against .dependency-cruiser.cjs — no circle, domain/ pure, the apps never importing server code, no layer
// importing one above it (the "may import" column of ARCHITECTURE.md). Violations that stood when the check came
// in are in .dependency-cruiser-known-violations.json and are ignored (as `npm run deps` does with --ignore-known);
// anything new fails here with the rule it breaks and both ends of the arrow.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(import.meta.dirname, '../..');
/** The same folders `npm run deps` cruises. */
export const CRUISED = ['domain', 'commands', 'projections', 'api', 'infra', 'web-fan/src', 'web-admin/src'];

function describeViolation(v: IViolation): string {
  const cycle = v.cycle?.length ? ` (circle: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')})` : '';
  return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
}

async function cruiseRepo(): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const knownViolations = JSON.parse(readFileSync(path.join(root, '.dependency-cruiser-known-violations.json'), 'utf8'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
  // baseDir: the config's paths and the baseline are relative to the project root, whatever the working folder
  const { output } = await cruise(CRUISED, { ...options, baseDir: root, tsConfig: { fileName: path.join(root, 'tsconfig.json') }, knownViolations }, undefined, { tsConfig });
  return output as ICruiseResult;
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('no import breaks a rule beyond the recorded baseline', async () => {
    const result = await cruiseRepo();
    // a cruise that found nothing would pass vacuously
    expect(result.summary.totalCruised).toBeGreaterThan(300);
    const fresh = result.summary.violations.filter((v) => v.rule.severity !== 'ignore' && v.rule.severity !== 'info');
    expect(fresh.map(describeViolation), 'new dependency violations (fix them; never add them to the baseline)').toEqual([]);
  });
});

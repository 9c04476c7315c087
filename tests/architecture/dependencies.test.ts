// The structure holds on its own: dependency-cruiser checks every import of the server and the apps
// against .dependency-cruiser.cjs — no circle, domain/ pure, the apps never importing server code, no layer
// importing one above it (the rules are stated in that file and explained in docs/architecture.md). No violation
// is tolerated (there is no baseline, as in `npm run deps`): any fails here with the rule it breaks and both ends
// of the arrow.
import { describe, expect, it } from 'vitest';
import type { IViolation } from 'dependency-cruiser';
import { cruiseRepo } from './cruise';

function describeViolation(v: IViolation): string {
  const cycle = v.cycle?.length ? ` (circle: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')})` : '';
  return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
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

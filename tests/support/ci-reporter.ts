// Prints one summary line at the end of a run, e.g. "vitest: 57 passed, 0 failed, 1 skipped", and before it where
// the time went: each file's wall time (its worker's preparation, then from the start of its import until its last
// hook ended), the slowest first, their sum, and the run's own wall time. With two workers the run takes about half
// the sum; a file near the top is where a faster suite starts.
// With CI=true the run fails when anything was skipped, except suites/tests whose name contains 'EventStoreDB'
// (no EventStoreDB server can run on these machines): a green CI run must mean the suites really ran.
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const ALLOWED_TO_SKIP = 'EventStoreDB';

function names(test: TestCase): string {
  const parts: string[] = [test.fullName];
  let parent = test.parent;
  while (parent && parent.type === 'suite') {
    parts.push(parent.name);
    parent = parent.parent;
  }
  return parts.join(' > ');
}

/** How many of the slowest files the timing table names (the rest are summed in one line). */
const SLOWEST_SHOWN = 40;

export interface FileTime {
  file: string;
  ms: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The timing table: the slowest `shown` files, one line for the others, the files' sum and the run's wall time. */
export function fileTimesReport(files: FileTime[], runMs: number, shown = SLOWEST_SHOWN): string {
  const sorted = [...files].sort((a, b) => b.ms - a.ms);
  const sum = sorted.reduce((total, f) => total + f.ms, 0);
  const width = Math.max(0, ...sorted.slice(0, shown).map((f) => f.file.length));
  const lines = [`vitest: wall time per file, slowest first (${sorted.length} files):`];
  for (const f of sorted.slice(0, shown)) lines.push(`  ${f.file.padEnd(width)}  ${seconds(f.ms).padStart(8)}`);
  const rest = sorted.slice(shown);
  if (rest.length) lines.push(`  … ${rest.length} more files  ${seconds(rest.reduce((total, f) => total + f.ms, 0))}`);
  lines.push(`vitest: files took ${seconds(sum)} in all; the run took ${seconds(runMs)} of wall time`);
  return lines.join('\n');
}

/** A file's time from vitest's own diagnostic, for a file whose start this reporter did not see. */
function diagnosticMs(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export default class CiReporter implements Reporter {
  private runStarted = Date.now();
  private queuedAt = new Map<string, number>();
  private endedAt = new Map<string, number>();

  onInit(): void {
    this.runStarted = Date.now();
  }

  onTestModuleQueued(module: TestModule): void {
    this.queuedAt.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.endedAt.set(module.moduleId, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const forbiddenSkips: string[] = [];
    for (const module of testModules) {
      let moduleFailedTests = 0;
      let moduleTests = 0;
      for (const test of module.children.allTests()) {
        moduleTests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          moduleFailedTests++;
        } else {
          // 'skipped' (skip, skipIf, todo, ctx.skip()) and 'pending' (never ran) both count as not run
          skipped++;
          if (!names(test).includes(ALLOWED_TO_SKIP)) forbiddenSkips.push(`${module.relativeModuleId} > ${test.fullName}`);
        }
      }
      // A file that failed to load, or whose hooks failed outside any test, has no failed test to count it.
      const state = module.state();
      if (moduleFailedTests === 0 && (state === 'failed' || module.errors().length > 0)) failed++;
      // A whole file that was skipped (e.g. describe.skipIf at top level with no tests collected).
      if (moduleTests === 0 && state === 'skipped' && !module.moduleId.toLowerCase().includes(ALLOWED_TO_SKIP.toLowerCase())) {
        forbiddenSkips.push(module.relativeModuleId);
      }
    }
    if (unhandledErrors.length > 0) failed += unhandledErrors.length;

    const times = testModules.map((module) => {
      const queued = this.queuedAt.get(module.moduleId);
      const ended = this.endedAt.get(module.moduleId);
      const { prepareDuration, environmentSetupDuration } = module.diagnostic();
      const ms = queued !== undefined && ended !== undefined ? prepareDuration + environmentSetupDuration + (ended - queued) : diagnosticMs(module);
      return { file: module.relativeModuleId, ms };
    });
    console.log(fileTimesReport(times, Date.now() - this.runStarted));

    console.log(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);

    if (process.env.CI === 'true' && forbiddenSkips.length > 0) {
      console.error(
        `CI=true: ${forbiddenSkips.length} test(s) were skipped; only ${ALLOWED_TO_SKIP} suites may skip in CI:\n` +
          forbiddenSkips.map((s) => `  - ${s}`).join('\n'),
      );
      process.exitCode = 1;
    }
  }
}

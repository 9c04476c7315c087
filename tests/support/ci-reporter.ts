// Prints one summary line at the end of a run, e.g. "vitest: 57 passed, 0 failed, 1 skipped".
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

export default class CiReporter implements Reporter {
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

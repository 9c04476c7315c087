// The lint inside `npm test`: ESLint over the project with eslint.config.mjs, as `npm run lint` runs it. Any error
// fails here, listed as file:line:column rule message; warnings (the `any` being removed) are only counted. A
// disable comment that silences nothing is an error too (the config says so), so none goes stale.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');

/** The same options as `npm run lint`: the cache is shared, so whichever runs second only re-reads changed files. */
function projectLint(): ESLint {
  return new ESLint({ cwd: root, cache: true, cacheLocation: path.join(root, 'node_modules/.cache/eslint/'), cacheStrategy: 'content' });
}

function describeError(file: string, m: ESLint.LintResult['messages'][number]): string {
  return `${path.relative(root, file)}:${m.line}:${m.column} ${m.ruleId ?? 'eslint'} ${m.message}`;
}

describe('lint (eslint.config.mjs)', () => {
  it('no file has a lint error', async () => {
    const results = await projectLint().lintFiles(['.']);
    // a lint that found no files would pass vacuously
    expect(results.length).toBeGreaterThan(1000);
    const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => describeError(r.filePath, m)));
    expect(errors, 'lint errors (npm run lint shows them too)').toEqual([]);
  }, 300_000);

  it('the rules are on where they belong: unused names everywhere, the rules of hooks in the apps', async () => {
    const eslint = projectLint();
    const code = "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  const unused = 1;\n  if (on) useState(0);\n  return null;\n}\n";
    const rulesIn = async (filePath: string) => (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0].messages.map((m) => m.ruleId);
    expect(await rulesIn('web-fan/src/lint-probe.tsx')).toEqual(expect.arrayContaining(['@typescript-eslint/no-unused-vars', 'react-hooks/rules-of-hooks']));
    expect(await rulesIn('web-admin/src/lint-probe.tsx')).toContain('react-hooks/rules-of-hooks');
    expect(await rulesIn('api/lint-probe.ts')).toContain('@typescript-eslint/no-unused-vars');
  });
});

// Component files stay readable: a .tsx file in the apps (web-fan/src, web-admin/src) or in web-shared/ holds at
// most 300 lines; a longer one is split into components and hooks beside it, named in the product's words. The
// files still over are listed below while they are being split: a listed file must still be over (remove its line
// once it is split), and no other file may pass the limit.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const LIMIT = 300;
const ROOTS = ['web-fan/src', 'web-admin/src', 'web-shared'];

/** The files not yet split, relative to the project root. Remove a line once its file is within the limit. */
const NOT_YET_SPLIT: readonly string[] = [];

/** Lines as an editor numbers them (as `wc -l` counts them for a file that ends with a newline). */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Every component file under the roots (tests and built output left out). */
function componentFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) found.push(rel);
    }
  };
  ROOTS.forEach(walk);
  return found.sort();
}

const sizes = new Map(componentFiles().map((file) => [file, lineCount(fs.readFileSync(path.join(root, file), 'utf8'))]));

describe(`component files (≤ ${LIMIT} lines)`, () => {
  it('counts lines as the editor numbers them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });

  it(`no .tsx file in ${ROOTS.join(', ')} is over ${LIMIT} lines, beyond those still being split`, () => {
    // a walk that found nothing would pass vacuously
    expect(sizes.size).toBeGreaterThan(200);
    const over = [...sizes].filter(([file, lines]) => lines > LIMIT && !NOT_YET_SPLIT.includes(file)).map(([file, lines]) => `${file}: ${lines} lines`);
    expect(over, `split these into components and hooks beside them (${LIMIT} lines at most)`).toEqual([]);
  });

  it('every file listed as not yet split is still over the limit (remove the line of one that is split)', () => {
    const done = NOT_YET_SPLIT.filter((file) => (sizes.get(file) ?? 0) <= LIMIT).map((file) => `${file}: ${sizes.has(file) ? `${sizes.get(file)} lines` : 'gone'}`);
    expect(done, 'split or removed: take them off NOT_YET_SPLIT').toEqual([]);
  });
});

// Folder-level knots: dependency-cruiser's no-circular sees circles between files only, yet two folders that
// import each other (through different files) cannot be moved, read or tested apart. The cruise is collapsed to
// folders (a file directly in a cruised root, such as an app's App.tsx or api.ts, is a node of its own) and every
// set of folders that reach each other fails, except the knots still being untied, listed below: a listed knot may
// shrink or go, never grow, and no new one may appear.
import { describe, expect, it } from 'vitest';
import { cruiseRepo } from './cruise';
import { folderGraph, knotArrows, knots } from './folders';

/** The knots not yet untied (each sorted): none are left. Remove a line once its folders no longer import each other;
 *  never add one (move the shared piece down instead). */
const UNTIED: readonly (readonly string[])[] = [];

const PRODUCT = /^(domain|commands|projections|api|infra|web-shared|web-fan\/src|web-admin\/src)\//;

/** Within a listed knot: every folder of it is in one of the listed ones. */
const isUntied = (knot: string[]) => UNTIED.some((listed) => knot.every((folder) => listed.includes(folder)));

describe('folder knots', () => {
  it('finds a knot (two folders that import each other) and not a chain', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['a', 'c'])], ['c', new Set<string>()]]);
    expect(knots(graph)).toEqual([['a', 'b']]);
    expect(knots(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set<string>()]]))).toEqual([]);
  });

  it('no folders import each other (beyond the knots still being untied)', async () => {
    const result = await cruiseRepo();
    const graph = folderGraph(result, (file) => PRODUCT.test(file));
    // a cruise that found nothing would pass vacuously
    expect(graph.size).toBeGreaterThan(100);
    const found = knots(graph);
    const fresh = found.filter((knot) => !isUntied(knot)).map((knot) => `${knot.join(' ⇄ ')}\n    ${knotArrows(result, knot).join('\n    ')}`);
    expect(fresh, 'folders that import each other: move the shared piece down into a folder both may import').toEqual([]);
  });
});

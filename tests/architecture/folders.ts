// The cruise collapsed to folders: an arrow from folder A to folder B when a file in A imports a file in B. A knot
// is a set of folders each reachable from every other (a strongly connected component of two or more): their
// files cannot be read, moved or tested apart, even when no file-level circle exists.
import path from 'node:path';
import type { ICruiseResult } from 'dependency-cruiser';

export type FolderGraph = Map<string, Set<string>>;

const TEST_FILE = /\.test\.tsx?$/;
/** The cruised roots: a file directly in one (an app's App.tsx, api.ts, realtime.ts) is a node of its own, as
 *  dependency-cruiser's `--collapse` shows it; otherwise a file counts as its folder. */
const ROOTS = ['web-fan/src', 'web-admin/src', 'web-shared', 'domain', 'commands', 'projections', 'api', 'infra'];

/** The node a file belongs to: its folder, or the file itself when it sits directly in a cruised root. */
export function folderOf(file: string): string {
  const folder = path.posix.dirname(file);
  return ROOTS.includes(folder) ? file : folder;
}

/** Folder arrows between product files (test files are leaves nobody imports; they do not tie folders together). */
export function folderGraph(result: ICruiseResult, inScope: (file: string) => boolean): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const module of result.modules) {
    if (!inScope(module.source) || TEST_FILE.test(module.source)) continue;
    const from = folderOf(module.source);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dep of module.dependencies) {
      if (dep.coreModule || !dep.resolved || dep.resolved.includes('node_modules/') || !inScope(dep.resolved)) continue;
      const to = folderOf(dep.resolved);
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The knots of a graph (Tarjan's strongly connected components of two or more folders), each sorted, largest first. */
export function knots(graph: FolderGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** One arrow of each pair inside a knot, "a → b (file → file)", so a failure names what to move. */
export function knotArrows(result: ICruiseResult, knot: string[]): string[] {
  const members = new Set(knot);
  const arrows: string[] = [];
  for (const module of result.modules) {
    if (TEST_FILE.test(module.source)) continue;
    const from = folderOf(module.source);
    if (!members.has(from)) continue;
    for (const dep of module.dependencies) {
      const to = dep.resolved ? folderOf(dep.resolved) : '';
      if (to !== from && members.has(to)) arrows.push(`${module.source} → ${dep.resolved}`);
    }
  }
  return arrows.sort();
}

/**
 * The app's own code on the capture path in one chunk (issue 30): every module of ours the
 * entry imports statically, transitively — what `/` runs anyway — is put in one chunk named
 * `capture` (merged with the entry), instead of the dozens of small shared chunks automatic
 * chunking makes of it (each compressed apart: about 5 kB gzip over the path). Packages are
 * left to automatic chunking, which follows what is used: a package's module is often
 * imported statically without being used on the path (a barrel's re-exports, React Aria's
 * Menu module for its MenuTrigger), and this rule, which sees only imports, would pull its
 * code used by lazy chunks onto the path (Switch, RadioGroup, the menu's collection code).
 * Used as a code-splitting group by vite.config.ts; measured by capturePath.ts.
 */

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

export const CAPTURE_CHUNK = 'capture';

/**
 * Whether `id` is an entry or imported statically by a module that is: a walk up its static
 * importers. A walk that meets no entry proves it for every module it saw (their importers are
 * among them), so those are remembered as off the path; a found entry is remembered for `id`.
 */
function staticallyFromEntry(id: string, graph: ModuleGraph, memo: Map<string, boolean>): boolean {
  const seen = new Set([id]);
  const todo = [id];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const known = memo.get(next);
    if (known === false) continue;
    const info = graph.getModuleInfo(next);
    if (known || info?.isEntry) {
      memo.set(id, true);
      return true;
    }
    for (const from of info?.importers ?? []) {
      if (!seen.has(from)) {
        seen.add(from);
        todo.push(from);
      }
    }
  }
  for (const off of seen) memo.set(off, false);
  return false;
}

/** The group's `name`: `capture` for our module on the capture path, null (automatic chunking) for the rest. */
export function captureChunkName(): (id: string, graph: ModuleGraph) => string | null {
  const memo = new Map<string, boolean>();
  return (id, graph) =>
    !/[\\/]node_modules[\\/]/.test(id) && staticallyFromEntry(id, graph, memo) ? CAPTURE_CHUNK : null;
}

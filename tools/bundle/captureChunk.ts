/**
 * The capture path in one chunk (issue 30): every module the entry imports statically,
 * transitively — what `/` downloads anyway — is put in one chunk named `capture`, beside the
 * entry chunk, instead of the dozens of small shared chunks automatic chunking makes of it
 * (each compressed apart, so each costs its own gzip header and dictionary: about 5 kB gzip
 * over the path). Modules only lazy chunks import are left to automatic chunking. Used as a
 * code-splitting group by vite.config.ts; measured by capturePath.ts.
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

/** The group's `name`: `capture` for a module on the capture path, null (automatic chunking) for the rest. */
export function captureChunkName(): (id: string, graph: ModuleGraph) => string | null {
  const memo = new Map<string, boolean>();
  return (id, graph) => (staticallyFromEntry(id, graph, memo) ? CAPTURE_CHUNK : null);
}

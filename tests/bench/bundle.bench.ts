/**
 * `npm run bench:bundle [-- --baseline <commit>]`: the capture path (what `/` downloads) and
 * every lazy chunk, measured as the budget test measures them (tools/bundle/capturePath.ts),
 * against the budget. The baseline, built the same way in the same run, is the commit before
 * the route table and lazy screens (`git archive` into a temp dir, node_modules symlinked). A
 * small plugin (in this bench only) records each module's rendered code, so the capture path's
 * weight is shown per package (each package's code minified on its own: an estimate, close to
 * but not equal to its share of the chunk). Prints tables and a JSON line; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { minifySync, type Plugin } from 'vite';
import { buildChunks, CAPTURE_PATH_BUDGET_KB, kB, sum, type Sized } from '../../tools/bundle/capturePath.ts';

const DEFAULT_BASELINE = '40a5b60';

interface BuildFigures {
  label: string;
  capture: Sized[];
  lazy: Sized[];
  /** Rendered bytes and gzip of each package's modules in the capture path. */
  weights: { source: string; bytes: number; gzip: number }[];
}

/** `@supabase/auth-js`, `react-dom`, … or the app's own top folder (`src/data`). */
function sourceOf(moduleId: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (pkg) return pkg[1];
  const own = /\/(src\/[^/]+|sw)\//.exec(moduleId);
  return own ? own[1] : moduleId.startsWith('\0') ? '(virtual)' : '(other)';
}

/** A module group's code minified (rendered module code is not), to weigh it as it ships. */
function minified(code: string): string {
  const result = minifySync('group.js', code, { module: true, compress: false });
  return result.errors.length ? code : result.code;
}

/** Records, per emitted chunk, each module's rendered code (for the per-package weights). */
function moduleSizes(into: Map<string, Map<string, string>>): Plugin {
  return {
    name: 'bench-module-sizes',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules = new Map<string, string>();
        for (const [id, rendered] of Object.entries(chunk.modules)) modules.set(id, rendered.code ?? '');
        into.set(chunk.fileName, modules);
      }
    },
  };
}

async function measure(label: string, root: string): Promise<BuildFigures> {
  const modules = new Map<string, Map<string, string>>();
  const { capture, lazy } = await buildChunks(root, [moduleSizes(modules)]);
  const perSource = new Map<string, string[]>();
  for (const { file } of capture) {
    for (const [id, code] of modules.get(file) ?? []) {
      const source = sourceOf(id);
      perSource.set(source, [...(perSource.get(source) ?? []), code]);
    }
  }
  const weights = [...perSource].map(([source, codes]) => {
    const code = minified(codes.join('\n'));
    return { source, bytes: Buffer.byteLength(code), gzip: gzipSync(code).length };
  });
  weights.sort((a, b) => b.gzip - a.gzip);
  return { label, capture, lazy, weights };
}

/** The baseline commit's tree in a temp dir, with this checkout's node_modules. */
function checkout(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sidenote-baseline-'));
  const archive = join(dir, 'tree.tar');
  execFileSync('git', ['archive', '--format=tar', '-o', archive, commit]);
  execFileSync('tar', ['-x', '-C', dir, '-f', archive]);
  symlinkSync(realpathSync('node_modules'), join(dir, 'node_modules'));
  return dir;
}

function printBuild(figures: BuildFigures) {
  console.log(`\n${figures.label}: capture path (entry + static imports)`);
  console.table(figures.capture.map((c) => ({ file: c.file, kB: kB(c.bytes), gzip_kB: kB(c.gzip) })));
  console.log(`${figures.label}: lazy chunks`);
  console.table(figures.lazy.map((c) => ({ file: c.file, kB: kB(c.bytes), gzip_kB: kB(c.gzip) })));
  console.log(
    `${figures.label}: capture path weight per source (its modules' rendered code, minified apart, then gzip)`,
  );
  console.table(figures.weights.slice(0, 15).map((w) => ({ source: w.source, kB: kB(w.bytes), gzip_kB: kB(w.gzip) })));
}

const totals = (f: BuildFigures) => ({
  capture_kB: Number(kB(sum(f.capture, 'bytes'))),
  capture_gzip_kB: Number(kB(sum(f.capture, 'gzip'))),
  lazy_chunks: f.lazy.length,
  lazy_kB: Number(kB(sum(f.lazy, 'bytes'))),
  lazy_gzip_kB: Number(kB(sum(f.lazy, 'gzip'))),
  all_gzip_kB: Number(kB(sum(f.capture, 'gzip') + sum(f.lazy, 'gzip'))),
});

async function main() {
  const flag = process.argv.indexOf('--baseline');
  const baselineCommit = flag >= 0 ? process.argv[flag + 1] : DEFAULT_BASELINE;
  const baselineDir = checkout(baselineCommit);
  try {
    const baseline = await measure(`baseline ${baselineCommit}`, baselineDir);
    const now = await measure('now', process.cwd());
    printBuild(baseline);
    printBuild(now);
    const rows = [baseline, now].map((f) => ({ build: f.label, ...totals(f) }));
    console.log(
      `\nCapture path = what \`/\` downloads (budget ${CAPTURE_PATH_BUDGET_KB} kB gzip); lazy = every other chunk`,
    );
    console.table(rows);
    console.log(
      JSON.stringify({
        bench: 'bundle',
        budget_gzip_kB: CAPTURE_PATH_BUDGET_KB,
        baseline: { commit: baselineCommit, ...totals(baseline) },
        now: {
          ...totals(now),
          capture: now.capture,
          lazy: now.lazy,
          weights: now.weights.slice(0, 15),
        },
      }),
    );
  } finally {
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run bench:bundle [-- --baseline <commit>]`: what the browser downloads to show `/` —
 * the capture path: the entry chunk and its static imports — and every lazy chunk, from a
 * production build (dummy VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY, a temp outDir, the
 * build manifest on). The baseline, built the same way in the same run, is the commit before
 * the route table and lazy screens (`git archive` into a temp dir, node_modules symlinked).
 * Sizes are the emitted bytes and their gzip (node:zlib, default level). A small plugin (in
 * this bench only) records each module's rendered code, so the capture path's weight is shown
 * per package (each package's code minified on its own: an estimate, close to but not equal
 * to its share of the chunk). Prints tables and a JSON line; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, minifySync, type Manifest, type Plugin } from 'vite';

const DEFAULT_BASELINE = '40a5b60';
const ENV = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'bench-dummy-anon-key' };

interface Sized {
  file: string;
  bytes: number;
  gzip: number;
}

interface BuildFigures {
  label: string;
  capture: Sized[];
  lazy: Sized[];
  /** Rendered bytes and gzip of each package's modules in the capture path. */
  weights: { source: string; bytes: number; gzip: number }[];
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const sum = (xs: Sized[], key: 'bytes' | 'gzip') => xs.reduce((total, x) => total + x[key], 0);

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

/** The entry chunk's key and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry);
  return seen;
}

async function measure(label: string, root: string): Promise<BuildFigures> {
  const outDir = mkdtempSync(join(tmpdir(), 'sidenote-bundle-'));
  const modules = new Map<string, Map<string, string>>();
  Object.assign(process.env, ENV);
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      plugins: [moduleSizes(modules)],
      build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    const sized = (file: string): Sized => {
      const code = readFileSync(join(outDir, file));
      return { file, bytes: code.length, gzip: gzipSync(code).length };
    };
    const captureKeys = staticClosure(manifest);
    const jsFiles = (keys: string[]) =>
      [...new Set(keys.map((k) => manifest[k].file))].filter((f) => f.endsWith('.js'));
    const capture = jsFiles([...captureKeys]).map(sized);
    const lazy = jsFiles(Object.keys(manifest).filter((key) => !captureKeys.has(key))).map(sized);

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
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
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
    console.log('\nCapture path = what `/` downloads; lazy = every other chunk');
    console.table(rows);
    console.log(
      JSON.stringify({
        bench: 'bundle',
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

/**
 * Where a browser test file's setup time goes: `timed(phase, work)` measures one expensive step
 * (starting the stack, an app server or Chromium, a sign-up, an active setting made through the API) and, when
 * SIDENOTE_E2E_TIMINGS names a file (scripts/test.sh sets it), appends `{file, phase, ms}` to it
 * as a JSON line for the run's timing report (scripts/e2e-timings.mjs). The current file is
 * set by the e2e setup file (support/setup.ts) before each file's own hooks, which also records
 * each file's whole time (`file`).
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

export type Phase = 'stack' | 'app server' | 'browser' | 'sign-up' | 'setting';

const FILE = Symbol.for('sidenote.e2e.currentFile');
type Holder = { [FILE]?: string };

function record(phase: Phase | 'file', ms: number): void {
  const out = process.env.SIDENOTE_E2E_TIMINGS;
  const file = (globalThis as Holder)[FILE] ?? 'unknown';
  if (out) appendFileSync(out, `${JSON.stringify({ file, phase, ms: Math.round(ms) })}\n`);
}

/** Names the file now running, and returns what records its whole time (hooks included) when called. */
export function fileTimer(path: string): () => void {
  (globalThis as Holder)[FILE] = relative(process.cwd(), path);
  const started = performance.now();
  return () => record('file', performance.now() - started);
}

export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    record(phase, performance.now() - started);
  }
}

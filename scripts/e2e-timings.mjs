// Where the browser tests' time went: the 10 slowest files, each split into what its setup steps
// took (stack, app server, browser, sign-up, setting: lines appended by tests/e2e/support/timings.ts)
// and the rest (its tests' own steps and assertions, other hooks), then the 10 slowest tests.
// Usage: node scripts/e2e-timings.mjs <vitest JSON report> [timings .jsonl]
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [reportFile, timingsFile] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8'));
} catch {
  console.log('No e2e timing report: the browser step wrote no JSON report.');
  process.exit(0);
}
const PHASES = ['stack', 'app server', 'browser', 'sign-up', 'setting'];
const phases = new Map(); // file → phase → ms
if (timingsFile && existsSync(timingsFile)) {
  for (const line of readFileSync(timingsFile, 'utf8').split('\n').filter(Boolean)) {
    const { file, phase, ms } = JSON.parse(line);
    const of = phases.get(file) ?? new Map();
    of.set(phase, (of.get(phase) ?? 0) + ms);
    phases.set(file, of);
  }
}

const seconds = (ms) => (ms / 1000).toFixed(1);
// A file's whole time, hooks included, as the setup file measured it (else vitest's, tests only).
const files = report.testResults.map((result) => {
  const name = relative(process.cwd(), result.name);
  return {
    name,
    ms: phases.get(name)?.get('file') ?? result.endTime - result.startTime,
    tests: result.assertionResults,
  };
});
const summed = files.reduce((sum, f) => sum + f.ms, 0);
const phaseTotals = PHASES.map((phase) => [...phases.values()].reduce((sum, of) => sum + (of.get(phase) ?? 0), 0));

console.log(`\n━━ e2e timing: ${files.length} files, ${seconds(summed)} s summed over the workers`);
console.log(`   setup over all files: ${PHASES.map((p, i) => `${p} ${seconds(phaseTotals[i])} s`).join(' · ')}`);
const header = ['file', 'total', ...PHASES, 'rest'];
const rows = files
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10)
  .map((file) => {
    const of = phases.get(file.name) ?? new Map();
    const setup = PHASES.map((p) => of.get(p) ?? 0);
    const rest = file.ms - setup.reduce((a, b) => a + b, 0);
    return [file.name.replace(/^tests\/e2e\//, ''), ...[file.ms, ...setup, rest].map(seconds)];
  });
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`\n   The 10 slowest files (seconds):\n   ${line(header)}`);
for (const row of rows) console.log(`   ${line(row)}`);

const tests = files.flatMap((file) =>
  file.tests.map((t) => ({ file: file.name.replace(/^tests\/e2e\//, ''), title: t.title, ms: t.duration ?? 0 })),
);
console.log('\n   The 10 slowest tests:');
for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(
    `   ${seconds(t.ms).padStart(6)} s  ${t.file} › ${t.title.length > 90 ? `${t.title.slice(0, 89)}…` : t.title}`,
  );
}

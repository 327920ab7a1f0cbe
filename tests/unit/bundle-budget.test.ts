/**
 * The capture path's budget (issue 30): a production build of the app, and the gzip size of
 * what `/` downloads — the entry and its static imports — against CAPTURE_PATH_BUDGET_KB. A
 * screen, dialog or library pulled onto the first load by a static import fails here, with the
 * chunks named.
 */
import { expect, test } from 'vitest';
import { buildChunks, CAPTURE_PATH_BUDGET_KB, kB, sum } from '../../tools/bundle/capturePath.ts';

test(`the capture path is at most ${CAPTURE_PATH_BUDGET_KB} kB of gzip JavaScript`, async () => {
  const { capture, lazy } = await buildChunks(process.cwd());
  const total = sum(capture, 'gzip') / 1000;
  const chunks = [...capture]
    .sort((a, b) => b.gzip - a.gzip)
    .map((chunk) => `${chunk.file} ${kB(chunk.gzip)} kB`)
    .join('\n');
  expect(lazy.length, 'the screens are lazy chunks').toBeGreaterThan(20);
  expect(
    total,
    `capture path ${total.toFixed(1)} kB gzip, over the budget; its chunks:\n${chunks}`,
  ).toBeLessThanOrEqual(CAPTURE_PATH_BUDGET_KB);
}, 120_000);

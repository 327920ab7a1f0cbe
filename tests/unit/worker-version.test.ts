/** The build a service worker names (src/domain/pwa/workerVersion.ts): its index.html's precache revision. */
import { expect, test } from 'vitest';
import { workerVersion } from '../../src/domain/pwa/workerVersion.ts';

test("the index.html entry's revision, not another file's", () => {
  const precache = [
    { url: 'assets/index-abc.js', revision: null },
    { url: 'icon.svg', revision: '11111111111111111111111111111111' },
    { url: 'index.html', revision: '0123456789abcdef0123456789abcdef' },
  ];
  expect(workerVersion(precache)).toEqual({ version: '0123456789abcdef0123456789abcdef' });
});

test('no index.html in the precache (or a bare URL entry): no version', () => {
  expect(workerVersion([{ url: 'assets/index-abc.js', revision: null }, 'index.html'])).toEqual({ version: null });
  expect(workerVersion([])).toEqual({ version: null });
});

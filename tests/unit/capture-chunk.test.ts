/**
 * The capture chunk's rule (tools/bundle/captureChunk.ts): a module goes into the `capture`
 * chunk only when a chain of static imports leads to it from an entry; a module reached only
 * through a dynamic import (a lazy screen and what it alone imports) is left to automatic
 * chunking, cycles included, and so is every package's module.
 */
import { expect, test } from 'vitest';
import { CAPTURE_CHUNK, captureChunkName } from '../../tools/bundle/captureChunk.ts';

// who imports whom, statically; `lazy` is only imported dynamically (no static importer)
const IMPORTERS: Record<string, string[]> = {
  main: [],
  app: ['main'],
  ui: ['app', 'lazy'],
  lazy: [],
  lazyOnly: ['lazy'],
  cycleA: ['cycleB', 'lazy'],
  cycleB: ['cycleA'],
  loopA: ['loopB', 'app'],
  loopB: ['loopA'],
  '/app/node_modules/kit/index.mjs': ['app'],
};
const graph = {
  getModuleInfo: (id: string) => (id in IMPORTERS ? { isEntry: id === 'main', importers: IMPORTERS[id] } : null),
};

test('the entry and what it imports statically, transitively, go into the capture chunk', () => {
  const onPath = ['main', 'app', 'ui', 'loopA', 'loopB'];
  for (const order of [onPath, [...onPath].reverse()]) {
    const name = captureChunkName(); // whichever module the bundler asks about first
    for (const id of order) expect(name(id, graph), id).toBe(CAPTURE_CHUNK);
  }
});

test('what only lazy chunks import is left to automatic chunking, cycles included', () => {
  const name = captureChunkName();
  for (const id of ['lazy', 'lazyOnly', 'cycleA', 'cycleB', 'unknown']) expect(name(id, graph), id).toBeNull();
});

test('a package is left to automatic chunking, which follows what is used, even imported on the path', () => {
  expect(captureChunkName()('/app/node_modules/kit/index.mjs', graph)).toBeNull();
});

/**
 * The e2e project's setup file, run around each test file's own hooks: names the file for the
 * timing report and measures it whole, hooks included (support/timings.ts), and hands it the
 * worker's shared stack as a new file finds it (support/app.ts), even if the previous file
 * ended without its afterAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { resetShared } from './app.ts';
import { fileTimer } from './timings.ts';

let fileDone: () => void;

// eslint-disable-next-line no-empty-pattern -- vitest hands the suite second, after a destructured context
beforeAll(async ({}, suite) => {
  fileDone = fileTimer(suite.file.filepath);
  await resetShared();
});

// Registered first, so it runs after the file's own afterAll hooks.
afterAll(() => fileDone());

/**
 * The side panel takes a window message only from the app's frame at the app's exact origin
 * (extension/fromAppFrame.ts): each of the two checks refuses on its own.
 */
import { expect, test } from 'vitest';
import { fromAppFrame } from '../../extension/fromAppFrame.ts';

const APP = 'https://app.sidenote.example';
const appFrame = { name: 'the app frame window' };

test('the app frame at the app origin is taken', () => {
  expect(fromAppFrame({ origin: APP, source: appFrame }, appFrame, APP)).toBe(true);
});

test.each([
  ['the app frame, navigated to another origin', { origin: 'https://evil.example', source: appFrame }],
  ['the app frame, at the app host on another port', { origin: `${APP}:8443`, source: appFrame }],
  ['another frame of the app origin', { origin: APP, source: { name: 'a second frame' } }],
  ['the panel itself (no source frame)', { origin: APP, source: null }],
])('%s is refused', (_what, event) => {
  expect(fromAppFrame(event, appFrame, APP)).toBe(false);
});

test('no app frame (not loaded yet): nothing is taken, not even a message without a source', () => {
  expect(fromAppFrame({ origin: APP, source: null }, null, APP)).toBe(false);
});

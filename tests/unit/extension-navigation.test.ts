/** Extension navigation blocking rules (spec 1 §2), as a table. */
import { expect, test } from 'vitest';
import { extensionNavigationTarget } from '../../src/domain/capture/extensionNavigation.ts';
import { classifyLinkedInUrl } from '../../src/domain/linkedin/profileUrl.ts';

const P = 'https://www.linkedin.com/in/jane-doe';
const TO = `/?url=${encodeURIComponent(P)}`;

test.each([
  [P, '/', '', TO],
  [P, '/', `?url=${encodeURIComponent('https://www.linkedin.com/in/other')}`, TO],
  [P, '/', `?url=${encodeURIComponent(P)}`, null],
  [P, '/notion-profile', '?id=abc', TO],
  [P, '/missing-context', '', TO],
  [P, '/not-linked-in', '', TO],
  [P, '/unused-linked-in/', '', TO],
  [P, '/notion-settings', '', null],
  [P, '/new-setting/linkedin-mapping', '', null],
  [P, '/account', '', null],
  [P, '/profile', '', null],
  [P, '/login', '', null],
  [P, '/confirmed', '', null],
  ['https://www.linkedin.com/feed/', '/', '', null],
  ['https://example.com/in/jane', '/', '', null],
  ['garbage', '/', '', null],
])('%s on %s%s → %s', (url, path, search, expected) => {
  expect(extensionNavigationTarget(classifyLinkedInUrl(url), path, search)).toBe(expected);
});

/** Extension navigation (spec 1 §2): where each kind of tab URL leads, and when it is blocked, as a table. */
import { expect, test } from 'vitest';
import { extensionNavigationTarget } from '../../src/domain/capture/extensionNavigation.ts';
import { classifyLinkedInUrl } from '../../src/domain/linkedin/profileUrl.ts';

const P = 'https://www.linkedin.com/in/jane-doe';
const TO = `/?url=${encodeURIComponent(P)}`;
const FEED = 'https://www.linkedin.com/feed/';
const GMAIL = 'https://mail.google.com/mail/u/0/#inbox';
const UNUSED = '/unused-linked-in';
const NOT = '/not-linked-in';
/** Issue 34: a Sales Navigator lead and a member link lead to Root too (which waits for the public link). */
const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAAGz4o8BqL3pZQ1xYvKXr2mN9sTuVwXyZ0,NAME_SEARCH,hX3a';
const MEMBER = 'https://www.linkedin.com/in/ACoAAB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w';
const toRoot = (url: string) => `/?url=${encodeURIComponent(url)}`;

test.each([
  // A profile → Root with its url, from every route that follows the extension.
  [P, '/', '', TO],
  [P, '/', `?url=${encodeURIComponent('https://www.linkedin.com/in/other')}`, TO],
  [P, '/notion-profile', '?id=abc', TO],
  [P, '/missing-context', '', TO],
  [P, '/not-linked-in', '', TO],
  [P, '/unused-linked-in/', '', TO],
  // … blocked when it is the current url query …
  [P, '/', `?url=${encodeURIComponent(P)}`, null],
  // … and off the allowed routes.
  [P, '/notion-settings', '', null],
  [P, '/new-setting/linkedin-mapping', '', null],
  [P, '/account', '', null],
  [P, '/profile', '', null],
  [P, '/login', '', null],
  [P, '/confirmed', '', null],
  [P, '/no-such-screen', '', null],
  // A person's page that is not their profile URL → Root with its url, never UnusedLinkedIn.
  [LEAD, '/', '', toRoot(LEAD)],
  [LEAD, '/notion-profile', '?id=abc', toRoot(LEAD)],
  [LEAD, '/unused-linked-in', '', toRoot(LEAD)],
  [LEAD, '/', `?url=${encodeURIComponent(LEAD)}`, null],
  [LEAD, '/account', '', null],
  [MEMBER, '/notion-profile', '?id=abc', toRoot(MEMBER)],
  // LinkedIn, not a profile → UnusedLinkedIn, NotionProfile included (the panel follows the tab).
  [FEED, '/', '', UNUSED],
  [FEED, '/', `?url=${encodeURIComponent(P)}`, UNUSED],
  [FEED, '/notion-profile', '?id=abc', UNUSED],
  [FEED, '/missing-context', '', UNUSED],
  [FEED, '/not-linked-in', '', UNUSED],
  ['https://www.linkedin.com/in/', '/', '', UNUSED],
  ['https://linkedin.com/company/acme', '/', '', UNUSED],
  [FEED, '/unused-linked-in', '', null],
  [FEED, '/unused-linked-in/', '', null],
  [FEED, '/account', '', null],
  [FEED, '/new-setting/linkedin-mapping', '', null],
  // Any other URL → NotLinkedIn, same rules.
  [GMAIL, '/', '', NOT],
  [GMAIL, '/', `?url=${encodeURIComponent(P)}`, NOT],
  [GMAIL, '/notion-profile', '?id=abc', NOT],
  [GMAIL, '/missing-context', '', NOT],
  [GMAIL, '/unused-linked-in', '', NOT],
  ['https://example.com/in/jane', '/', '', NOT],
  ['garbage', '/', '', NOT],
  [GMAIL, '/not-linked-in', '', null],
  [GMAIL, '/profile', '', null],
  [GMAIL, '/notion-settings', '', null],
])('%s on %s%s → %s', (url, path, search, expected) => {
  expect(extensionNavigationTarget(classifyLinkedInUrl(url), path, search)).toBe(expected);
});

// A tab that shows no LinkedIn page is told as no URL at all (issue 32): the same as any other URL.
test.each([
  ['/', '', NOT],
  ['/notion-profile', '?id=abc', NOT],
  ['/unused-linked-in', '', NOT],
  ['/not-linked-in', '', null],
  ['/account', '', null],
])('no URL (another site) on %s%s → %s', (path, search, expected) => {
  expect(extensionNavigationTarget(null, path, search)).toBe(expected);
});

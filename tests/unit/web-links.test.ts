/** webHref: only an http(s) address becomes a link on the page (a URL value, a file's address). */
import { expect, test } from 'vitest';
import { webHref } from '../../src/domain/notion/webLinks.ts';

test.each([
  ['https://example.com/a b', 'https://example.com/a%20b'],
  ['  http://localhost:3000/x ', 'http://localhost:3000/x'],
])('%j is the link %j', (text, href) => {
  expect(webHref(text)).toBe(href);
});

test.each([
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<b>x</b>',
  'vbscript:x',
  'ftp://a/b',
  'example.com',
  '',
  null,
])('%j is no link', (text) => {
  expect(webHref(text)).toBeNull();
});

/** Which URLs become links to Notion (src/domain/notion/pageLinks.ts). */
import { describe, expect, test } from 'vitest';
import { notionHref, notionPageUrl, openInNotionHref } from '../../src/domain/notion/pageLinks.ts';

describe('notionHref', () => {
  test.each([
    'https://www.notion.so/Jane-Doe-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
    'https://www.notion.so/acme/Jane-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e?pvs=4',
    'https://acme.notion.site/Jane-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
    'https://my-team-2.notion.site/x',
  ])('%s is a Notion link', (url) => {
    expect(notionHref(url)).toBe(new URL(url).href);
  });

  test.each([
    ['another host', 'https://evil.example/notion'],
    ['a look-alike host', 'https://www.notion.so.evil.example/page'],
    ['a look-alike site', 'https://acme.notion.site.evil.example/page'],
    ['notion.site itself', 'https://notion.site/page'],
    ['a nested site subdomain', 'https://a.b.notion.site/page'],
    ['plain http', 'http://www.notion.so/page'],
    ['javascript:', 'javascript:alert(1)//https://www.notion.so'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['credentials', 'https://user:pass@www.notion.so/page'],
    ['a port', 'https://www.notion.so:8443/page'],
    ['a relative path', '/notion-profile?id=1'],
    ['protocol-relative', '//evil.example/x'],
    ['empty', ''],
    ['missing', undefined],
  ])('%s (%s) is no link', (_what, url) => {
    expect(notionHref(url)).toBeUndefined();
  });
});

describe('notionPageUrl', () => {
  test('a page id, with or without dashes, gives its www.notion.so address', () => {
    expect(notionPageUrl('0F5E2D7A-9C8B-4B1E-8F3A-2D1C0B9A8F7E')).toBe(
      'https://www.notion.so/0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
    );
    expect(notionPageUrl('0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e')).toBe(
      'https://www.notion.so/0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
    );
  });

  test.each(['', 'not-an-id', '../../evil', '0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e/../x'])('%j gives none', (id) => {
    expect(notionPageUrl(id)).toBeUndefined();
  });
});

/** The "Open in Notion" link of /notion-profile, from its `notionUrl` query before Notion answers (issue 13). */
describe('openInNotionHref', () => {
  const PAGE_ID = '0f5e2d7a-9c8b-4b1e-8f3a-2d1c0b9a8f7e';
  const PAGE_ADDRESS = 'https://www.notion.so/0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e';

  test.each([
    ['a notionUrl on another host: the page id’s address', 'https://evil.example/login', PAGE_ID, PAGE_ADDRESS],
    ['no notionUrl: the page id’s address', null, PAGE_ID, PAGE_ADDRESS],
    ['javascript: with a bad id: no link', 'javascript:alert(document.cookie)', 'not-an-id', undefined],
    ['a look-alike host with a bad id: no link', 'https://www.notion.so.evil.example/x', 'not-an-id', undefined],
    [
      'a notion.site page address: the link itself',
      'https://acme.notion.site/Jane-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
      PAGE_ID,
      'https://acme.notion.site/Jane-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
    ],
    [
      'a www.notion.so page address: the link itself, even with a bad id',
      'https://www.notion.so/Jane-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
      'not-an-id',
      'https://www.notion.so/Jane-0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e',
    ],
  ])('%s', (_what, candidate, pageId, href) => {
    expect(openInNotionHref(candidate, pageId)).toBe(href);
  });
});

/**
 * The LinkedIn media rule and the proxy's check of a file import in Deno, as notion-proxy loads
 * them (supabase/functions/_shared/linkedin-media.ts, notion-proxy/file-uploads.ts; issue 34);
 * and the person pages of the shared URL rule (tests/tables/linkedin-person-pages.ts), which
 * get-profile-data-by-url refuses as profiles. Run with `npm run test:functions`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isLinkedInMediaUrl } from '../../supabase/functions/_shared/linkedin-media.ts';
import { classifyLinkedInUrl, parseProfileUrl } from '../../supabase/functions/_shared/linkedin-profile-url.ts';
import { fileUploadBodyRefusal } from '../../supabase/functions/notion-proxy/file-uploads.ts';
import { PERSON_PAGE_URLS } from '../tables/linkedin-person-pages.ts';

const AVATAR = 'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/17?e=1&t=x';

for (const [url, expected] of [
  [AVATAR, true],
  ['https://static.licdn.com/aero-v1/sc/h/ghost.svg', true],
  ['https://licdn.com/a.jpg', true],
  ['http://media.licdn.com/a.jpg', false],
  ['https://media.licdn.com:8443/a.jpg', false],
  ['https://user:pw@media.licdn.com/a.jpg', false],
  ['https://media.licdn.com.evil.example/a.jpg', false],
  ['https://evillicdn.com/a.jpg', false],
  ['https://169.254.169.254/latest/meta-data', false],
  ['not a url', false],
] as const) {
  test(`LinkedIn media: ${url} → ${expected}`, () => assert.equal(isLinkedInMediaUrl(url), expected));
}

test('the proxy forwards only an import of a LinkedIn media URL', () => {
  const body = (fields: Record<string, unknown>) => JSON.stringify(fields);
  const ok = body({ mode: 'external_url', external_url: AVATAR, filename: 'linkedin-avatar.jpg' });
  assert.equal(fileUploadBodyRefusal('POST', '/file_uploads', ok), undefined);
  for (const refused of [
    body({ mode: 'external_url', external_url: 'https://evil.example/a.jpg', filename: 'a.jpg' }),
    body({ mode: 'single_part', filename: 'a.jpg' }),
    body({ mode: 'external_url', external_url: AVATAR, filename: '' }),
    body({ mode: 'external_url', external_url: AVATAR, filename: 'a.jpg', extra: 1 }),
    'not json',
    undefined,
  ])
    assert.notEqual(fileUploadBodyRefusal('POST', '/file_uploads', refused), undefined);
  assert.equal(fileUploadBodyRefusal('POST', '/pages', 'anything'), undefined);
  assert.equal(fileUploadBodyRefusal('GET', '/file_uploads/abc', undefined), undefined);
});

for (const [url, page, memberId] of PERSON_PAGE_URLS) {
  test(`person page ${url} → ${page}, not a profile`, () => {
    assert.deepEqual(classifyLinkedInUrl(url), { kind: 'person-page', raw: url, page, memberId });
    assert.equal(parseProfileUrl(url), null);
  });
}

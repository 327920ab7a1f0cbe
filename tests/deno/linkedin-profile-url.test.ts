/**
 * The profile-URL rule in Deno, as the get-profile-data-by-url function loads it
 * (supabase/functions/_shared/linkedin-profile-url.ts), over the same table the Node run reads
 * (tests/tables/linkedin-profile-urls.ts). Run with `npm run test:functions` (`deno test`);
 * written against `node:test` / `node:assert`, which Deno provides, so the app's tsc and eslint
 * check it too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  canonicalProfileUrl,
  classifyLinkedInUrl,
  isSameProfile,
  parseProfileUrl,
} from '../../supabase/functions/_shared/linkedin-profile-url.ts';
import { NOT_PROFILE_URLS, PROFILE_URLS, SAME_PROFILE } from '../tables/linkedin-profile-urls.ts';

for (const [input, canonical] of PROFILE_URLS) {
  test(`profile ${JSON.stringify(input)} → ${canonical}`, () => {
    const parsed = classifyLinkedInUrl(input);
    assert.equal(parsed.kind, 'profile');
    assert.equal(parsed.raw, input);
    assert.equal(parseProfileUrl(input)?.canonical, canonical);
    assert.equal(canonicalProfileUrl(canonical), canonical);
  });
}

for (const [input, kind] of NOT_PROFILE_URLS) {
  test(`not a profile ${JSON.stringify(input)} → ${kind}`, () => {
    assert.deepEqual(classifyLinkedInUrl(input), { kind, raw: input });
    assert.equal(parseProfileUrl(input), null);
  });
}

for (const [a, b, same] of SAME_PROFILE) {
  test(`${JSON.stringify(a)} names ${JSON.stringify(b)}: ${same}`, () => {
    const profile = parseProfileUrl(b);
    assert.equal(profile !== null && isSameProfile(a, profile), same);
  });
}

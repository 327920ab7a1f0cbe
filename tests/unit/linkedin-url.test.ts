/**
 * LinkedIn URL recognition and canonical form (issue 7), the Node run of the rule shared with
 * the edge function: the table (tests/tables/linkedin-profile-urls.ts) is also run in Deno
 * (tests/deno/linkedin-profile-url.test.ts). Then the lookup fragments, which only the app uses.
 */
import { describe, expect, test } from 'vitest';
import {
  canonicalProfileUrl,
  classifyLinkedInUrl,
  isSameProfile,
  parseProfileUrl,
  type ProfileUrl,
} from '../../src/domain/linkedin/profileUrl.ts';
import { MIN_ANCHOR_CHARS, profileUrlFragments } from '../../src/domain/linkedin/profileUrlFragments.ts';
import { NOT_PROFILE_URLS, PROFILE_URLS, SAME_PROFILE } from '../tables/linkedin-profile-urls.ts';
import { NOT_PERSON_PAGE_URLS, PERSON_PAGE_URLS } from '../tables/linkedin-person-pages.ts';

const JANE = 'https://www.linkedin.com/in/jane-doe';
const profiles = PROFILE_URLS;
const profile = (raw: string): ProfileUrl => parseProfileUrl(raw)!;
const sameProfile = (stored: string, canonical: string) => isSameProfile(stored, profile(canonical));

describe('LinkedIn profile URLs → canonical form', () => {
  test.each(profiles)('%s → %s', (input, canonical) => {
    const parsed = classifyLinkedInUrl(input);
    expect(parsed.kind).toBe('profile');
    expect(parsed.raw).toBe(input);
    expect(parseProfileUrl(input)?.canonical).toBe(canonical);
    // canonical is a fixed point
    expect(canonicalProfileUrl(canonical)).toBe(canonical);
  });

  test('at least 30 profile variants are covered, some non-ASCII', () => {
    expect(profiles.length).toBeGreaterThanOrEqual(30);
    expect(profiles.filter(([input]) => /[^\x20-\x7e]/.test(input)).length).toBeGreaterThanOrEqual(5);
  });
});

describe('URLs that are not profiles', () => {
  test.each(NOT_PROFILE_URLS)('%j → %s', (input, kind) => {
    expect(classifyLinkedInUrl(input)).toEqual({ kind, raw: input });
    expect(parseProfileUrl(input)).toBeNull();
  });
});

describe('isSameProfile', () => {
  test.each(SAME_PROFILE)('%j names %j: %s', (a, b, same) => {
    const named = parseProfileUrl(b);
    expect(named !== null && isSameProfile(a, named)).toBe(same);
  });
});

describe('the lookup fragments', () => {
  /** As the Notion sandbox (and Notion) evaluates `contains`: case-insensitively. */
  const matches = (stored: string, canonical: string) =>
    profileUrlFragments(profile(canonical)).some((parts) =>
      parts.every((fragment) => stored.toLowerCase().includes(fragment.toLowerCase())),
    );

  test('every stored variant matches one alternative of the fragments', () => {
    for (const [input, canonical] of profiles) {
      if (input.includes('//in//') || input.includes(':443') || input.includes('%6A')) {
        continue; // not byte-identical to any fragment; such stored variants are out of scope
      }
      expect(
        matches(input.trim(), canonical),
        `${input} vs ${JSON.stringify(profileUrlFragments(profile(canonical)))}`,
      ).toBe(true);
    }
  });

  test.each([
    ['hex digits in mixed case', 'https://www.linkedin.com/in/j%C3%bcrgen-m%c3%BCller', 'jürgen-müller'],
    ['ü lower, Ü upper', 'https://www.linkedin.com/in/j%C3%BCrgen-M%C3%9Cller', 'jürgen-müller'],
    ['Ü upper, ü lower', 'https://www.linkedin.com/in/J%C3%9Crgen-m%C3%BCller/', 'jürgen-müller'],
    ['leading É, then é', 'http://fr.linkedin.com/in/%C3%89milie-Cl%C3%A9ment?trk=x', 'émilie-clément'],
    ['decoded, mixed case', 'https://www.linkedin.com/in/JÜrgen-mÜller', 'jürgen-müller'],
    [
      'Cyrillic, Title-Case',
      'https://www.linkedin.com/in/%D0%98%D0%B2%D0%B0%D0%BD-%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2',
      'иван-петров',
    ],
    ['Cyrillic, upper case', 'https://www.linkedin.com/in/%D0%98%D0%92%D0%90%D0%9D', 'иван'],
    ['Chinese, lower-case hex', 'https://www.linkedin.com/in/%e7%8e%8b%e5%b0%8f%e6%98%8e', '王小明'],
  ])('a stored slug encoded with %s is matched', (_name, stored, slug) => {
    const canonical = canonicalProfileUrl(`https://www.linkedin.com/in/${slug}`)!;
    expect(sameProfile(stored, canonical)).toBe(true);
    expect(matches(stored, canonical)).toBe(true);
  });

  test('a slug with cased non-ASCII letters and ASCII runs is matched by its runs, all present', () => {
    expect(profileUrlFragments(profile('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller'))).toEqual([
      ['linkedin.com/in/jürgen-müller'],
      ['linkedin.com/in/j', 'rgen-m', 'ller'],
    ]);
    expect(
      matches('https://www.linkedin.com/in/jorgen-miller', 'https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller'),
    ).toBe(
      true, // a candidate only: sameProfile rejects it
    );
    expect(
      sameProfile('https://www.linkedin.com/in/jorgen-miller', 'https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller'),
    ).toBe(false);
  });

  const encodedSlug = (slug: string) => `linkedin.com/in/${encodeURIComponent(slug)}`;

  test.each([
    ['иван-петров-a', ['иван-петров-a', 'ИВАН-ПЕТРОВ-A', 'Иван-Петров-A']],
    ['é-ab', ['é-ab', 'É-Ab']], // upper and Title-Case differ only in ASCII case: one alternative
    ['ü-a-ö-b-ä-c', ['ü-a-ö-b-ä-c', 'Ü-A-Ö-B-Ä-C']],
  ])('%s: no run has 3 characters besides hyphens → lower, upper and Title-Case encodings', (slug, cased) => {
    const canonical = canonicalProfileUrl(`https://www.linkedin.com/in/${slug}`)!;
    expect(profileUrlFragments(profile(canonical))).toEqual([
      [`linkedin.com/in/${slug}`],
      ...cased.map((c) => [encodedSlug(c)]),
    ]);
  });

  test('the longest run decides, not the runs put together: one run of 3 anchors', () => {
    expect(profileUrlFragments(profile('https://www.linkedin.com/in/%C3%A9-ab-%C3%A9abc'))).toEqual([
      ['linkedin.com/in/é-ab-éabc'],
      ['linkedin.com/in/', '-ab-', 'abc'],
    ]);
  });

  test('every encoded alternative is selective: the whole slug, or a part of 3+ characters besides hyphens', () => {
    const prefix = 'linkedin.com/in/';
    for (const slug of ['иван-петров-a', 'jürgen-müller', 'é-ab', 'ü-a-ö', 'anna-ölund', 'x-ü-y', 'ÿ', 'éé-é']) {
      const canonical = canonicalProfileUrl(`https://www.linkedin.com/in/${slug}`)!;
      for (const parts of profileUrlFragments(profile(canonical))) {
        const wholeSlug = parts.length === 1 && parts[0].length > prefix.length;
        const selective = parts.some((part) => part.replace(prefix, '').replace(/-/g, '').length >= MIN_ANCHOR_CHARS);
        expect(wholeSlug || selective, `${slug}: ${JSON.stringify(parts)}`).toBe(true);
        expect(
          parts.slice(1).every((part) => part.replace(/-/g, '') !== ''),
          `${slug}: hyphen-only part`,
        ).toBe(true);
      }
    }
  });

  test('an ASCII slug is one fragment', () => {
    expect(profileUrlFragments(profile(JANE))).toEqual([['linkedin.com/in/jane-doe']]);
  });
});

describe('pages about one person that are not their profile URL (issue 34)', () => {
  test.each(PERSON_PAGE_URLS)('%s → %s %s', (input, page, memberId) => {
    expect(classifyLinkedInUrl(input)).toEqual({ kind: 'person-page', raw: input, page, memberId });
    expect(parseProfileUrl(input)).toBeNull();
  });

  test.each(NOT_PERSON_PAGE_URLS)('%s stays %s', (input, kind) => {
    expect(classifyLinkedInUrl(input).kind).toBe(kind);
  });
});

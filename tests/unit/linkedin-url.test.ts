/**
 * LinkedIn URL recognition and canonical form (issue 7): a table of variants, including
 * non-ASCII slugs, each with the kind it must be classified as and its canonical URL.
 */
import { describe, expect, test } from 'vitest';
import {
  canonicalProfileUrl,
  classifyLinkedInUrl,
  MIN_ANCHOR_CHARS,
  profileUrlFragments,
  sameProfile,
} from '../../src/domain/linkedin/profileUrl.ts';

const JANE = 'https://www.linkedin.com/in/jane-doe';
const ELOISE = 'https://www.linkedin.com/in/%C3%A9lo%C3%AFse-dupr%C3%A9';

const profiles: [string, string][] = [
  ['https://www.linkedin.com/in/jane-doe', JANE],
  ['https://www.linkedin.com/in/jane-doe/', JANE],
  ['http://www.linkedin.com/in/jane-doe', JANE],
  ['https://linkedin.com/in/jane-doe', JANE],
  ['https://fr.linkedin.com/in/jane-doe', JANE],
  ['https://de.linkedin.com/in/jane-doe/', JANE],
  ['https://m.linkedin.com/in/jane-doe', JANE],
  ['https://WWW.LinkedIn.COM/in/jane-doe', JANE],
  ['https://www.linkedin.com/in/Jane-Doe', JANE],
  ['https://www.linkedin.com/IN/JANE-DOE', JANE],
  ['https://www.linkedin.com/in/jane-doe?trk=public_profile', JANE],
  ['https://www.linkedin.com/in/jane-doe/?originalSubdomain=fr', JANE],
  ['https://www.linkedin.com/in/jane-doe#experience', JANE],
  ['https://www.linkedin.com/in/jane-doe/?trk=a&b=c#x', JANE],
  ['www.linkedin.com/in/jane-doe', JANE],
  ['linkedin.com/in/jane-doe/', JANE],
  ['  https://www.linkedin.com/in/jane-doe  ', JANE],
  ['https://www.linkedin.com//in//jane-doe//', JANE],
  ['https://www.linkedin.com/in/jane-doe/details/experience/', JANE],
  ['https://www.linkedin.com/in/jane-doe/overlay/contact-info/', JANE],
  ['https://www.linkedin.com:443/in/jane-doe', JANE],
  ['https://www.linkedin.com/in/%6A%61%6E%65-doe', JANE],
  ['https://www.linkedin.com/in/éloïse-dupré', ELOISE],
  ['https://www.linkedin.com/in/%C3%A9lo%C3%AFse-dupr%C3%A9', ELOISE],
  ['https://www.linkedin.com/in/%c3%a9lo%c3%afse-dupr%c3%a9/', ELOISE],
  ['https://fr.linkedin.com/in/%C3%89LO%C3%8FSE-DUPR%C3%89', ELOISE],
  ['https://www.linkedin.com/in/ÉLOÏSE-DUPRÉ?trk=x', ELOISE],
  // hex digits in mixed case, and non-ASCII letters in mixed case (Éloïse, Dupré)
  ['https://www.linkedin.com/in/%C3%a9lo%c3%AFse-dupr%C3%A9', ELOISE],
  ['https://www.linkedin.com/in/%C3%89lo%C3%AFse-Dupr%C3%A9', ELOISE],
  // decomposed (NFD) "é" = e + U+0301
  ['https://www.linkedin.com/in/e\u0301loi\u0308se-dupre\u0301', ELOISE],
  [
    'https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E',
    'https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E',
  ],
  ['https://www.linkedin.com/in/王小明/', 'https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E'],
  ['https://www.linkedin.com/in/jürgen-müller-123a4b', 'https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-123a4b'],
  ['https://www.linkedin.com/in/%D0%B8%D0%B2%D0%B0%D0%BD', 'https://www.linkedin.com/in/%D0%B8%D0%B2%D0%B0%D0%BD'],
  ['https://www.linkedin.com/in/ИВАН', 'https://www.linkedin.com/in/%D0%B8%D0%B2%D0%B0%D0%BD'],
  ['https://www.linkedin.com/in/%D0%98%D0%B2%D0%B0%D0%BD', 'https://www.linkedin.com/in/%D0%B8%D0%B2%D0%B0%D0%BD'],
  [
    'https://www.linkedin.com/in/J%C3%BCrgen-M%C3%9Cller-123A4B',
    'https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-123a4b',
  ],
  ['https://www.linkedin.com/in/john_smith.1', 'https://www.linkedin.com/in/john_smith.1'],
  ['https://www.linkedin.com/in/100%25-sales', 'https://www.linkedin.com/in/100%25-sales'],
  ['https://www.linkedin.com/in/bad%E0%A4%A', 'https://www.linkedin.com/in/bad%25e0%25a4%25a'],
];

const others: [string, string][] = [
  ['', 'unparsable'],
  ['   ', 'unparsable'],
  ['not a url', 'unparsable'],
  ['http://', 'unparsable'],
  ['https://exa mple.com/in/x', 'unparsable'],
  ['ftp://www.linkedin.com/in/jane-doe', 'unparsable'],
  ['javascript:alert(1)', 'unparsable'],
  ['localhost', 'unparsable'],
  ['https://www.google.com/search?q=linkedin.com/in/jane', 'not-linkedin'],
  ['https://linkedin.com.evil.example/in/jane-doe', 'not-linkedin'],
  ['https://notlinkedin.com/in/jane-doe', 'not-linkedin'],
  ['https://example.com/in/jane-doe', 'not-linkedin'],
  ['https://www.linkedin.com/', 'linkedin-other'],
  ['https://www.linkedin.com/feed/', 'linkedin-other'],
  ['https://www.linkedin.com/in/', 'linkedin-other'],
  ['https://www.linkedin.com/company/acme', 'linkedin-other'],
  ['https://www.linkedin.com/jobs/view/123', 'linkedin-other'],
  ['https://www.linkedin.com/search/results/people/?keywords=in', 'linkedin-other'],
  ['https://www.linkedin.com/inbox/jane-doe', 'linkedin-other'],
];

describe('LinkedIn profile URLs → canonical form', () => {
  test.each(profiles)('%s → %s', (input, canonical) => {
    const parsed = classifyLinkedInUrl(input);
    expect(parsed.kind).toBe('profile');
    expect(canonicalProfileUrl(input)).toBe(canonical);
    // canonical is a fixed point
    expect(canonicalProfileUrl(canonical)).toBe(canonical);
  });

  test('at least 30 profile variants are covered, some non-ASCII', () => {
    expect(profiles.length).toBeGreaterThanOrEqual(30);
    expect(profiles.filter(([input]) => /[^\x20-\x7e]/.test(input)).length).toBeGreaterThanOrEqual(5);
  });
});

describe('URLs that are not profiles', () => {
  test.each(others)('%j → %s', (input, kind) => {
    expect(classifyLinkedInUrl(input).kind).toBe(kind);
    expect(canonicalProfileUrl(input)).toBeNull();
  });
});

describe('sameProfile and the lookup fragments', () => {
  test('variants of one person match, different people do not', () => {
    expect(sameProfile('http://fr.linkedin.com/in/Jane-Doe/?trk=x', JANE)).toBe(true);
    expect(sameProfile('https://www.linkedin.com/in/jane-doe-2', JANE)).toBe(false);
    expect(sameProfile('https://www.linkedin.com/feed', 'https://www.linkedin.com/feed')).toBe(false);
  });

  /** As the Notion sandbox (and Notion) evaluates `contains`: case-insensitively. */
  const matches = (stored: string, canonical: string) =>
    profileUrlFragments(canonical).some((parts) =>
      parts.every((fragment) => stored.toLowerCase().includes(fragment.toLowerCase())),
    );

  test('every stored variant matches one alternative of the fragments', () => {
    for (const [input, canonical] of profiles) {
      if (input.includes('//in//') || input.includes(':443') || input.includes('%6A')) {
        continue; // not byte-identical to any fragment; such stored variants are out of scope
      }
      expect(matches(input.trim(), canonical), `${input} vs ${JSON.stringify(profileUrlFragments(canonical))}`).toBe(
        true,
      );
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
    expect(profileUrlFragments('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller')).toEqual([
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
    expect(profileUrlFragments(canonical)).toEqual([
      [`linkedin.com/in/${slug}`],
      ...cased.map((c) => [encodedSlug(c)]),
    ]);
  });

  test('the longest run decides, not the runs put together: one run of 3 anchors', () => {
    expect(profileUrlFragments('https://www.linkedin.com/in/%C3%A9-ab-%C3%A9abc')).toEqual([
      ['linkedin.com/in/é-ab-éabc'],
      ['linkedin.com/in/', '-ab-', 'abc'],
    ]);
  });

  test('every encoded alternative is selective: the whole slug, or a part of 3+ characters besides hyphens', () => {
    const prefix = 'linkedin.com/in/';
    for (const slug of ['иван-петров-a', 'jürgen-müller', 'é-ab', 'ü-a-ö', 'anna-ölund', 'x-ü-y', 'ÿ', 'éé-é']) {
      const canonical = canonicalProfileUrl(`https://www.linkedin.com/in/${slug}`)!;
      for (const parts of profileUrlFragments(canonical)) {
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
    expect(profileUrlFragments(JANE)).toEqual([['linkedin.com/in/jane-doe']]);
  });

  test('fragments of a non-profile URL are empty', () => {
    expect(profileUrlFragments('https://www.linkedin.com/feed')).toEqual([]);
  });
});

/**
 * The profile-URL rule's table (supabase/functions/_shared/linkedin-profile-url.ts), read by
 * the Node run (tests/unit/linkedin-url.test.ts, vitest) and the Deno run
 * (tests/deno/linkedin-profile-url.test.ts, `npm run test:functions`): one table, two runtimes.
 * Pure data, no imports, so both load it.
 */

const JANE = 'https://www.linkedin.com/in/jane-doe';
const ELOISE = 'https://www.linkedin.com/in/%C3%A9lo%C3%AFse-dupr%C3%A9';

/** Profile URLs, each with its canonical form. */
export const PROFILE_URLS: [input: string, canonical: string][] = [
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

/** URLs that are not profiles, with the kind each must be classified as. */
export const NOT_PROFILE_URLS: [input: string, kind: 'unparsable' | 'not-linkedin' | 'linkedin-other'][] = [
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

/** Pairs of strings and whether they name the same profile. */
export const SAME_PROFILE: [a: string, b: string, same: boolean][] = [
  ['http://fr.linkedin.com/in/Jane-Doe/?trk=x', JANE, true],
  ['https://www.linkedin.com/in/jane-doe-2', JANE, false],
  ['https://www.linkedin.com/in/jane', JANE, false],
  ['https://www.linkedin.com/in/j%C3%BCrgen-M%C3%9Cller', 'https://www.linkedin.com/in/jürgen-müller', true],
  ['https://www.linkedin.com/in/jorgen-miller', 'https://www.linkedin.com/in/jürgen-müller', false],
  ['https://www.linkedin.com/feed', 'https://www.linkedin.com/feed', false],
  ['', JANE, false],
];

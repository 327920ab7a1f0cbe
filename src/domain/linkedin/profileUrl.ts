/**
 * LinkedIn URLs (spec 1 §2, spec 2 §5): parse, recognise a profile page (`/in/<slug>`), and a
 * canonical form so one person saved under any variant of their URL is found again.
 *
 * Canonical form: `https://www.linkedin.com/in/<slug>` — https, `www.` host, no country or
 * mobile subdomain, no query or fragment, no trailing slash or sub-page, the slug lower-cased,
 * Unicode NFC-normalised and percent-encoded once (upper-case hex, as `encodeURIComponent`).
 */

export const LINKEDIN_HOST = 'linkedin.com';
const CANONICAL_ORIGIN = 'https://www.linkedin.com';

export type LinkedInUrl =
  | { kind: 'unparsable' }
  | { kind: 'not-linkedin'; url: URL }
  | { kind: 'linkedin-other'; url: URL }
  | { kind: 'profile'; url: URL; slug: string; canonical: string };

/** Parses a URL as a user or the extension gives it; a missing scheme means https. */
export function parseUrl(input: string): URL | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url;
  } catch {
    return null;
  }
}

/** linkedin.com itself or any of its subdomains (www, fr, de, m, …). */
export function isLinkedInHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === LINKEDIN_HOST || host.endsWith(`.${LINKEDIN_HOST}`);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The slug as a person reads it: decoded, NFC, lower case. */
export function normaliseSlug(rawSegment: string): string {
  return safeDecode(rawSegment).normalize('NFC').toLowerCase();
}

/** Classifies a URL: unparsable, not LinkedIn, LinkedIn but not a profile, or a profile. */
export function classifyLinkedInUrl(input: string): LinkedInUrl {
  const url = parseUrl(input);
  if (!url) return { kind: 'unparsable' };
  if (!isLinkedInHost(url.hostname)) return { kind: 'not-linkedin', url };
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (segments[0]?.toLowerCase() !== 'in' || segments.length < 2) return { kind: 'linkedin-other', url };
  const slug = normaliseSlug(segments[1]);
  if (slug === '') return { kind: 'linkedin-other', url };
  return { kind: 'profile', url, slug, canonical: `${CANONICAL_ORIGIN}/in/${encodeURIComponent(slug)}` };
}

/** True for a LinkedIn profile page URL. */
export function isProfileUrl(input: string): boolean {
  return classifyLinkedInUrl(input).kind === 'profile';
}

/** The canonical profile URL, or null when the input is not a profile URL. */
export function canonicalProfileUrl(input: string): string | null {
  const parsed = classifyLinkedInUrl(input);
  return parsed.kind === 'profile' ? parsed.canonical : null;
}

/** True when two URLs name the same LinkedIn profile. */
export function sameProfile(a: string, b: string): boolean {
  const ca = canonicalProfileUrl(a);
  return ca !== null && ca === canonicalProfileUrl(b);
}

/** A letter outside ASCII whose upper and lower case differ (ü/Ü): its percent-encoding changes with case. */
const isCasedNonAscii = (char: string) => char > '\x7f' && char.toLowerCase() !== char.toUpperCase();

/** The slug's runs between cased non-ASCII letters ("jürgen-müller" → "j", "rgen-m", "ller"). */
function runsBetweenCasedLetters(slug: string): string[] {
  const runs = [''];
  for (const char of slug) {
    if (isCasedNonAscii(char)) runs.push('');
    else runs[runs.length - 1] += char;
  }
  return runs;
}

/**
 * Fewest characters, hyphens not counted, that the longest encoded run between cased non-ASCII
 * letters needs for the anchored form to be selective: `иван-петров-a` leaves only `-` and `-a`,
 * which are in nearly every URL.
 */
export const MIN_ANCHOR_CHARS = 3;

/** How selective a run is: its length without hyphens. */
const selectiveLength = (run: string) => run.replace(/-/g, '').length;

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first.toUpperCase() + rest.join('');
    })
    .join('-');

/**
 * What a stored variant of the profile's URL contains, as alternatives of fragments that must
 * all be present (an `or` of `and`s of case-insensitive `contains`, as Notion compares text):
 *
 * - the decoded slug — any letter case, as Notion ignores case;
 * - the percent-encoded slug. Hex digits' case (`%C3%BC` / `%c3%bc`) is ignored too, but a
 *   non-ASCII letter's case changes its bytes (`ü` `%C3%BC`, `Ü` `%C3%9C`), so a slug with such
 *   letters is matched by the encoded runs between them, all present (any mix of cases of those
 *   letters; runs of hyphens only are left out). When even the longest run has fewer than
 *   `MIN_ANCHOR_CHARS` characters besides hyphens (a Cyrillic or Greek slug, `иван-петров-a`),
 *   the slug's lower-case, upper-case and Title-Case encodings are the alternatives instead.
 *
 * Every alternative is a candidate only (`/in/jane` is in `/in/jane-doe`): confirm with
 * `sameProfile`.
 */
export function profileUrlFragments(canonical: string): string[][] {
  const parsed = classifyLinkedInUrl(canonical);
  if (parsed.kind !== 'profile') return [];
  const prefix = `${LINKEDIN_HOST}/in/`;
  const { slug } = parsed;
  const alternatives: string[][] = [[prefix + slug]];
  const runs = runsBetweenCasedLetters(slug).map(encodeURIComponent);
  if (runs.length === 1) {
    alternatives.push([prefix + runs[0]]);
  } else if (Math.max(...runs.map(selectiveLength)) >= MIN_ANCHOR_CHARS) {
    alternatives.push([prefix + runs[0], ...runs.slice(1).filter((run) => selectiveLength(run) > 0)]);
  } else {
    for (const cased of [slug, slug.toUpperCase(), titleCase(slug)])
      alternatives.push([prefix + encodeURIComponent(cased)]);
  }
  const unique = new Map(alternatives.map((parts) => [parts.join('\n').toLowerCase(), parts]));
  return [...unique.values()];
}

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

/**
 * Fragments that every stored variant of one profile's URL contains (case-insensitively):
 * `linkedin.com/in/<slug>` with the slug decoded, and percent-encoded in lower and upper case
 * letters (both hex cases; Notion compares text case-insensitively, but `%C3%A9` and `%C3%89`
 * are different letters). A slug percent-encoded in mixed letter case is not covered. A
 * `contains` match is a candidate only (`/in/jane` is in `/in/jane-doe`): confirm with
 * `sameProfile`.
 */
export function profileUrlFragments(canonical: string): string[] {
  const parsed = classifyLinkedInUrl(canonical);
  if (parsed.kind !== 'profile') return [];
  const encoded = encodeURIComponent(parsed.slug);
  const shouted = encodeURIComponent(parsed.slug.toUpperCase());
  const lowHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  const variants = new Set([parsed.slug, encoded, lowHex(encoded), shouted, lowHex(shouted)]);
  return [...variants].map((slug) => `${LINKEDIN_HOST}/in/${slug}`);
}

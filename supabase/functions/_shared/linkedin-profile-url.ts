/**
 * THE LinkedIn profile-URL rule (spec 1 §2, spec 2 §5 "{host}/in/{slug}", §7), read by both
 * sides: the app (Vite; re-exported by src/domain/linkedin/profileUrl.ts) and the
 * get-profile-data-by-url edge function (Deno). It lives in `_shared` because that is the
 * folder `supabase functions deploy` bundles with every function; so it has no imports and
 * uses nothing beyond `URL`, `encodeURIComponent` and `String.prototype.normalize`.
 *
 * What must stay true:
 * - a URL is classified once, at the boundary where it enters (the extension's messages, the
 *   `?url=` query of `/`, a request's `url` parameter); downstream code passes the typed
 *   value along and never parses the string again;
 * - a profile is a LinkedIn host (linkedin.com or any subdomain: www, fr, m, …) whose path
 *   starts `/in/<slug>` — sub-pages (`/in/<slug>/details/…`), query and fragment are ignored;
 * - the canonical form is `https://www.linkedin.com/in/<slug>`: https, `www.`, no trailing
 *   slash, the slug decoded, NFC-normalised, lower-cased and percent-encoded once (upper-case
 *   hex, as `encodeURIComponent`), so one person saved under any variant is found again;
 * - a page about one person that is not the person's public profile URL (issue 34) is a
 *   `person-page`, never a profile: a Sales Navigator lead (`/sales/lead/ACwAA…,NAME_SEARCH,…`,
 *   or `/sales/people/…`) or a member link (`/in/ACoAA…`, LinkedIn's member id, whose letter
 *   case matters and which no one types). Its public `/in/` link is what the page shows, read
 *   by the extension; the page's id is kept as it came (case and all).
 */

export const LINKEDIN_HOST = 'linkedin.com';
const CANONICAL_ORIGIN = 'https://www.linkedin.com';

declare const profileUrlBrand: unique symbol;

/** A LinkedIn profile URL as classified at the boundary; only `classifyLinkedInUrl` makes one. */
export interface ProfileUrl {
  readonly kind: 'profile';
  /** The URL as it arrived (what a route query or a debug panel shows). */
  readonly raw: string;
  /** Decoded, NFC, lower case: `jürgen-müller`. */
  readonly slug: string;
  /** `https://www.linkedin.com/in/<encoded slug>`: what is stored, looked up and fetched. */
  readonly canonical: string;
  readonly [profileUrlBrand]: true;
}

/** A LinkedIn page about one person whose public profile URL only the page itself can tell. */
export interface PersonPageUrl {
  readonly kind: 'person-page';
  readonly raw: string;
  /** A Sales Navigator lead page, or a profile opened by its member id. */
  readonly page: 'sales-lead' | 'member-link';
  /** The lead's or member's id as the URL has it: `ACwAA…`, `ACoAA…`. */
  readonly memberId: string;
}

/** Any URL as the entry guard needs to tell them apart. */
export type LinkedInUrl =
  | { readonly kind: 'unparsable'; readonly raw: string }
  | { readonly kind: 'not-linkedin'; readonly raw: string }
  | { readonly kind: 'linkedin-other'; readonly raw: string }
  | PersonPageUrl
  | ProfileUrl;

/** Parses a URL as a user or the extension gives it; a missing scheme means https. */
function parseUrl(input: string): URL | null {
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
const normaliseSlug = (rawSegment: string): string => safeDecode(rawSegment).normalize('NFC').toLowerCase();

/** LinkedIn's member ids: `ACoAA…` (a member), `ACwAA…` (a Sales Navigator lead). */
const MEMBER_ID = /^AC[ow]AA[A-Za-z0-9_-]{8,}$/;

/** A Sales Navigator lead (`/sales/lead/<id>,<auth type>,<token>`) or a member link (`/in/<member id>`); else null. */
function personPage(raw: string, segments: string[]): PersonPageUrl | null {
  const [first, second, third] = segments.map(safeDecode);
  const sales = first === 'sales' && (second === 'lead' || second === 'people');
  const memberId = sales ? third?.split(',')[0] : first?.toLowerCase() === 'in' ? second : undefined;
  if (memberId === undefined || !MEMBER_ID.test(memberId)) return null;
  return { kind: 'person-page', raw, page: sales ? 'sales-lead' : 'member-link', memberId };
}

/** Classifies a URL: unparsable, not LinkedIn, LinkedIn but not a profile, a person's page, or a profile. */
export function classifyLinkedInUrl(raw: string): LinkedInUrl {
  const url = parseUrl(raw);
  if (!url) return { kind: 'unparsable', raw };
  if (!isLinkedInHost(url.hostname)) return { kind: 'not-linkedin', raw };
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const person = personPage(raw, segments);
  if (person) return person;
  if (segments[0]?.toLowerCase() !== 'in' || segments.length < 2) return { kind: 'linkedin-other', raw };
  const slug = normaliseSlug(segments[1]);
  if (slug === '') return { kind: 'linkedin-other', raw };
  const canonical = `${CANONICAL_ORIGIN}/in/${encodeURIComponent(slug)}`;
  return { kind: 'profile', raw, slug, canonical } as ProfileUrl;
}

/** The profile a URL names, or null when it is not a profile URL. */
export function parseProfileUrl(raw: string): ProfileUrl | null {
  const parsed = classifyLinkedInUrl(raw);
  return parsed.kind === 'profile' ? parsed : null;
}

/** The canonical profile URL of a string from outside (a stored Notion value), or null. */
export const canonicalProfileUrl = (raw: string): string | null => parseProfileUrl(raw)?.canonical ?? null;

/** True when a stored URL (e.g. a Notion page's value) names `profile`. */
export const isSameProfile = (stored: string, profile: ProfileUrl): boolean =>
  canonicalProfileUrl(stored) === profile.canonical;

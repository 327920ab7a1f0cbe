/**
 * The stored forms of one profile's URL that an exact-match query asks for (issue 13, "A
 * lookup that cannot miss"). Derived from the canonical URL (the one rule,
 * supabase/functions/_shared/linkedin-profile-url.ts), never from a second copy of it.
 *
 * What must stay true:
 * - `exact` lists whole URLs (`equals`): the canonical URL and its siblings — http or https,
 *   with or without `www.`, with or without a trailing slash — each with the slug percent-
 *   encoded as the canonical form has it (upper-case hex), in lower-case hex, and decoded;
 * - `suffixes` (`ends_with`) cover any other subdomain (`fr.`, `de.`, `m.`, …) under either
 *   scheme: `.linkedin.com/in/<slug>` with and without the trailing slash. Anchored at the end,
 *   so `john` never matches `john-1`;
 * - every form is a candidate whose stored value `isSameProfile` confirms (a stored value's
 *   letter case is not assumed: Notion's `equals` case handling is not documented, and a
 *   value these forms miss — a query string, a sub-page, an upper-case slug — is still found
 *   by the `contains` candidates that follow);
 * - no duplicates, and few enough for one compound filter (Notion allows 100): at most 24
 *   exact forms and 6 suffixes.
 */
import type { ProfileUrl } from './profileUrl.ts';

export interface ProfileUrlForms {
  exact: string[];
  suffixes: string[];
}

/** The slug as stored: as the canonical URL encodes it, in lower-case hex, and decoded. */
function slugSpellings(profile: ProfileUrl, encoded: string): string[] {
  const lowerHex = encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  return [...new Set([encoded, lowerHex, profile.slug])];
}

export function profileUrlForms(profile: ProfileUrl): ProfileUrlForms {
  const canonical = new URL(profile.canonical);
  const encoded = canonical.pathname.split('/')[2];
  const host = canonical.hostname;
  const bareHost = host.replace(/^www\./, '');
  const slugs = slugSpellings(profile, encoded);
  const exact: string[] = [];
  for (const scheme of ['https', 'http'])
    for (const name of [host, bareHost])
      for (const slug of slugs) for (const end of ['', '/']) exact.push(`${scheme}://${name}/in/${slug}${end}`);
  const suffixes = slugs.flatMap((slug) => [`.${bareHost}/in/${slug}`, `.${bareHost}/in/${slug}/`]);
  return { exact, suffixes };
}

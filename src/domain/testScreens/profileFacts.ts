/**
 * What the profile test screens show of a fetched profile (spec 2 §2): /linkedin-api-test's
 * simplified card (fullName, headline, city and country, company, education, summary) and the
 * security test's preview (firstName, lastName, headline, location, current company), each a
 * list of [label, value] pairs read from the capture's own simplified profile.
 */
import type { ProfileData } from '../capture/profilePage.ts';

export type Fact = [label: string, value: string];

/** The profile URL field's default: a sample public profile (§2; one the profile-data sandbox knows). */
export const SAMPLE_PROFILE_URL = 'https://www.linkedin.com/in/ada-lovelace/';

/** "City, Country", either alone when the other is missing, or empty. */
export function placeOf(profile: Pick<ProfileData, 'city' | 'country'>): string {
  return [profile.city, profile.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** /linkedin-api-test's card. */
export function profileCardFacts(profile: ProfileData): Fact[] {
  return [
    ['Full name', profile.fullName],
    ['Headline', profile.headline],
    ['Location', placeOf(profile)],
    ['Company', profile.company],
    ['Education', profile.education],
    ['Summary', profile.summary],
  ];
}

/** The security test's preview of a successful call. */
export function securityPreviewFacts(profile: ProfileData): Fact[] {
  return [
    ['First name', profile.firstName],
    ['Last name', profile.lastName],
    ['Headline', profile.headline],
    ['Location', placeOf(profile)],
    ['Current company', profile.company],
  ];
}

/**
 * The security test's configuration diagnostics: whether the backend is configured (its URL,
 * which is public) and whether a session goes with the call — never a key or a token.
 */
export function configDiagnostics(backendUrl: string | undefined, signedIn: boolean): Fact[] {
  return [
    ['Backend URL', backendUrl ? `set (${backendUrl})` : 'not set'],
    ['Edge function', 'get-profile-data-by-url'],
    ['Session', signedIn ? 'present, sent as bearer' : 'none'],
  ];
}

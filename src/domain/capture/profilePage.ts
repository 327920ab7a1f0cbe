/**
 * From a LinkedIn profile to one Notion page, and how to find that page again (spec 2 §3, §4,
 * §7; issue 7). Pure: the data layer sends what these functions build.
 *
 * - `simplifyProfile`: the provider's raw profile → the spec's simplified profile data.
 * - `profilePageProperties`: mapped properties keyed by property id — title for fullName, url
 *   for the profile URL (always the canonical form), rich_text for the others; text longer
 *   than 2000 characters is split into 2000-character text objects, never cut.
 * - the lookup's filters (candidates are confirmed with `isSameProfile` by the caller), each an
 *   `or` of at most 100 conditions nested at most two levels, Notion's limits:
 *   `profileExactFilter` — the stored forms of the URL (`equals`, `ends_with`: no other
 *   person's page matches); `profileCandidateFilter` — any stored variant (`contains`, or `and`s
 *   of them, on the slug fragments; `jane` also matches `jane-doe`); `profileCheckFilter` —
 *   both in one `or`, the check's first request.
 */
import type { ProfileUrl } from '../linkedin/profileUrl.ts';
import { profileUrlForms } from '../linkedin/profileUrlForms.ts';
import { profileUrlFragments } from '../linkedin/profileUrlFragments.ts';
import { PROFILE_FIELDS, type Mapping } from '../settings/mapping.ts';

/** Notion's limit for one text object's content. */
export const NOTION_TEXT_CHUNK = 2000;

export interface ProfileData {
  fullName: string;
  firstName: string;
  lastName: string;
  headline: string;
  summary: string;
  company: string;
  education: string;
  country: string;
  city: string;
  profileUrl: string;
  avatarUrl: string | null;
}

interface RawProfile {
  firstName?: unknown;
  lastName?: unknown;
  headline?: unknown;
  summary?: unknown;
  profilePicture?: unknown;
  fullPositions?: { companyName?: unknown }[];
  educations?: { schoolName?: unknown }[];
  geo?: { country?: unknown; city?: unknown };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Spec 2 §3: firstName, lastName, headline, summary, first company, first school, geo. */
export function simplifyProfile(raw: unknown, canonicalUrl: string): ProfileData {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as RawProfile;
  const firstName = text(r.firstName);
  const lastName = text(r.lastName);
  const avatar = text(r.profilePicture);
  return {
    fullName: [firstName, lastName].filter(Boolean).join(' '),
    firstName,
    lastName,
    headline: text(r.headline),
    summary: text(r.summary),
    company: text(r.fullPositions?.[0]?.companyName),
    education: text(r.educations?.[0]?.schoolName),
    country: text(r.geo?.country),
    city: text(r.geo?.city),
    profileUrl: canonicalUrl,
    avatarUrl: avatar === '' ? null : avatar,
  };
}

/** Splits text into chunks of at most 2000 UTF-16 units without breaking a surrogate pair. */
export function splitText(value: string, size = NOTION_TEXT_CHUNK): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < value.length) {
    let end = Math.min(start + size, value.length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    chunks.push(value.slice(start, end));
    start = end;
  }
  return chunks;
}

const richText = (value: string) => splitText(value).map((content) => ({ type: 'text', text: { content } }));

/** The `properties` of POST pages, keyed by the mapped property ids; unmapped fields skipped. */
export function profilePageProperties(mapping: Mapping, profile: ProfileData): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const { field } of PROFILE_FIELDS) {
    const propertyId = mapping[field];
    if (!propertyId) continue;
    if (field === 'profileUrl') properties[propertyId] = { url: profile.profileUrl };
    else if (field === 'fullName') properties[propertyId] = { title: richText(profile.fullName) };
    else if (profile[field] !== '') properties[propertyId] = { rich_text: richText(profile[field]) };
  }
  return properties;
}

/** POST pages body: parent data source, mapped properties, the avatar as external icon. */
export function profilePageBody(dataSourceId: string, mapping: Mapping, profile: ProfileData): Record<string, unknown> {
  return {
    parent: { type: 'data_source_id', data_source_id: dataSourceId },
    properties: profilePageProperties(mapping, profile),
    ...(profile.avatarUrl ? { icon: { type: 'external', external: { url: profile.avatarUrl } } } : {}),
  };
}

type Filter = Record<string, unknown>;

/** The stored forms of the profile's URL: `equals` whole URLs, `ends_with` any subdomain. */
export function profileExactFilter(urlPropertyId: string, profile: ProfileUrl): { or: Filter[] } {
  const { exact, suffixes } = profileUrlForms(profile);
  return {
    or: [
      ...exact.map((equals) => ({ property: urlPropertyId, url: { equals } })),
      ...suffixes.map((ends_with) => ({ property: urlPropertyId, url: { ends_with } })),
    ],
  };
}

/** Any stored variant of the profile's URL, and every URL the slug prefixes (an `or` of `and`s). */
export function profileCandidateFilter(urlPropertyId: string, profile: ProfileUrl): { or: Filter[] } {
  const contains = (fragment: string) => ({ property: urlPropertyId, url: { contains: fragment } });
  const alternatives = profileUrlFragments(profile).map((parts) =>
    parts.length === 1 ? contains(parts[0]) : { and: parts.map(contains) },
  );
  return { or: alternatives };
}

/** The check's first request: the exact forms and the candidates in one `or`. */
export const profileCheckFilter = (urlPropertyId: string, profile: ProfileUrl): { or: Filter[] } => ({
  or: [...profileExactFilter(urlPropertyId, profile).or, ...profileCandidateFilter(urlPropertyId, profile).or],
});

/**
 * Profile pages in the user's CRM database (spec 2 §4 "Profile check", "Adding"; ARCHITECTURE
 * §3 "Adding a profile is idempotent").
 *
 * What must stay true:
 * - the lookup never answers "absent" without having read every candidate: the exact forms of
 *   the URL and the `contains` candidates in one query first (10 pages: one request whether the
 *   person is there or not, in the common case); when more than 10 match, the exact forms alone
 *   (a slug that prefixes hundreds of others — `john` in `john-1`… — is found in the second
 *   request); then every candidate, 100 a page, oldest created first (an order no edit
 *   changes), until Notion says `has_more: false`. Past `MAX_CANDIDATE_PAGES` the verdict is
 *   `unknown`, never "absent". Candidates are confirmed by canonical URL;
 * - adding never creates a second page for one person, across panels, devices and users: the
 *   add takes the server's claim on (database, canonical URL) (`AddClaims`), looks up again and
 *   creates only if the lookup is `absent` (or `unknown` and the user chose to add anyway); an
 *   add that finds the claim held waits and looks up again until the page shows or the claim
 *   is free. Within one panel a double click joins the running add;
 * - new pages store the canonical URL;
 * - the profile arrives typed (`ProfileUrl`, classified once at the boundary); only the URLs
 *   stored in Notion pages are parsed here, to confirm candidates.
 */
import {
  profileCandidateFilter,
  profileCheckFilter,
  profileExactFilter,
  profilePageBody,
  type ProfileData,
} from '../../domain/capture/profilePage.ts';
import { isSameProfile, type ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { singleFlight } from '../singleFlight.ts';
import type { AddClaims } from '../supabase/profileAddClaims.ts';
import type { Mapping } from '../../domain/settings/mapping.ts';
import { appError } from '../errors/appError.ts';
import type { NotionClient, NotionPage, NotionQueryPage } from './client.ts';

export interface ProfileDatabase {
  notionKey: string;
  databaseId: string;
  mapping: Mapping;
}

export interface FoundProfilePage {
  id: string;
  title: string;
  url: string;
}

type PageApi = Pick<NotionClient, 'queryDatabasePage' | 'createPage'>;

function titleOf(page: NotionPage): string {
  for (const property of Object.values(page.properties ?? {})) {
    if (property.type !== 'title') continue;
    const parts = (property.title as { plain_text?: string; text?: { content?: string } }[] | undefined) ?? [];
    return parts.map((p) => p.plain_text ?? p.text?.content ?? '').join('');
  }
  return '';
}

function urlValueOf(page: NotionPage, urlPropertyId: string): string {
  const property = page.properties[urlPropertyId] ?? Object.values(page.properties).find((p) => p.id === urlPropertyId);
  return typeof property?.url === 'string' ? property.url : '';
}

const found = (page: NotionPage): FoundProfilePage => ({
  id: page.id,
  title: titleOf(page),
  url: page.url ?? `https://www.notion.so/${page.id.replace(/-/g, '')}`,
});

/**
 * A lookup's verdict and the query responses it read, as Notion sent them (debug panels):
 * `found`, `absent` (every candidate read, none is the person) or `unknown` (the candidates
 * went on past `MAX_CANDIDATE_PAGES`: the person may be there, unread).
 */
export type ProfileLookup =
  | { verdict: 'found'; page: FoundProfilePage; responses: NotionQueryPage[] }
  | { verdict: 'absent' | 'unknown'; page: null; responses: NotionQueryPage[] };

/** Page size of the candidate reads (Notion's maximum); the first two queries ask for 10. */
export const CANDIDATE_PAGE_SIZE = 100;
/** Candidate pages read at most (5,000 pages sharing the slug's prefix): past that, `unknown`. */
export const MAX_CANDIDATE_PAGES = 50;

/**
 * The page saved for this profile (any URL variant), or why there is none. One request when
 * the exact forms and the candidates fit in 10 (found or absent); else the exact forms alone
 * (a second request: found, however many pages share the slug's prefix); else every
 * candidate, 100 a page, oldest first, until Notion has no more.
 */
export async function lookupProfilePage(
  api: PageApi,
  target: ProfileDatabase,
  profile: ProfileUrl,
): Promise<ProfileLookup> {
  const urlPropertyId = target.mapping.profileUrl;
  if (!urlPropertyId) throw appError({ kind: 'validation', field: 'mapping' });
  const responses: NotionQueryPage[] = [];
  const read = async (filter: unknown, options: Parameters<PageApi['queryDatabasePage']>[3] = {}) => {
    const response = await api.queryDatabasePage(target.notionKey, target.databaseId, filter, options);
    responses.push(response);
    const match = response.results.find((page) => isSameProfile(urlValueOf(page, urlPropertyId), profile));
    const next = response.has_more ? (response.next_cursor ?? undefined) : undefined;
    return { match, next };
  };
  const first = await read(profileCheckFilter(urlPropertyId, profile));
  if (first.match) return { verdict: 'found', page: found(first.match), responses };
  if (!first.next) return { verdict: 'absent', page: null, responses };
  const exact = await read(profileExactFilter(urlPropertyId, profile));
  if (exact.match) return { verdict: 'found', page: found(exact.match), responses };
  const candidates = profileCandidateFilter(urlPropertyId, profile);
  let startCursor: string | undefined;
  for (let pages = 0; pages < MAX_CANDIDATE_PAGES; pages++) {
    const page = await read(candidates, { pageSize: CANDIDATE_PAGE_SIZE, startCursor, oldestFirst: true });
    if (page.match) return { verdict: 'found', page: found(page.match), responses };
    if (!page.next) return { verdict: 'absent', page: null, responses };
    startCursor = page.next;
  }
  return { verdict: 'unknown', page: null, responses };
}

export const findProfilePage = async (api: PageApi, target: ProfileDatabase, profile: ProfileUrl) =>
  (await lookupProfilePage(api, target, profile)).page;

/** What an add did: found the page, created it, or stopped because the lookup was `unknown`. */
export type AddOutcome = { outcome: 'existing' | 'created'; page: FoundProfilePage } | { outcome: 'unsure' };

/** Pause between two looks while another device holds the claim. */
export const CLAIM_POLL_MS = 1_000;
/** Past a held claim's expiry, how long more the wait goes on before giving up. */
const CLAIM_GRACE_MS = 5_000;

export interface AddOptions {
  /** Create even when the lookup is `unknown` (the user chose to add anyway). */
  addIfUnsure?: boolean;
  /** Told when the add waits for another device's add. */
  onWait?: () => void;
  sleep?: (ms: number) => Promise<void>;
}

const adds = singleFlight<AddOutcome>();
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Adds the profile unless a page for it exists. `profileData` is fetched lazily (only when no
 * page exists), so a retry that finds the page costs no profile-data import.
 */
export function addProfilePage(
  api: PageApi,
  claims: AddClaims,
  target: ProfileDatabase,
  profile: ProfileUrl,
  profileData: () => Promise<ProfileData>,
  { addIfUnsure = false, onWait = () => {}, sleep = pause }: AddOptions = {},
): Promise<AddOutcome> {
  const key = JSON.stringify([target.databaseId, profile.canonical, addIfUnsure]);
  return adds(key, async () => {
    let giveUpAt: number | undefined;
    for (;;) {
      const claim = await claims.claim(target.databaseId, profile.canonical);
      if (claim.granted) return createUnderClaim(api, claims, claim.token, target, profile, profileData, addIfUnsure);
      giveUpAt ??= Date.now() + claim.ttlMs - claim.ageMs + CLAIM_GRACE_MS;
      if (Date.now() > giveUpAt) throw appError({ kind: 'conflict' }, 'Another add of this profile did not finish');
      onWait();
      await sleep(CLAIM_POLL_MS);
      const lookup = await lookupProfilePage(api, target, profile);
      if (lookup.verdict === 'found') return { outcome: 'existing', page: lookup.page };
    }
  });
}

/**
 * Holding the claim: look up, then create. The claim is kept after a create (a late device's
 * add waits and finds the page) and given back otherwise; a give-back that fails is left to
 * the claim's expiry.
 */
async function createUnderClaim(
  api: PageApi,
  claims: AddClaims,
  token: string,
  target: ProfileDatabase,
  profile: ProfileUrl,
  profileData: () => Promise<ProfileData>,
  addIfUnsure: boolean,
): Promise<AddOutcome> {
  const release = () => claims.release(target.databaseId, profile.canonical, token).catch(() => {});
  try {
    const lookup = await lookupProfilePage(api, target, profile);
    if (lookup.verdict === 'found') {
      await release();
      return { outcome: 'existing', page: lookup.page };
    }
    if (lookup.verdict === 'unknown' && !addIfUnsure) {
      await release();
      return { outcome: 'unsure' };
    }
    const data = await profileData();
    const page = await api.createPage(
      target.notionKey,
      profilePageBody(target.databaseId, target.mapping, { ...data, profileUrl: profile.canonical }),
    );
    return { outcome: 'created', page: found(page) };
  } catch (error) {
    await release();
    throw error;
  }
}

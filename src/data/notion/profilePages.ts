/**
 * Profile pages in the user's CRM database (spec 2 §4 "Profile check", "Adding"; ARCHITECTURE
 * §3 "Adding a profile is idempotent").
 *
 * What must stay true:
 * - the existence check is ONE database query (10 candidates) in the common case, whatever
 *   variant of the URL the person was saved under (`profileLookupFilter`); candidates are
 *   confirmed by canonical URL, and while none is confirmed and Notion has more candidates (a
 *   slug that prefixes more than a page of others: `jane` in `jane-doe`, `jane-roe`, …) the
 *   next page is read — at most `MAX_FOLLOW_UP_PAGES` more, `FOLLOW_UP_PAGE_SIZE` each, so a
 *   lookup never pages through the whole database (past that many candidates it answers "not
 *   found");
 * - adding never creates a second page for one person: a lookup by canonical URL runs right
 *   before the create, and the lookup + create run under a lock per (database, canonical URL)
 *   — the Web Locks API across panels of this origin when the browser has it, and always an
 *   in-memory in-flight map within this panel (a double click joins the running add);
 * - new pages store the canonical URL;
 * - the profile arrives typed (`ProfileUrl`, classified once at the boundary); only the URLs
 *   stored in Notion pages are parsed here, to confirm candidates.
 */
import { profileLookupFilter, profilePageBody, type ProfileData } from '../../domain/capture/profilePage.ts';
import { isSameProfile, type ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { singleFlight } from '../singleFlight.ts';
import type { Mapping } from '../../domain/settings/mapping.ts';
import { appError } from '../errors/appError.ts';
import type { NotionClient, NotionPage, NotionQueryPage } from './client.ts';

export interface ProfileDatabase {
  workspaceId: string;
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

/** A lookup's verdict and the query responses it read, as Notion sent them (debug panels). */
export interface ProfileLookup {
  page: FoundProfilePage | null;
  responses: NotionQueryPage[];
}

/** Candidate pages read after the first query, at most (a lookup is at most 1 + this many requests). */
export const MAX_FOLLOW_UP_PAGES = 3;
/** Page size of those follow-up reads (Notion's maximum): the first query asks for 10. */
export const FOLLOW_UP_PAGE_SIZE = 100;

/** The page saved for this profile (any URL variant), or null; one request unless paging. */
export async function lookupProfilePage(
  api: PageApi,
  target: ProfileDatabase,
  profile: ProfileUrl,
): Promise<ProfileLookup> {
  const urlPropertyId = target.mapping.profileUrl;
  if (!urlPropertyId) throw appError({ kind: 'validation', field: 'mapping' });
  const filter = profileLookupFilter(urlPropertyId, profile);
  const responses: NotionQueryPage[] = [];
  let startCursor: string | undefined;
  for (;;) {
    const response = await api.queryDatabasePage(
      target.workspaceId,
      target.databaseId,
      filter,
      startCursor ? { startCursor, pageSize: FOLLOW_UP_PAGE_SIZE } : {},
    );
    responses.push(response);
    const match = response.results.find((page) => isSameProfile(urlValueOf(page, urlPropertyId), profile));
    if (match) return { page: found(match), responses };
    const exhausted = !response.has_more || !response.next_cursor;
    if (exhausted || responses.length > MAX_FOLLOW_UP_PAGES) return { page: null, responses };
    startCursor = response.next_cursor ?? undefined;
  }
}

export const findProfilePage = async (api: PageApi, target: ProfileDatabase, profile: ProfileUrl) =>
  (await lookupProfilePage(api, target, profile)).page;

const adds = singleFlight<{ page: FoundProfilePage; created: boolean }>();

async function withCrossPanelLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(name, work) : work();
}

/**
 * Adds the profile unless a page for it exists. `profileData` is fetched lazily (only when no
 * page exists), so a retry that finds the page costs no profile-data import.
 */
export function addProfilePage(
  api: PageApi,
  target: ProfileDatabase,
  profile: ProfileUrl,
  profileData: () => Promise<ProfileData>,
): Promise<{ page: FoundProfilePage; created: boolean }> {
  const key = `sidenote-add:${target.databaseId}:${profile.canonical}`;
  return adds(key, () =>
    withCrossPanelLock(key, async () => {
      const existing = await findProfilePage(api, target, profile);
      if (existing) return { page: existing, created: false };
      const data = await profileData();
      const page = await api.createPage(
        target.workspaceId,
        profilePageBody(target.databaseId, target.mapping, { ...data, profileUrl: profile.canonical }),
      );
      return { page: found(page), created: true };
    }),
  );
}

/**
 * Finding a profile's page in the user's CRM database (spec 2 §4 "Profile check"; issue 13 "A
 * lookup that cannot miss"): the query reads the setting's data source. Adding one is profileAdd.ts.
 *
 * What must stay true:
 * - the lookup never answers "absent" without having read every candidate: the exact forms of
 *   the URL and the `contains` candidates in one query first (10 pages: one request whether the
 *   person is there or not, in the common case); when more than 10 match, the exact forms alone
 *   (a slug that prefixes hundreds of others — `john` in `john-1`… — is found in the second
 *   request); then every candidate, 100 a page, oldest created first (an order no edit
 *   changes), until Notion says `has_more: false`. Past `MAX_CANDIDATE_PAGES`, or when Notion
 *   says `has_more` without a cursor to read on, the verdict is `unknown`, never "absent".
 *   Candidates are confirmed by canonical URL;
 * - the profile arrives typed (`ProfileUrl`, classified once at the boundary); only the URLs
 *   stored in Notion pages are parsed here, to confirm candidates.
 */
import { notionPageUrl } from '../../domain/notion/pageLinks.ts';
import { profileCandidateFilter, profileCheckFilter, profileExactFilter } from '../../domain/capture/profilePage.ts';
import { isSameProfile, type ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import type { Mapping } from '../../domain/settings/mapping.ts';
import { appError } from '../errors/appError.ts';
import type { NotionClient } from './client.ts';
import type { NotionPage, NotionQueryPage } from './objects.ts';
import { titleText } from '../../domain/notion/valueText.ts';

/** Where the profiles live: the data source a setting names (its database is the container). */
export interface ProfileDatabase {
  workspaceId: string;
  databaseId: string;
  /** The data source queried and written (Notion-Version 2025-09-03 on). */
  dataSourceId: string;
  mapping: Mapping;
}

export interface FoundProfilePage {
  id: string;
  title: string;
  url: string;
}

export type PageApi = Pick<NotionClient, 'queryDataSourcePage' | 'createPage'>;

function urlValueOf(page: NotionPage, urlPropertyId: string): string {
  const property = page.properties[urlPropertyId] ?? Object.values(page.properties).find((p) => p.id === urlPropertyId);
  return typeof property?.url === 'string' ? property.url : '';
}

/** A page as the screens show it (title, Notion link). */
export const foundPage = (page: NotionPage): FoundProfilePage => ({
  id: page.id,
  title: titleText(page.properties),
  url: page.url ?? notionPageUrl(page.id) ?? '',
});

/**
 * A lookup's verdict and the query responses it read, as Notion sent them (debug panels):
 * `found`, `absent` (every candidate read, none is the person) or `unknown` (the candidates
 * went on past `MAX_CANDIDATE_PAGES`, or had more without a cursor: the person may be there,
 * unread).
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
  const read = async (filter: unknown, options: Parameters<PageApi['queryDataSourcePage']>[3] = {}) => {
    const response = await api.queryDataSourcePage(target.workspaceId, target.dataSourceId, filter, options);
    responses.push(response);
    const match = response.results.find((page) => isSameProfile(urlValueOf(page, urlPropertyId), profile));
    return { match, more: response.has_more, next: response.next_cursor ?? undefined };
  };
  const first = await read(profileCheckFilter(urlPropertyId, profile));
  if (first.match) return { verdict: 'found', page: foundPage(first.match), responses };
  if (!first.more) return { verdict: 'absent', page: null, responses };
  const exact = await read(profileExactFilter(urlPropertyId, profile));
  if (exact.match) return { verdict: 'found', page: foundPage(exact.match), responses };
  const candidates = profileCandidateFilter(urlPropertyId, profile);
  let startCursor: string | undefined;
  for (let pages = 0; pages < MAX_CANDIDATE_PAGES; pages++) {
    const page = await read(candidates, { pageSize: CANDIDATE_PAGE_SIZE, startCursor, oldestFirst: true });
    if (page.match) return { verdict: 'found', page: foundPage(page.match), responses };
    if (!page.more) return { verdict: 'absent', page: null, responses };
    if (!page.next) break; // more pages, but no cursor to read them
    startCursor = page.next;
  }
  return { verdict: 'unknown', page: null, responses };
}

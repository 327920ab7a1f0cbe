/**
 * The match ladder (issue 34): is the person on the tab in the CRM? Each rung is asked only
 * when the one above found nothing.
 *
 * 1. `url` — the profile's URL forms (`lookupProfilePage`, unchanged: one request when it finds
 *    the person);
 * 2. `name` — only after rung 1 read every candidate and none was the person (`absent`; an
 *    `unknown` stays unknown): ONE query of the data source's pages whose title contains the
 *    scraped last name (`probableNameFilter`), `PROBABLE_PAGE_SIZE` at most, each scored by
 *    `probableMatch` (src/domain/people). When Notion has more than that, the verdict says so
 *    (`incomplete`: "we couldn't check every page") — never a false *In your CRM*: a name
 *    match is only ever *probable*, and nothing is written until the user says "This is them".
 *
 * What must stay true: found → 1 request in the common case; absent or probable → 2.
 */
import { probableNameFilter } from '../../domain/capture/profilePage.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { plainText } from '../../domain/notion/valueText.ts';
import { searchedLastName } from '../../domain/people/personNames.ts';
import { probableMatch, type MatchReason, type PersonFacts } from '../../domain/people/probableMatch.ts';
import type { PropertyValue } from '../outbox/entry.ts';
import type { NotionPage, NotionQueryPage } from './objects.ts';
import {
  foundPage,
  lookupProfilePage,
  type FoundProfilePage,
  type PageApi,
  type ProfileDatabase,
  type ProfileLookup,
} from './profilePages.ts';

/** Pages the name rung reads at most (Notion's page size): past that, `incomplete`. */
export const PROBABLE_PAGE_SIZE = 100;
/** Candidates offered at most, best first. */
export const MAX_PROBABLE_CANDIDATES = 5;

/** The rung that answered: the URL forms, or the name search. */
export type Rung = 'url' | 'name';

/** A page the name rung offers, with why, and its URL property as Notion holds it (the link's base). */
export interface ProbableCandidate {
  page: FoundProfilePage;
  reasons: MatchReason[];
  score: number;
  urlValue: PropertyValue | null;
}

export type LadderVerdict =
  | (ProfileLookup & { rung: Rung; incomplete?: boolean })
  | {
      verdict: 'probable';
      page: null;
      rung: 'name';
      candidates: ProbableCandidate[];
      /** The name search stopped at its bound: other pages with this last name were not read. */
      incomplete: boolean;
      responses: NotionQueryPage[];
    };

const propertyById = (page: NotionPage, id: string | undefined) =>
  id === undefined
    ? undefined
    : (page.properties[id] ?? Object.values(page.properties).find((property) => property.id === id));

const textById = (page: NotionPage, id: string | undefined): string => {
  const property = propertyById(page, id);
  return plainText(property?.rich_text ?? property?.title);
};

/** What a page holds of a person: its title, mapped company and headline. */
export const storedPerson = (page: NotionPage, target: ProfileDatabase): PersonFacts => ({
  name: textById(page, target.mapping.fullName) || foundPage(page).title,
  company: textById(page, target.mapping.company),
  headline: textById(page, target.mapping.headline),
});

/** Rung 2 alone: one query by last name, the pages scored; `null` when the name has no word to search. */
export async function findProbableProfiles(
  api: PageApi,
  target: ProfileDatabase,
  person: PersonFacts,
): Promise<{ candidates: ProbableCandidate[]; incomplete: boolean; response: NotionQueryPage } | null> {
  const lastName = searchedLastName(person.name);
  const titleId = target.mapping.fullName;
  if (!lastName || !titleId) return null;
  const response = await api.queryDataSourcePage(
    target.workspaceId,
    target.dataSourceId,
    probableNameFilter(titleId, lastName),
    { pageSize: PROBABLE_PAGE_SIZE },
  );
  const candidates = response.results
    .map((page) => ({ page, match: probableMatch(person, storedPerson(page, target)) }))
    .filter(({ match }) => match.probable)
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, MAX_PROBABLE_CANDIDATES)
    .map(({ page, match }) => {
      const url = propertyById(page, target.mapping.profileUrl);
      return {
        page: foundPage(page),
        reasons: match.reasons,
        score: match.score,
        urlValue: url ? { url: typeof url.url === 'string' ? url.url : null } : null,
      };
    });
  return { candidates, incomplete: response.has_more, response };
}

/** The ladder: rung 1, then — only when it found nobody and a name is known — rung 2. */
export async function lookupPerson(
  api: PageApi,
  target: ProfileDatabase,
  profile: ProfileUrl,
  person: PersonFacts | undefined,
): Promise<LadderVerdict> {
  const exact = await lookupProfilePage(api, target, profile);
  if (exact.verdict !== 'absent' || !person) return { ...exact, rung: 'url' };
  const probable = await findProbableProfiles(api, target, person);
  if (!probable) return { ...exact, rung: 'url' };
  const responses = [...exact.responses, probable.response];
  const { candidates, incomplete } = probable;
  return candidates.length > 0
    ? { verdict: 'probable', page: null, rung: 'name', candidates, incomplete, responses }
    : { verdict: 'absent', page: null, rung: 'name', incomplete, responses };
}

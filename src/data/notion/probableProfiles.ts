/**
 * The match ladder's second rung (matchLadder.ts; issue 34): one query of the data source's
 * pages whose title contains the scraped last name, each scored by `probableMatch`. Loaded
 * only when rung 1 found nobody (a lazy chunk, off the capture path).
 */
import { plainText } from '../../domain/notion/valueText.ts';
import { probableNameFilter } from '../../domain/people/nameSearch.ts';
import { searchedLastName } from '../../domain/people/personNames.ts';
import { probableMatch, type PersonFacts } from '../../domain/people/probableMatch.ts';
import type { ProbableCandidate } from './matchLadder.ts';
import type { NotionPage, NotionQueryPage } from './objects.ts';
import { foundPage, type PageApi, type ProfileDatabase } from './profilePages.ts';

/** Pages the name rung reads at most (Notion's page size): past that, `incomplete`. */
export const PROBABLE_PAGE_SIZE = 100;
/** Candidates offered at most, best first. */
export const MAX_PROBABLE_CANDIDATES = 5;

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

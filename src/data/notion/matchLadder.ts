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
 * What must stay true: found → 1 request in the common case; absent or probable → 2. Rung 2
 * (probableProfiles.ts, with the name and company rules) is a lazy chunk: the capture path's
 * budget pays only for this module.
 */
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import type { MatchReason, PersonFacts } from '../../domain/people/probableMatch.ts';
import type { PropertyValue } from '../outbox/entry.ts';
import type { NotionQueryPage } from './objects.ts';
import {
  lookupProfilePage,
  type FoundProfilePage,
  type PageApi,
  type ProfileDatabase,
  type ProfileLookup,
} from './profilePages.ts';

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

/**
 * The ladder: rung 1, then — only when it found nobody and a name is known — rung 2. `urlRung`
 * is rung 1's answer when it was just read for this profile without a name (the extension told
 * the name after the check started): it is not asked again, so a check costs 2 queries at most
 * in the common case whatever the order of the messages.
 */
export async function lookupPerson(
  api: PageApi,
  target: ProfileDatabase,
  profile: ProfileUrl,
  person: PersonFacts | undefined,
  urlRung?: ProfileLookup,
): Promise<LadderVerdict> {
  const exact = urlRung ?? (await lookupProfilePage(api, target, profile));
  if (exact.verdict !== 'absent' || !person) return { ...exact, rung: 'url' };
  const { findProbableProfiles } = await import('./probableProfiles.ts'); // off the capture path
  const probable = await findProbableProfiles(api, target, person);
  if (!probable) return { ...exact, rung: 'url' };
  const responses = [...exact.responses, probable.response];
  const { candidates, incomplete } = probable;
  return candidates.length > 0
    ? { verdict: 'probable', page: null, rung: 'name', candidates, incomplete, responses }
    : { verdict: 'absent', page: null, rung: 'name', incomplete, responses };
}

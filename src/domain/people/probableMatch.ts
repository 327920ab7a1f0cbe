/**
 * Is this CRM page probably the person on the LinkedIn tab? The second rung of the match
 * ladder (issue 34), asked only when no page holds the profile's URL: the person's scraped
 * name, company and headline against a page's title, company and headline.
 *
 * **Names** are compared as folded words (personNames.ts), in any order (`伟 李` = `李 伟`,
 * "Lovelace, Ada" = "Ada Lovelace"). The words of the shorter name are paired one-to-one with
 * the other's, each pair weighing: the same word 1, a nickname of it (Bob/Robert) 0.9, an
 * initial of it (A./Ada) 0.6; the name score is the pairs' weight over the shorter name's
 * word count. Thresholds:
 * - `NAME_THRESHOLD` = 0.8: a two-word name may carry one initial (1 + 0.6) / 2 = 0.8, or one
 *   nickname (0.95); two initials, or a first name that is neither the same nor a nickname
 *   (e.g. Ada/Anne: 0.5), fall below — one word of a full name wrong is another person;
 * - the last name searched for must pair as the same word (a nickname or initial never stands
 *   for a family name);
 * - a one-word name on either side (LinkedIn allows it; emoji-only names fold to nothing) scores
 *   only when the other side is that same single word, and then needs corroboration below.
 *
 * **Corroboration**: where both sides have a company, or both a headline, at least one of those
 * must agree (companyNames.ts: legal forms off, one name inside the other; the scraped company
 * named in the page's headline or the page's company in the scraped headline counts too); a
 * stale company with a matching headline still agrees. Where neither can be compared, the name
 * alone makes a candidate when it has two words or more (so a namesake with nothing else on
 * file is offered, never asserted); a one-word name alone never does.
 *
 * A candidate is only ever *probable*: the user confirms ("This is them") before anything is
 * written, so the thresholds favour showing a near miss over hiding the person.
 */
import { companyTokens, containsWords, sameCompany } from './companyNames.ts';
import { isKnownText } from './knownText.ts';
import { foldText, nameTokens, sameGivenName, searchedLastName } from './personNames.ts';

export const NAME_THRESHOLD = 0.8;
export const NICKNAME_WEIGHT = 0.9;
export const INITIAL_WEIGHT = 0.6;

/** What is known of a person: on LinkedIn (scraped) or in a CRM page (its mapped fields). */
export interface PersonFacts {
  name: string;
  company?: string | null;
  headline?: string | null;
}

/** Why a candidate was offered, in the order the screen lists them. */
export type MatchReason =
  | { kind: 'sameName' }
  | { kind: 'nickname'; ours: string; theirs: string }
  | { kind: 'initial'; ours: string; theirs: string }
  | { kind: 'company'; company: string }
  | { kind: 'headline' }
  | { kind: 'nameOnly' };

export type NameAgreement = { score: number; reasons: MatchReason[] };

interface Pair {
  weight: number;
  reason?: MatchReason;
}

/** How strongly two folded words are one name: 1 same, nickname, initial, else 0. */
function pairWeight(a: string, b: string, rawA: string, rawB: string): Pair {
  if (a === b) return { weight: 1 };
  if (sameGivenName(a, b)) return { weight: NICKNAME_WEIGHT, reason: { kind: 'nickname', ours: rawA, theirs: rawB } };
  const initial = (short: string, long: string) => short.length === 1 && long.length > 1 && long.startsWith(short);
  if (initial(a, b) || initial(b, a))
    return { weight: INITIAL_WEIGHT, reason: { kind: 'initial', ours: rawA, theirs: rawB } };
  return { weight: 0 };
}

/**
 * The best one-to-one pairing of the shorter name's words with the other's (names have few
 * words: every assignment is tried), the last name required to pair as the same word.
 */
export function nameAgreement(scraped: string, stored: string): NameAgreement {
  const ours = nameTokens(scraped);
  const theirs = nameTokens(stored);
  const none = { score: 0, reasons: [] };
  if (ours.length === 0 || theirs.length === 0) return none;
  const lastWord = searchedLastName(scraped);
  const last = lastWord === null ? null : nameTokens(lastWord).at(-1);
  if (last === undefined || last === null || !theirs.includes(last)) return none;
  if (ours.length === 1 || theirs.length === 1) {
    return ours.length === theirs.length && ours[0] === theirs[0]
      ? { score: 1, reasons: [{ kind: 'sameName' }] }
      : none;
  }
  const [short, long, shortIsOurs] = ours.length <= theirs.length ? [ours, theirs, true] : [theirs, ours, false];
  let best: { total: number; reasons: MatchReason[] } = { total: 0, reasons: [] };
  const search = (i: number, used: Set<number>, total: number, reasons: MatchReason[]) => {
    if (i === short.length) {
      if (total > best.total) best = { total, reasons };
      return;
    }
    for (let j = 0; j < long.length; j++) {
      if (used.has(j)) continue;
      const [a, b] = shortIsOurs ? [short[i], long[j]] : [long[j], short[i]];
      if ((a === last || b === last) && a !== b) continue; // the family name pairs only with itself
      const pair = pairWeight(a, b, a, b);
      if (pair.weight === 0) continue;
      search(i + 1, new Set(used).add(j), total + pair.weight, pair.reason ? [...reasons, pair.reason] : reasons);
    }
    search(i + 1, used, total, reasons); // this word unpaired
  };
  search(0, new Set(), 0, []);
  const score = best.total / short.length;
  return { score, reasons: best.reasons.length === 0 ? [{ kind: 'sameName' }] : best.reasons };
}

/** Whether the two sides' companies and headlines agree: true, false, or null (nothing to compare). */
function corroboration(scraped: PersonFacts, stored: PersonFacts): { agrees: boolean | null; reasons: MatchReason[] } {
  const words = (text: string | null | undefined) => (isKnownText(text) ? foldText(text).split(/[^\p{L}\p{N}]+/u) : []);
  const comparable: boolean[] = [];
  const reasons: MatchReason[] = [];
  const bothCompanies = isKnownText(scraped.company) && isKnownText(stored.company);
  if (bothCompanies) {
    const same = sameCompany(scraped.company, stored.company);
    comparable.push(same);
    if (same) reasons.push({ kind: 'company', company: stored.company!.trim() });
  }
  if (isKnownText(scraped.headline) && isKnownText(stored.headline)) {
    const ours = words(scraped.headline);
    const theirs = words(stored.headline);
    const same = ours.join(' ') === theirs.join(' ');
    comparable.push(same);
    if (same) reasons.push({ kind: 'headline' });
  }
  // A company named in the other side's headline ("… at Analytical Engines Ltd").
  const named = (company: string | null | undefined, headline: string | null | undefined) =>
    containsWords(words(headline), companyTokens(company));
  for (const [company, headline] of [
    [scraped.company, stored.headline],
    [stored.company, scraped.headline],
  ] as const) {
    if (!isKnownText(company) || !isKnownText(headline)) continue;
    const same = named(company, headline);
    comparable.push(same);
    if (same && !reasons.some((r) => r.kind === 'company')) reasons.push({ kind: 'company', company: company.trim() });
  }
  return { agrees: comparable.length === 0 ? null : comparable.some(Boolean), reasons };
}

export interface ProbableVerdict {
  probable: boolean;
  score: number;
  reasons: MatchReason[];
}

/** The rung's decision for one page (see the module's docblock for the rules and thresholds). */
export function probableMatch(scraped: PersonFacts, stored: PersonFacts): ProbableVerdict {
  const name = nameAgreement(scraped.name, stored.name);
  const no = { probable: false, score: name.score, reasons: [] };
  if (name.score < NAME_THRESHOLD) return no;
  const { agrees, reasons } = corroboration(scraped, stored);
  if (agrees === false) return no;
  if (agrees === null) {
    const oneWord = nameTokens(scraped.name).length < 2 || nameTokens(stored.name).length < 2;
    return oneWord ? no : { probable: true, score: name.score, reasons: [...name.reasons, { kind: 'nameOnly' }] };
  }
  return { probable: true, score: name.score, reasons: [...name.reasons, ...reasons] };
}

/** The screen's words for a reason (ours: the spec has none). */
export function reasonText(reason: MatchReason): string {
  switch (reason.kind) {
    case 'sameName':
      return 'Same name';
    case 'nickname':
      return `Same first name (${reason.ours} / ${reason.theirs})`;
    case 'initial':
      return `Initial matches (${reason.ours} / ${reason.theirs})`;
    case 'company':
      return `Same company (${reason.company})`;
    case 'headline':
      return 'Same headline';
    case 'nameOnly':
      return 'Name only: no company or headline to compare';
  }
}

/**
 * How a profile's page is found in a Notion database whatever variant of its URL it was saved
 * under (issue 7): the fragments one `contains` query filter needs. Takes the typed
 * `ProfileUrl` (classified once at the boundary), never a string to parse again.
 */
import { LINKEDIN_HOST, type ProfileUrl } from './profileUrl.ts';

/** A letter outside ASCII whose upper and lower case differ (ü/Ü): its percent-encoding changes with case. */
const isCasedNonAscii = (char: string) => char > '\x7f' && char.toLowerCase() !== char.toUpperCase();

/** The slug's runs between cased non-ASCII letters ("jürgen-müller" → "j", "rgen-m", "ller"). */
function runsBetweenCasedLetters(slug: string): string[] {
  const runs = [''];
  for (const char of slug) {
    if (isCasedNonAscii(char)) runs.push('');
    else runs[runs.length - 1] += char;
  }
  return runs;
}

/**
 * Fewest characters, hyphens not counted, that the longest encoded run between cased non-ASCII
 * letters needs for the anchored form to be selective: `иван-петров-a` leaves only `-` and `-a`,
 * which are in nearly every URL.
 */
export const MIN_ANCHOR_CHARS = 3;

/** How selective a run is: its length without hyphens. */
const selectiveLength = (run: string) => run.replace(/-/g, '').length;

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first.toUpperCase() + rest.join('');
    })
    .join('-');

/**
 * What a stored variant of the profile's URL contains, as alternatives of fragments that must
 * all be present (an `or` of `and`s of case-insensitive `contains`, as Notion compares text):
 *
 * - the decoded slug — any letter case, as Notion ignores case;
 * - the percent-encoded slug. Hex digits' case (`%C3%BC` / `%c3%bc`) is ignored too, but a
 *   non-ASCII letter's case changes its bytes (`ü` `%C3%BC`, `Ü` `%C3%9C`), so a slug with such
 *   letters is matched by the encoded runs between them, all present (any mix of cases of those
 *   letters; runs of hyphens only are left out). When even the longest run has fewer than
 *   `MIN_ANCHOR_CHARS` characters besides hyphens (a Cyrillic or Greek slug, `иван-петров-a`),
 *   the slug's lower-case, upper-case and Title-Case encodings are the alternatives instead.
 *
 * Every alternative is a candidate only (`/in/jane` is in `/in/jane-doe`): confirm with
 * `isSameProfile`.
 */
export function profileUrlFragments(profile: ProfileUrl): string[][] {
  const prefix = `${LINKEDIN_HOST}/in/`;
  const { slug } = profile;
  const alternatives: string[][] = [[prefix + slug]];
  const runs = runsBetweenCasedLetters(slug).map(encodeURIComponent);
  if (runs.length === 1) {
    alternatives.push([prefix + runs[0]]);
  } else if (Math.max(...runs.map(selectiveLength)) >= MIN_ANCHOR_CHARS) {
    alternatives.push([prefix + runs[0], ...runs.slice(1).filter((run) => selectiveLength(run) > 0)]);
  } else {
    for (const cased of [slug, slug.toUpperCase(), titleCase(slug)])
      alternatives.push([prefix + encodeURIComponent(cased)]);
  }
  const unique = new Map(alternatives.map((parts) => [parts.join('\n').toLowerCase(), parts]));
  return [...unique.values()];
}

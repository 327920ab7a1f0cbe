/**
 * Company names as the probable-match rung compares them (issue 34): "Analytical Engines Ltd",
 * "analytical engines" and "Analytical-Engines, Ltd." are one company; "Größe & Söhne GmbH"
 * and "Grosse und Sohne" too. Folded like names (personNames.ts), "&" read as "and"/"und"/"et",
 * legal forms (Inc, LLC, Ltd, GmbH, AG, SA, SAS, SARL, BV, SpA, …) and a leading "The" dropped.
 * The extension's placeholder "Not found" is no company.
 *
 * What must stay true: pure; a company that is nothing but a legal form ("SA") keeps it rather
 * than becoming empty, so it never agrees with every other company.
 */
import { isKnownText } from './knownText.ts';
import { foldText } from './personNames.ts';

/** Legal forms, folded and without dots, as whole words (multi-word ones are joined first). */
const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'kg',
  'ug',
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sci',
  'snc',
  'bv',
  'nv',
  'spa',
  'srl',
  'sl',
  'oy',
  'ab',
  'as',
  'aps',
  'pty',
  'pvt',
  'kk',
  'gmbhcokg',
  'cokg',
]);

/** Connectors read as one word: "&", "and", "und", "et", "y", "e". */
const AND_WORDS = new Set(['&', 'and', 'und', 'et', 'y', 'e']);

/** The words of a company name without legal form, connectors or a leading "the"; [] for none. */
export function companyTokens(company: string | null | undefined): string[] {
  if (!isKnownText(company)) return [];
  const words = foldText(company)
    .replace(/&/g, ' & ')
    .replace(/\b(s)\.(a|p\.a)\.?/g, (match) => match.replace(/\./g, '')) // S.A., S.p.A.
    .replace(/\./g, '')
    .replace(/\bco\s*kg\b/g, 'cokg')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((word) => word !== '');
  const meaningful = words.filter((word) => !AND_WORDS.has(word));
  const core = meaningful.filter((word, i) => !LEGAL_FORMS.has(word) && !(i === 0 && word === 'the'));
  return core.length > 0 ? core : meaningful;
}

/** The normal form of a company name ('' for none). */
export const normalCompany = (company: string | null | undefined): string => companyTokens(company).join(' ');

/** True when `inner`'s words appear, in order and adjacent, among `outer`'s. */
export function containsWords(outer: readonly string[], inner: readonly string[]): boolean {
  if (inner.length === 0 || inner.length > outer.length) return false;
  for (let start = 0; start + inner.length <= outer.length; start++) {
    if (inner.every((word, i) => outer[start + i] === word)) return true;
  }
  return false;
}

/** Two companies agree: the same normal form, or one's words run inside the other's ("Google" in "Google Cloud"). */
export function sameCompany(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = companyTokens(a);
  const y = companyTokens(b);
  if (x.length === 0 || y.length === 0) return false;
  return containsWords(x, y) || containsWords(y, x);
}

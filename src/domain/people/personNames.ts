/**
 * People's names as the probable-match rung compares them (issue 34): one normal form for a
 * name however it was typed, and the word the rung asks Notion for.
 *
 * - `nameTokens`: case folded, accents and other combining marks dropped (é → e, ü → u; ł and ø,
 *   which Unicode does not decompose, mapped by hand), emoji and symbols dropped, hyphens,
 *   apostrophes, dots and commas split words; a title holding "Last, First" (one comma) is read
 *   as "First Last". Scripts without case or marks (`伟 李`, `أميرة حداد`) keep their letters.
 * - `nicknameKeys`: a small EN/FR table of given-name variants (Bob = Robert, Manu = Emmanuel):
 *   two words agree when they share a key.
 * - `searchedLastName`: the person's last word as the user's CRM probably spells it (accents
 *   kept; emoji and punctuation off) — the `title contains` term of the rung's one query.
 *
 * What must stay true: pure, no I/O; the same input gives the same tokens in any locale.
 */

const HAND_FOLDED: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/** Emoji, pictographs, symbols and their joiners/selectors: never part of a name. */
const NOT_NAME = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{S}]|\u200d|\ufe0f|\ufe0e/gu;

/** Word separators inside a name: spaces, hyphens, apostrophes, dots, commas, brackets. */
const SEPARATORS = /[\s\p{Pd}'’‘.,()"“”/|_]+/u;

/** Lower case, no combining marks, no emoji/symbols. */
export function foldText(text: string): string {
  return text
    .replace(NOT_NAME, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđßæœı]/g, (c) => HAND_FOLDED[c]);
}

/** "Lovelace, Ada" → "Ada Lovelace" (a title with exactly one comma and words on both sides). */
export function unswapLastFirst(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return name;
  const [last, first] = parts.map((part) => part.trim());
  return last && first ? `${first} ${last}` : name;
}

/** A name's words, folded (see the module's docblock); empty when nothing of a name is left. */
export function nameTokens(name: string): string[] {
  return foldText(unswapLastFirst(name))
    .split(SEPARATORS)
    .filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/**
 * Given-name variants, EN and FR, each group under its full form. Deliberately small: a wrong
 * pairing here only adds a candidate the user then rules out ("Not them, add").
 */
const NICKNAME_GROUPS: Record<string, readonly string[]> = {
  robert: ['bob', 'bobby', 'rob', 'robbie', 'bert'],
  william: ['bill', 'billy', 'will', 'willy', 'liam'],
  elizabeth: ['liz', 'lizzie', 'beth', 'betty', 'eliza', 'babeth', 'elisabeth'],
  katherine: ['kate', 'katie', 'kathy', 'cathy', 'catherine', 'kathryn', 'cath'],
  michael: ['mike', 'mikey', 'mick', 'michel'],
  james: ['jim', 'jimmy', 'jamie'],
  thomas: ['tom', 'tommy', 'thom'],
  david: ['dave', 'davy'],
  christopher: ['chris', 'kit', 'christophe'],
  alexander: ['alex', 'sandy', 'alexandre', 'alexandra', 'alexis'],
  nicholas: ['nick', 'nicky', 'nicolas', 'nico'],
  daniel: ['dan', 'danny', 'dany'],
  matthew: ['matt', 'matthieu', 'mathieu'],
  samuel: ['sam', 'sammy'],
  joseph: ['joe', 'joey', 'jo', 'jojo'],
  benjamin: ['ben', 'benji', 'benny'],
  anthony: ['tony', 'antoine'],
  stephen: ['steve', 'stephane', 'steven', 'steph'],
  andrew: ['andy', 'drew', 'andre'],
  margaret: ['maggie', 'meg', 'peggy', 'marguerite', 'margot', 'margaux'],
  jennifer: ['jen', 'jenny'],
  emmanuel: ['manu', 'emmanuelle'],
  frederic: ['fred', 'freddy', 'frederick', 'frederique'],
  sebastien: ['seb', 'sebastian', 'bastien'],
  isabelle: ['isa', 'isabel', 'isabella', 'belle'],
  guillaume: ['guigui', 'will'],
  francois: ['francis', 'franck', 'frank', 'fanfan'],
  jeanfrancois: ['jf'],
  gregoire: ['greg', 'gregory'],
  maxime: ['max', 'maximilian', 'maxence'],
  valerie: ['val'],
  dominique: ['dom', 'domi'],
  christine: ['christina', 'tina', 'kristine'],
};

const KEYS_OF = new Map<string, string[]>();
for (const [full, nicknames] of Object.entries(NICKNAME_GROUPS)) {
  for (const name of [full, ...nicknames]) KEYS_OF.set(name, [...(KEYS_OF.get(name) ?? []), full]);
}

/** The full forms a folded given name may stand for (itself when the table does not know it). */
export const nicknameKeys = (token: string): readonly string[] => KEYS_OF.get(token) ?? [token];

/** True when two folded words are one given name under two spellings (Bob, Robert). */
export function sameGivenName(a: string, b: string): boolean {
  if (a === b) return true;
  const keys = nicknameKeys(b);
  return nicknameKeys(a).some((key) => keys.includes(key));
}

/**
 * The word the probable rung searches titles for: the last word of the name as scraped
 * (accents kept — Notion's `contains` ignores case, not accents), emoji and edge punctuation
 * off; null when no word is left (a name of emoji only).
 */
export function searchedLastName(name: string): string | null {
  const words = unswapLastFirst(name.replace(NOT_NAME, ' '))
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
  return words.at(-1) ?? null;
}

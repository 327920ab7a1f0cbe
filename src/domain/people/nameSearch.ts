/**
 * The probable rung's one query (issue 34): pages whose title contains the person's last name,
 * as scraped and, when different, without accents (a CRM typed "Muller" for "Müller"; Notion's
 * `contains` ignores case — the sandbox's SDK-driven test checks it —, and is not relied on to
 * ignore accents).
 */
import { foldText } from './personNames.ts';

export function probableNameFilter(titlePropertyId: string, lastName: string): Record<string, unknown> {
  const contains = (term: string) => ({ property: titlePropertyId, title: { contains: term } });
  const plain = foldText(lastName);
  return plain === lastName.toLowerCase() ? contains(lastName) : { or: [contains(lastName), contains(plain)] };
}

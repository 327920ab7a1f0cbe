/** The page's title as its snapshot holds it: the `title` property's plain text (read or write form), and its id. */
import type { PageSnapshot } from '../../data/outbox/entry.ts';
import { valueText } from '../../domain/notion/valueText.ts';

export function pageTitle(snapshot: PageSnapshot): string {
  const id = titlePropertyId(snapshot);
  const value = id === undefined ? undefined : snapshot.properties[id];
  const text = value ? valueText(value) : '';
  return text === '(empty)' ? '' : text;
}

/** The id of the page's `title` property, as its snapshot holds it (undefined: none). */
export const titlePropertyId = (snapshot: PageSnapshot): string | undefined =>
  Object.entries(snapshot.properties).find(([, property]) => property && 'title' in property)?.[0];

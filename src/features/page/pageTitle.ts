/** The page's title as its snapshot holds it: the `title` property's plain text (read or write form). */
import type { PageSnapshot } from '../../data/outbox/entry.ts';
import { valueText } from '../../domain/notion/valueText.ts';

export function pageTitle(snapshot: PageSnapshot): string {
  const value = Object.values(snapshot.properties).find((property) => property && 'title' in property);
  const text = value ? valueText(value) : '';
  return text === '(empty)' ? '' : text;
}

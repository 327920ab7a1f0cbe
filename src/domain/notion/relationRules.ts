/**
 * What a relation shows and offers (spec 2 §5, §9), as plain rules: up to 10 related pages by
 * title, at 11 or more only a count (shown "+25" at 25 or more — Notion's page object lists 25
 * at most) and no "Add"; the add modal's recent pages (10) and candidates exclude the pages
 * already related, and its search field is offered once the recent list is full (10 results).
 * Edits compute the relation's whole new list: an outbox entry is absolute, never "add X".
 */

/** At 11 related pages or more only the count shows, titles are not fetched. */
export const RELATION_TITLES_MAX = 10;
/** From this count on the count reads "+25" and "Add" is hidden. */
export const RELATION_COUNT_CAP = 25;
/** How many recent pages of the target the add modal lists before any search. */
export const RECENT_RELATED_PAGES = 10;
/** The add modal offers its search from this many results on. */
export const RELATION_SEARCH_OFFERED_AT = 10;
/** The search waits this long after the last keystroke. */
export const RELATION_SEARCH_DEBOUNCE_MS = 500;

/** How many related pages there are, as far as known: Notion said more exist beyond the list (`hasMore`). */
interface RelationCount {
  count: number;
  hasMore: boolean;
}

/** Whether the relation is listed by title (else: a count and the Manage link). */
export const listsTitles = ({ count, hasMore }: RelationCount): boolean => !hasMore && count <= RELATION_TITLES_MAX;

/** The count as the page shows it: "+25" at 25 or more, else the number. */
export const relationCountText = ({ count, hasMore }: RelationCount): string =>
  hasMore || count >= RELATION_COUNT_CAP ? `+${RELATION_COUNT_CAP}` : String(count);

/** "Add" is offered below 25 related pages. */
export const canAddRelation = ({ count, hasMore }: RelationCount): boolean => !hasMore && count < RELATION_COUNT_CAP;

/** The candidates that are not related yet, in their order, each once. */
export function excludeRelated<T extends { id: string }>(pages: readonly T[], relatedIds: readonly string[]): T[] {
  const seen = new Set(relatedIds.map(normalId));
  return pages.filter((page) => {
    const id = normalId(page.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The relation with `added` appended (those already in it are kept where they are). */
export function withRelated(ids: readonly string[], added: readonly string[]): string[] {
  return excludeRelated(
    [...ids, ...added].map((id) => ({ id })),
    [],
  ).map(({ id }) => id);
}

/** The relation without `removed`. */
export const withoutRelated = (ids: readonly string[], removed: string): string[] =>
  ids.filter((id) => normalId(id) !== normalId(removed));

/** Ids compare without dashes and case: Notion answers either form. */
const normalId = (id: string): string => id.replace(/-/g, '').toLowerCase();

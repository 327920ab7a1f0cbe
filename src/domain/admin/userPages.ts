/** The admin user search's pages (spec 2 §9 "User search page 10"). */
export const USER_SEARCH_PAGE_SIZE = 10;

/** How many pages `count` rows fill (at least one, so an empty result is page 1 of 1). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / USER_SEARCH_PAGE_SIZE));

/** The rows of page `page` (1-based); a page past the end is the last one. */
export function pageOf<T>(rows: readonly T[], page: number): T[] {
  const last = pageCount(rows.length);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return rows.slice((current - 1) * USER_SEARCH_PAGE_SIZE, current * USER_SEARCH_PAGE_SIZE);
}

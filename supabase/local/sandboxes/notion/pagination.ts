/**
 * Notion's paginated lists: `page_size` (1–100, default 100), an opaque `start_cursor` from the
 * previous page's `next_cursor`, and `has_more`. Cursors here are the id of the first item of
 * the next page (as Notion's list cursors are), or an offset token for property items; a
 * cursor that does not match the list is a `validation_error`.
 */
import { validation } from './errors.ts';

export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  startCursor?: string;
  pageSize: number;
}

/** Reads `page_size` and `start_cursor` from a body (`where` = "body") or a query string ("query"). */
export function pageRequest(source: Record<string, unknown>, where: 'body' | 'query'): PageRequest {
  let size: unknown = source.page_size;
  if (where === 'query' && typeof size === 'string') size = /^\d+$/.test(size) ? Number(size) : size;
  if (size === undefined) size = MAX_PAGE_SIZE;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
    throw validation(
      `${where} failed validation: ${where}.page_size should be a positive integer, instead was \`${JSON.stringify(size)}\`.`,
    );
  }
  if (size > MAX_PAGE_SIZE) {
    throw validation(
      `${where} failed validation: ${where}.page_size should be ≤ \`${MAX_PAGE_SIZE}\`, instead was \`${size}\`.`,
    );
  }
  const cursor = source.start_cursor;
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw validation(`${where} failed validation: ${where}.start_cursor should be a string.`);
  }
  return { startCursor: cursor, pageSize: size };
}

export interface Page<T> {
  results: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/** One page of `items`, where `cursorOf(item)` is the cursor pointing at that item. */
export function paginate<T>(items: T[], request: PageRequest, cursorOf: (item: T, index: number) => string): Page<T> {
  let start = 0;
  if (request.startCursor !== undefined) {
    start = items.findIndex((item, index) => cursorOf(item, index) === request.startCursor);
    if (start < 0) throw validation(`The start_cursor provided is invalid: ${request.startCursor}`);
  }
  const results = items.slice(start, start + request.pageSize);
  const next = start + request.pageSize;
  const hasMore = next < items.length;
  return { results, next_cursor: hasMore ? cursorOf(items[next], next) : null, has_more: hasMore };
}

/** Cursors of positional lists (property items): opaque, but stable for an index. */
export const offsetCursor = (_item: unknown, index: number): string =>
  Buffer.from(`offset:${index}`).toString('base64url');

/**
 * The add-relation field's text (spec 2 §5 "comma-separated page IDs, trimmed, empties
 * dropped"). Each part may be a page id with or without dashes, or a Notion page link (the id
 * is the 32 hex digits that end its path, as "Copy link" gives it). Ids come back in Notion's
 * dashed lowercase form, once each, in the order typed; a part that holds no page id is
 * returned in `invalid` for the field to show.
 */
const DASHED_OR_NOT = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** The id at the end of a page link's path ("…/Ada-Lovelace-1a2b…" or "…/1a2b…"). */
const ID_ENDING_PATH = /(?:^|[-/])([0-9a-f]{32})$/i;

const dashed = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toLowerCase();

function pathOf(part: string): string | null {
  try {
    const url = new URL(part);
    return url.hostname === 'notion.so' || url.hostname.endsWith('.notion.so') || url.hostname.endsWith('.notion.site')
      ? url.pathname.replace(/\/+$/, '')
      : null;
  } catch {
    return null;
  }
}

/** A page id in Notion's dashed form, or null. */
export function pageIdOf(part: string): string | null {
  if (DASHED_OR_NOT.test(part)) return dashed(part.replace(/-/g, ''));
  const path = pathOf(part);
  const match = path === null ? null : ID_ENDING_PATH.exec(path);
  return match ? dashed(match[1]) : null;
}

export function parseRelationIds(text: string): { ids: string[]; invalid: string[] } {
  const ids: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(',').map((piece) => piece.trim())) {
    if (part === '') continue;
    const id = pageIdOf(part);
    if (id === null) invalid.push(part);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, invalid };
}

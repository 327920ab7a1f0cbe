/**
 * Whether two Notion property values say the same thing, whichever form each is in: the write
 * form the editor queues (`{select: {name: 'Lead'}}`) or the read form GET pages answers
 * (`{id, type: 'select', select: {id, name, color}}`). Only what a user sets is compared:
 * plain text, option names, page and person ids (dashes and case ignored), date bounds,
 * file names; other types by their value.
 *
 * What must stay true: when unsure it says "different" — at worst the user sees a conflict to
 * resolve, never an overwrite of someone else's change (a relation of more than 25 pages, which
 * GET pages cuts short, or a date Notion rewrote in another notation, reads as different).
 */
import type { PropertyValue } from './entry.ts';

type Item = Record<string, unknown>;

const items = (inner: unknown): Item[] => (Array.isArray(inner) ? (inner as Item[]) : []);
const plainText = (part: Item): string =>
  typeof part.plain_text === 'string' ? part.plain_text : String((part.text as Item | undefined)?.content ?? '');
const pageId = (item: Item): string =>
  String(item.id ?? '')
    .replaceAll('-', '')
    .toLowerCase();

/** The property's type: the read form names it; the write form is its one key. */
function typeOf(value: PropertyValue): string | undefined {
  if (typeof value.type === 'string') return value.type;
  return Object.keys(value).find((key) => key !== 'id');
}

function comparable(value: PropertyValue | null | undefined): unknown {
  if (!value) return null;
  const type = typeOf(value);
  if (type === undefined) return null;
  const inner = value[type];
  switch (type) {
    case 'title':
    case 'rich_text':
      return items(inner).map(plainText).join('');
    case 'select':
    case 'status':
      return (inner as Item | null)?.name ?? null;
    case 'multi_select':
      return items(inner).map((option) => option.name);
    case 'relation':
    case 'people':
      return items(inner).map(pageId);
    case 'date':
      return inner ? [(inner as Item).start ?? null, (inner as Item).end ?? null] : null;
    case 'files':
      return items(inner).map((file) => file.name);
    default:
      return inner ?? null;
  }
}

/** An empty value — no text, no option, no page — reads as null, as an unknown or absent one. */
function orNull(value: unknown): unknown {
  if (value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return value;
}

export const sameValue = (a: PropertyValue | null | undefined, b: PropertyValue | null | undefined): boolean =>
  JSON.stringify(orNull(comparable(a))) === JSON.stringify(orNull(comparable(b)));

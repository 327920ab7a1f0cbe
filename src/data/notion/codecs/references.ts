/**
 * relation and people: lists of ids, written whole (an outbox entry is absolute, never "add
 * X"). A relation that Notion's page object cut at 25 (`has_more`) refuses to be written until
 * its full list is loaded (the property endpoint), so an edit never unlinks the pages not read.
 * A person reads its name, avatar and kind when Notion gives them; created_by and
 * last_edited_by are read-only people.
 */
import { relationItemIds, relationPageIds, relationValue } from '../../../domain/notion/relations.ts';
import { relationIncomplete } from './errors.ts';
import type { PersonShape, PropertyCodec, RelationShape } from './shapes.ts';

type Item = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function personOf(user: unknown): PersonShape | null {
  const id = text((user as Item | null)?.id);
  if (id === null) return null;
  const { name, avatar_url: avatarUrl, type } = user as Item;
  return { id, name: text(name) ?? '', avatarUrl: text(avatarUrl), type: text(type) };
}

export const relation: PropertyCodec<RelationShape> = {
  read: ({ value }) => {
    const ids = relationPageIds(value);
    return { ids, titles: {}, originalIds: [...ids], raw: value, hasMore: value?.has_more === true };
  },
  write: (shape) => {
    if (shape.hasMore) throw relationIncomplete();
    return relationValue(shape.ids);
  },
};

export const people: PropertyCodec<PersonShape[]> = {
  read: ({ inner }) => (Array.isArray(inner) ? inner.map(personOf).filter((person) => person !== null) : []),
  write: (persons) => ({ people: persons.map(({ id }) => ({ id })) }),
};

/**
 * A relation read from a page object, completed with its whole list as "retrieve a page
 * property item" answers it (the client's `propertyItems`): writable from then on.
 */
export function completeRelation(shape: RelationShape, items: readonly Record<string, unknown>[]): RelationShape {
  const ids = relationItemIds(items);
  return { ...shape, ids, originalIds: [...ids], hasMore: false };
}

const readOnlyPerson: PropertyCodec<PersonShape | null> = { read: ({ inner }) => personOf(inner) };
export const createdBy = readOnlyPerson;
export const lastEditedBy = readOnlyPerson;

const timestamp: PropertyCodec<string | null> = { read: ({ inner }) => text(inner) };
export const createdTime = timestamp;
export const lastEditedTime = timestamp;

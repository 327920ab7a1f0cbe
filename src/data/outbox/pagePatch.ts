/**
 * Archive rides the outbox as an entry of the pseudo-property `IN_TRASH` (value
 * `{in_trash: true}`, or false to restore): it coalesces, waits, meets conflicts and fails like
 * a property edit, and leaves in the page's one PATCH as Notion's top-level `in_trash`. Notion's
 * property ids are URL-encoded, so a raw ':' never starts one. This file is the only one that
 * knows the difference.
 */
import type { NotionPage, NotionPagePatch } from '../notion/objects.ts';
import type { PropertyValue } from './entry.ts';

export const IN_TRASH = ':in_trash';

export const trashValue = (inTrash: boolean): PropertyValue => ({ in_trash: inTrash });

/** The PATCH body carrying these entries' values (the last per property, in edit order). */
export function patchOf(entries: { propertyId: string; value: PropertyValue }[]): NotionPagePatch {
  const patch: NotionPagePatch = {};
  const properties = entries.filter((entry) => entry.propertyId !== IN_TRASH);
  if (properties.length > 0) patch.properties = Object.fromEntries(properties.map((e) => [e.propertyId, e.value]));
  const trash = entries.find((entry) => entry.propertyId === IN_TRASH);
  if (trash) patch.in_trash = trash.value.in_trash === true;
  return patch;
}

/** Notion's current value of each property of the page, the trash flag included, by id. */
export function currentValues(page: NotionPage): Map<string, PropertyValue> {
  const values = new Map<string, PropertyValue>(Object.values(page.properties).map((p) => [p.id, p]));
  values.set(IN_TRASH, trashValue(page.in_trash === true));
  return values;
}

/** Whether the entry is an archive (or restore) rather than a property edit. */
export const isTrashEntry = (entry: { propertyId: string }): boolean => entry.propertyId === IN_TRASH;

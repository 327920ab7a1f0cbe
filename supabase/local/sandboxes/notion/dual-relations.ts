/**
 * Two-way relations (`dual_property`), as Notion keeps them: a relation created with
 * `{type: 'dual_property', dual_property: {synced_property_name?}}` gives its target data source
 * the reverse property (named `Related to <source> (<property>)` unless a name is sent), and each
 * side's config names the other (`dual_property: {synced_property_id, synced_property_name}`);
 * linking page A to page B on one side lists A on B's reverse property, and unlinking removes it.
 *
 * What must stay true: a one-way relation (`single_property`, the default) touches no other page;
 * the reverse list of a page keeps its order and never holds an id twice.
 */
import { propertyId, newId } from './ids.ts';
import type { DataSourceRecord, PageRecord, PropertySchema } from './model.ts';
import { plainText } from './model.ts';
import type { NotionStore } from './store.ts';

interface DualConfig {
  synced_property_id: string;
  synced_property_name: string;
}

/** The other side of a two-way relation property, or null for any other property. */
export function syncedSide(schema: PropertySchema): DualConfig | null {
  if (schema.type !== 'relation' || schema.config.type !== 'dual_property') return null;
  const dual = schema.config.dual_property as Partial<DualConfig> | undefined;
  return dual?.synced_property_id ? (dual as DualConfig) : null;
}

/**
 * The config of a new relation property `name` (id `id`) of `source` pointing at `target`: a
 * two-way one also answers the reverse property to add to `target` once the change is kept.
 */
export function newRelationConfig(
  sent: Record<string, unknown>,
  { source, id, name, target }: { source: DataSourceRecord; id: string; name: string; target: DataSourceRecord },
): { config: Record<string, unknown>; reverse?: PropertySchema } {
  const ids = { database_id: target.databaseId, data_source_id: target.id };
  if (sent.type !== 'dual_property' && sent.dual_property === undefined) {
    return { config: { ...ids, type: 'single_property', single_property: {} } };
  }
  const asked = (sent.dual_property ?? {}) as { synced_property_name?: unknown };
  const reverseName =
    typeof asked.synced_property_name === 'string' && asked.synced_property_name.trim()
      ? asked.synced_property_name.trim()
      : `Related to ${plainText(source.title)} (${name})`;
  const reverseId = propertyId(`${target.id}:${newId()}`);
  return {
    config: {
      ...ids,
      type: 'dual_property',
      dual_property: { synced_property_id: reverseId, synced_property_name: reverseName },
    },
    reverse: {
      id: reverseId,
      name: reverseName,
      type: 'relation',
      config: {
        database_id: source.databaseId,
        data_source_id: source.id,
        type: 'dual_property',
        dual_property: { synced_property_id: id, synced_property_name: name },
      },
    },
  };
}

/** After `page`'s relation values changed from `before`: the reverse lists of the pages linked or unlinked. */
export function syncReverseLinks(
  store: NotionStore,
  source: DataSourceRecord,
  page: PageRecord,
  before: Record<string, unknown>,
): void {
  for (const schema of Object.values(source.properties)) {
    const synced = syncedSide(schema);
    if (!synced) continue;
    const was = (before[schema.id] as string[] | undefined) ?? [];
    const now = (page.values[schema.id] as string[] | undefined) ?? [];
    for (const id of new Set([...was, ...now])) {
      const other = store.page(page.workspaceId, id);
      if (!other) continue;
      const list = ((other.values[synced.synced_property_id] as string[] | undefined) ?? []).filter(
        (linked) => linked !== page.id,
      );
      if (now.includes(id)) list.push(page.id);
      other.values[synced.synced_property_id] = list;
    }
  }
}

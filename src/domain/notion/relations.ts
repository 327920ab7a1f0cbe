/**
 * Relation properties under Notion's data-source API (2025-09-03 on): a relation's schema names
 * the data source its pages live in (`relation.data_source_id`, beside the container's
 * `database_id`), and that data source is the one to query for pages to link. Values are
 * written and read as lists of page ids. A two-way relation (`dual_property`) has a reverse
 * property in its target, so the pages related to one page are one query there.
 */
export interface RelationSchema {
  type: string;
  relation?: {
    data_source_id?: string;
    database_id?: string;
    /** `dual_property` for a two-way relation, whose target holds the reverse property. */
    type?: string;
    dual_property?: { synced_property_id?: string };
  };
}

/** A two-way relation's other side: the target data source and its property listing the source page. */
export interface ReverseSide {
  dataSourceId: string;
  propertyId: string;
}

/** The data source a relation points into, or null for a property that is not a relation. */
export function relationTargetOf(property: RelationSchema): string | null {
  return property.type === 'relation' ? (property.relation?.data_source_id ?? null) : null;
}

/**
 * The reverse side of a two-way relation (`dual_property`: its target data source holds the
 * synced property), or null for a one-way relation or any other property.
 */
export function reverseSideOf(property: RelationSchema): ReverseSide | null {
  const dataSourceId = relationTargetOf(property);
  const propertyId = property.relation?.dual_property?.synced_property_id;
  if (!dataSourceId || property.relation?.type !== 'dual_property' || !propertyId) return null;
  return { dataSourceId, propertyId };
}

/** The value that sets a relation to exactly these pages (in this order). */
export const relationValue = (pageIds: readonly string[]) => ({ relation: pageIds.map((id) => ({ id })) });

/** The page ids of a relation value as a page answers it (empty for anything else). */
export function relationPageIds(value: unknown): string[] {
  const items = (value as { relation?: unknown } | null)?.relation;
  return Array.isArray(items)
    ? items.flatMap((item) => (typeof (item as { id?: unknown })?.id === 'string' ? [(item as { id: string }).id] : []))
    : [];
}

/** The page ids of a relation's property items (GET pages/{id}/properties/{id}), in Notion's order. */
export const relationItemIds = (items: readonly Record<string, unknown>[]): string[] =>
  items.flatMap((item) => {
    const id = (item.relation as { id?: unknown } | undefined)?.id;
    return item.type === 'relation' && typeof id === 'string' ? [id] : [];
  });

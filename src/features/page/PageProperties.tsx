/**
 * The page's properties but its title, in the data source's order once its schema is known
 * (else in the order Notion listed them on the page), each read through its codec; one at a
 * time in edit mode. The setting's display config puts some behind "Show N more properties"
 * (display/); in relation mode all show. An edit is saved through the outbox with the value the user saw as its
 * base, and the page and property names for the failed and conflict lists.
 */
import { useState } from 'react';
import type { CachedDataSourceSchema } from '../../data/db/schema.ts';
import { readProperty, type PropertyShape, type SchemaProperty } from '../../data/notion/codecs/index.ts';
import type { PageSnapshot } from '../../data/outbox/entry.ts';
import { arrangeProperties, type DisplayConfig } from '../../domain/notion/displayConfig.ts';
import { ToggleableProperties } from './display/ToggleableProperties.tsx';
import { PropertyRow } from './PropertyRow.tsx';

interface Props {
  authId: string;
  snapshot: PageSnapshot;
  schema: CachedDataSourceSchema | undefined;
  onSave: (propertyId: string, name: string, shape: PropertyShape) => void;
  /** The active setting's display config (null: not customised, all always visible). */
  display: DisplayConfig | null;
  /** Relation mode: every property shows, none behind the toggle. */
  showAll: boolean;
}

export function PageProperties({ authId, snapshot, schema, onSave, display, showAll }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const names = snapshot.page?.propertyNames ?? {};
  const listed = schema
    ? schema.properties.map((property) => ({
        id: property.id,
        name: property.name,
        schema: property as SchemaProperty,
      }))
    : Object.entries(names).map(([id, name]) => ({ id, name, schema: undefined }));
  const shown = listed.filter(({ id }) => {
    const value = snapshot.properties[id];
    return id in snapshot.properties && !(value && 'title' in value);
  });
  const row = ({ id, name, schema: property }: (typeof shown)[number]) => (
    <PropertyRow
      key={id}
      authId={authId}
      workspaceId={snapshot.workspaceId}
      pageId={snapshot.pageId}
      propertyId={id}
      dataSourceId={snapshot.page?.dataSourceId ?? null}
      name={name}
      shape={readProperty(snapshot.properties[id], property)}
      schema={property}
      editing={editing === id}
      onEdit={(on) => setEditing(on ? id : null)}
      onSave={(shape) => onSave(id, name, shape)}
    />
  );
  const { alwaysVisible, toggleable } = arrangeProperties(shown, display);
  const hidden = showAll ? [] : toggleable;
  return (
    <>
      <dl className="page-properties">{(showAll ? [...alwaysVisible, ...toggleable] : alwaysVisible).map(row)}</dl>
      {hidden.length > 0 && (
        <ToggleableProperties dataSourceId={snapshot.page?.dataSourceId ?? snapshot.pageId} count={hidden.length}>
          {hidden.map(row)}
        </ToggleableProperties>
      )}
    </>
  );
}

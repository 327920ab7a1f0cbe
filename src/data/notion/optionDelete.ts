/**
 * Deleting a select or multi-select option (spec 2 §4, §8): a schema update of the page's data
 * source (PATCH data_sources/{id}) that sends every option but the deleted one. The options are
 * read from Notion first, not from the cached schema, so an option someone added since the
 * schema was cached is kept. Notion answers the new schema, which replaces the cached one.
 * An option already gone is not sent again. Online only: it changes the database for every page, not one value the outbox could queue.
 */
import { optionsOf, optionsWithout, type OptionType } from '../../domain/notion/schemaOptions.ts';
import { storeDataSourceSchema } from '../db/dataSourceSchemas.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { NotionClient } from './client.ts';

export interface OptionToDelete {
  authId: string;
  workspaceId: string;
  dataSourceId: string;
  propertyId: string;
  type: OptionType;
  name: string;
}

export async function deleteSchemaOption(
  { authId, workspaceId, dataSourceId, propertyId, type, name }: OptionToDelete,
  {
    notion,
    database = defaultDb,
    now = Date.now,
  }: { notion: Pick<NotionClient, 'dataSource' | 'updateDataSource'>; database?: SidenoteDatabase; now?: () => number },
): Promise<void> {
  const fetchedAt = now();
  const current = await notion.dataSource(workspaceId, dataSourceId);
  const options = optionsOf(
    current.properties.find((property) => property.id === propertyId),
    type,
  );
  // gone already (or its property is): nothing to send — an empty list would delete every option
  if (!options.some((option) => option.name === name)) {
    await storeDataSourceSchema(
      { authId, workspaceId, dataSourceId, properties: current.properties, fetchedAt },
      database,
    );
    return;
  }
  const body = { properties: { [propertyId]: { [type]: { options: optionsWithout(options, name) } } } };
  const properties = await notion.updateDataSource(workspaceId, dataSourceId, body);
  await storeDataSourceSchema({ authId, workspaceId, dataSourceId, properties, fetchedAt }, database);
}

/**
 * The schemas of the data sources whose pages the user views (issue 17): the editor reads a
 * property's name, type, options and number format from here, so a visited page paints with
 * no request; a view reads the schema again when it is older than DATA_SOURCE_SCHEMA_TTL_MS.
 * Wiped with the other caches on sign-in and sign-out.
 */
import { isFresh } from '../../domain/settings/activeSetting.ts';
import { db as defaultDb, type CachedDataSourceSchema, type SidenoteDatabase } from './schema.ts';
import { DATA_SOURCE_SCHEMA_TTL_MS } from './ttl.ts';

export const readDataSourceSchema = (
  authId: string,
  dataSourceId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<CachedDataSourceSchema | undefined> => database.dataSourceSchemas.get([authId, dataSourceId]);

export const isSchemaFresh = (schema: CachedDataSourceSchema | undefined, now = Date.now()): boolean =>
  schema !== undefined && isFresh(schema.fetchedAt, DATA_SOURCE_SCHEMA_TTL_MS, now);

export async function storeDataSourceSchema(
  schema: CachedDataSourceSchema,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  await database.dataSourceSchemas.put(schema);
}

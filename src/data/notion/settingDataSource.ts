/**
 * The data source of a setting saved with a database id only (domain/settings/dataSourceDiscovery.ts
 * says which): GET databases/{id} for its sources — one request when it has one, as when the
 * setting was saved; else each source's schema, to find the one holding the mapped properties.
 */
import { legacyDataSource } from '../../domain/settings/dataSourceDiscovery.ts';
import type { Mapping } from '../../domain/settings/mapping.ts';
import { appError } from '../errors/appError.ts';
import type { NotionClient } from './client.ts';

export type DataSourceApi = Pick<NotionClient, 'database' | 'dataSource'>;

export async function discoverDataSource(
  api: DataSourceApi,
  workspaceId: string,
  databaseId: string,
  mapping: Mapping,
): Promise<string> {
  const { dataSources } = await api.database(workspaceId, databaseId);
  if (dataSources.length === 1) return dataSources[0].id;
  const schemas = await Promise.all(
    dataSources.map(async ({ id }) => ({
      id,
      propertyIds: (await api.dataSource(workspaceId, id)).properties.map((property) => property.id),
    })),
  );
  const chosen = legacyDataSource(schemas, mapping);
  if (!chosen) throw appError({ kind: 'notFound' }, 'The database has no data source');
  return chosen;
}

/**
 * What a `/rest/v1` handler is given once the request is parsed and its transaction is open
 * (as the caller's role), and the schema-cache helpers handlers share: finding a table with
 * PostgREST's PGRST205 "Could not find the table" answer, and naming its columns for SQL.
 */
import type { SqlClient } from '../db/database.ts';
import type { GatewayRequest } from '../gateway/http.ts';
import { ident, type Relation } from './build-sql.ts';
import { closestName, EXPOSED_SCHEMA, type SchemaCatalog, type TableInfo } from './catalog.ts';
import { tableNotFound } from './errors.ts';
import type { Preferences } from './negotiate.ts';
import type { Condition, ParsedQuery } from './query-ast.ts';

export interface RestRequest {
  req: GatewayRequest;
  tx: SqlClient;
  catalog: SchemaCatalog;
  query: ParsedQuery;
  prefs: Preferences;
  /** `Accept: application/vnd.pgrst.object+json` (`.single()`). */
  singular: boolean;
  /** PostgREST's max-rows (config.toml `[api] max_rows`). */
  maxRows: number;
}

export function qualifiedTable(name: string): string {
  return `${ident(EXPOSED_SCHEMA)}.${ident(name)}`;
}

export function tableRelation(table: TableInfo, qualifier = qualifiedTable(table.name)): Relation {
  return { qualifier, label: table.name, columns: table.columns };
}

function conditionColumns(condition: Condition, into: Set<string>): void {
  if (condition.kind === 'filter') into.add(condition.filter.field.name);
  else condition.children.forEach((c) => conditionColumns(c, into));
}

/** Every column the query names (select, filters, order), to validate against the catalog. */
export function referencedColumns(query: ParsedQuery): Set<string> {
  const names = new Set<string>();
  for (const item of query.select) if (item.kind === 'field') names.add(item.field.name);
  for (const condition of query.conditions) conditionColumns(condition, names);
  for (const term of query.order) names.add(term.field.name);
  return names;
}

export async function requireTable(rr: RestRequest, name: string, columns: Iterable<string> = []): Promise<TableInfo> {
  const table = await rr.catalog.tableWithColumns(rr.tx, name, columns);
  if (table) return table;
  throw tableNotFound(EXPOSED_SCHEMA, name, closestName(name, await rr.catalog.names(rr.tx, 'table')));
}

/**
 * INSERT / UPDATE / DELETE statements for `/rest/v1/<table>`, shaped like PostgREST's: the
 * JSON payload is one bound parameter read with `json_to_recordset(…) as pgrst_body(col type…)`,
 * typed from the catalog, so Postgres converts every value exactly as PostgREST has it do.
 *
 * What must stay true:
 * - only payload columns that exist in the catalog reach the SQL (the caller checked them);
 * - a column missing from one object of a bulk insert is NULL, unless `Prefer: missing=default`
 *   asks for its DEFAULT — as in PostgREST;
 * - upsert updates exactly the payload columns (`merge-duplicates`) or skips conflicting rows
 *   (`ignore-duplicates`), on `on_conflict=` columns or the primary key.
 */
import { ident, type Params } from './build-sql.ts';
import type { TableInfo } from './catalog.ts';
import { qualifiedTable } from './rest-request.ts';

function typedColumns(table: TableInfo, columns: string[]): string {
  return columns.map((c) => `${ident(c)} ${table.columns.get(c)!.type}`).join(', ');
}

export interface InsertSpec {
  table: TableInfo;
  rows: unknown[];
  columns: string[];
  missingDefault: boolean;
  conflict?: { target: string[]; merge: boolean };
  returning: boolean;
}

export function insertSql(spec: InsertSpec, params: Params): string {
  const { table, rows, columns } = spec;
  const target = qualifiedTable(table.name);
  const names = columns.map(ident).join(', ');
  let sql: string;
  if (columns.length === 0) {
    // `{}` or `[{}, {}]`: one row of defaults per object.
    sql = `insert into ${target} select from json_array_elements(${params.add(JSON.stringify(rows))}::json)`;
  } else if (!spec.missingDefault || rows.length === 0) {
    sql = `insert into ${target} (${names}) select ${names}
             from json_to_recordset(${params.add(JSON.stringify(rows))}::json) as pgrst_body(${typedColumns(table, columns)})`;
  } else {
    const values = rows.map((row) => {
      const object = row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as object) : undefined;
      const placeholder = params.add(JSON.stringify(row));
      const cells = columns.map((c) =>
        object && !Object.hasOwn(object, c)
          ? 'default'
          : `(select pgrst_body.${ident(c)} from json_to_record(${placeholder}::json) as pgrst_body(${typedColumns(table, [c])}))`,
      );
      return `(${cells.join(', ')})`;
    });
    sql = `insert into ${target} (${names}) values ${values.join(', ')}`;
  }
  if (spec.conflict) {
    const on = spec.conflict.target.length > 0 ? ` (${spec.conflict.target.map(ident).join(', ')})` : '';
    if (spec.conflict.merge && columns.length > 0) {
      const set = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ');
      sql += ` on conflict${on} do update set ${set}`;
    } else {
      sql += ` on conflict${on} do nothing`;
    }
  }
  return spec.returning ? `${sql} returning ${target}.*` : sql;
}

export function updateSql(
  table: TableInfo,
  payload: unknown,
  columns: string[],
  where: string,
  returning: boolean,
  params: Params,
): string {
  const target = qualifiedTable(table.name);
  const set = columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  const sql = `update ${target} set ${set}
                 from json_to_record(${params.add(JSON.stringify(payload))}::json) as pgrst_body(${typedColumns(table, columns)})
               ${where}`;
  return returning ? `${sql} returning ${target}.*` : sql;
}

export function deleteSql(table: TableInfo, where: string, returning: boolean): string {
  const target = qualifiedTable(table.name);
  return `delete from ${target} ${where}${returning ? ` returning ${target}.*` : ''}`;
}

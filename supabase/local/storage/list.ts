/**
 * POST /object/list/<bucket> — storage-js `list(prefix, {limit, offset, sortBy, search})`,
 * with storage-api's semantics (its `storage.search` SQL function):
 * - `prefix` is a folder: a missing trailing `/` is added; `search` continues it, so the match
 *   is "name starts with prefix + search", case-insensitively;
 * - one level is listed: a name continuing past a `/` after the match shows as a folder entry
 *   (name only, `id`, dates and `metadata` null), each folder once;
 * - names are relative to the prefix; sorting by name interleaves folders and files as the
 *   underlying keys sort (lowercase, byte order), any other column lists folders first;
 * - `limit` defaults to 100 and is capped at 1500; `offset` skips entries.
 * The query runs as the caller, so RLS decides which objects (and so which folders) exist.
 *
 * What must stay true: the entry shape `{name, id, updated_at, created_at, last_accessed_at,
 * metadata}` — the app reads `name` and `metadata`.
 */
import { json, jsonBody, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { asCaller, type Caller, type StorageDeps } from './caller.ts';
import { ERRORS } from './errors.ts';

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
type SortColumn = (typeof SORT_COLUMNS)[number];

interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: SortColumn;
  descending: boolean;
}

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Validates the body like storage-api's route schema (fastify/ajv messages). */
function parseOptions(req: GatewayRequest): ListOptions {
  let body: unknown;
  try {
    body = jsonBody(req);
  } catch {
    throw ERRORS.invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ERRORS.invalidRequest('body must be object');
  const b = body as Record<string, unknown>;
  if (typeof b.prefix !== 'string') {
    throw ERRORS.invalidRequest(
      b.prefix === undefined ? "body must have required property 'prefix'" : 'body/prefix must be string',
    );
  }
  if (b.limit !== undefined && !(isInteger(b.limit) && b.limit >= 1))
    throw ERRORS.invalidRequest('body/limit must be >= 1');
  if (b.offset !== undefined && !(isInteger(b.offset) && b.offset >= 0))
    throw ERRORS.invalidRequest('body/offset must be >= 0');
  if (b.search !== undefined && typeof b.search !== 'string') throw ERRORS.invalidRequest('body/search must be string');
  const sortBy = (b.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column ?? 'name';
  if (!SORT_COLUMNS.includes(column as SortColumn)) {
    throw ERRORS.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc') {
    throw ERRORS.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  }
  const prefix = b.prefix.length > 0 && !b.prefix.endsWith('/') ? `${b.prefix}/` : b.prefix;
  return {
    prefix,
    search: (b.search as string | undefined) ?? '',
    limit: Math.min((b.limit as number | undefined) ?? 100, 1500),
    offset: (b.offset as number | undefined) ?? 0,
    column: column as SortColumn,
    descending: sortBy.order === 'desc',
  };
}

/** $1 bucket, $2 prefix + search, $3 prefix, $4 limit, $5 offset. */
function listSql(column: SortColumn, descending: boolean): string {
  const dir = descending ? 'desc' : 'asc';
  const order =
    column === 'name'
      ? `(lower(name) || case when is_folder then '/' else '' end) collate "C" ${dir}`
      : `is_folder desc, (case when is_folder then name end) ${dir}, ${column} ${dir}, name collate "C"`;
  return `
    with matched as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             strpos(substr(o.name, length($2) + 1), '/') as cut
        from storage.objects o
       where o.bucket_id = $1 and starts_with(lower(o.name), lower($2))
    ),
    folders as (
      select distinct on (lower(f.name)) f.name
        from (select substr(name, length($3) + 1, length($2) - length($3) + cut - 1) as name
                from matched where cut > 0) f
       order by lower(f.name), f.name
    ),
    entries as (
      select name, true as is_folder, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
        from folders
      union all
      select substr(name, length($3) + 1), false, id, updated_at, created_at, last_accessed_at, metadata
        from matched where cut = 0
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata
      from entries order by ${order} limit $4 offset $5`;
}

export async function listRoute(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  bucketId: string,
): Promise<GatewayResponse> {
  const options = parseOptions(req);
  const { rows } = await asCaller(deps, caller, req, (tx) =>
    tx.query(listSql(options.column, options.descending), [
      bucketId,
      options.prefix + options.search,
      options.prefix,
      options.limit,
      options.offset,
    ]),
  );
  return json(200, rows);
}

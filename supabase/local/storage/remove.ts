/**
 * Deleting objects: DELETE /object/<bucket> with `{prefixes: [...]}` (storage-js `remove`),
 * answering the removed rows, and DELETE /object/<bucket>/<key> (one object,
 * `{message: 'Successfully deleted'}` or "Object not found").
 *
 * The `delete` runs as the caller, so RLS decides: rows the caller may not delete are silently
 * left alone and absent from the answer — as on hosted Supabase, where `remove` of another
 * user's avatar "succeeds" with `[]`. Files go only after the transaction committed.
 *
 * What must stay true: a file is removed only when its row's deletion committed.
 */
import type { SqlClient } from '../db/database.ts';
import { json, jsonBody, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { asCaller, type Caller, type StorageDeps } from './caller.ts';
import { ERRORS } from './errors.ts';

interface DeletedObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: unknown;
  user_metadata: unknown;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

const RETURNING =
  'returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

async function deleteRows(tx: SqlClient, bucketId: string, names: string[]): Promise<DeletedObject[]> {
  const { rows } = await tx.query<DeletedObject>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) ${RETURNING}`,
    [bucketId, names],
  );
  return rows;
}

async function removeFiles(deps: StorageDeps, rows: DeletedObject[]): Promise<void> {
  await Promise.all(rows.map((row) => deps.blobs.remove(row.bucket_id, row.name, row.version).catch(() => undefined)));
}

/** Storage-api's object schema renders a null string column as "" (fast-json-stringify). */
function render(row: DeletedObject) {
  return { ...row, owner: row.owner ?? '', owner_id: row.owner_id ?? '', version: row.version ?? '' };
}

function parsePrefixes(req: GatewayRequest): string[] {
  let body: unknown;
  try {
    body = jsonBody(req);
  } catch {
    throw ERRORS.invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  const prefixes = (body as { prefixes?: unknown } | undefined)?.prefixes;
  if (prefixes === undefined) throw ERRORS.invalidRequest("body must have required property 'prefixes'");
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw ERRORS.invalidRequest('body/prefixes must be array');
  }
  if (prefixes.length === 0) throw ERRORS.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  return prefixes as string[];
}

/** DELETE /object/<bucket> `{prefixes}`. */
export async function removeManyRoute(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  bucketId: string,
): Promise<GatewayResponse> {
  const prefixes = parsePrefixes(req);
  const rows = await asCaller(deps, caller, req, (tx) => deleteRows(tx, bucketId, prefixes));
  await removeFiles(deps, rows);
  return json(200, rows.map(render));
}

/** DELETE /object/<bucket>/<key>. */
export async function removeOneRoute(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  bucketId: string,
  key: string,
): Promise<GatewayResponse> {
  const rows = await asCaller(deps, caller, req, (tx) => deleteRows(tx, bucketId, [key]));
  if (rows.length === 0) throw ERRORS.noSuchKey();
  await removeFiles(deps, rows);
  return json(200, { message: 'Successfully deleted' });
}

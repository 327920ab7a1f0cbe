/**
 * Buckets: the service's own lookups (as the storage service itself, like storage-api's
 * `asSuperUser().findBucketById` before an upload or a public read) and the read-only bucket
 * routes supabase-js offers (`listBuckets`, `getBucket`), which run as the caller so RLS on
 * `storage.buckets` decides what they see — with no policy there, only the service role sees
 * buckets, as on hosted Supabase. Creating, updating and deleting buckets is done in SQL
 * (migrations, fixtures), not through this API.
 *
 * What must stay true: `file_size_limit` is a number (Postgres bigint arrives as a string).
 */
import type { SqlClient } from '../db/database.ts';
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { asCaller, type Caller, type StorageDeps } from './caller.ts';
import { ERRORS } from './errors.ts';

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, created_at, updated_at';

function normalize(row: Bucket): Bucket {
  return {
    ...row,
    public: Boolean(row.public),
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
  };
}

async function selectBuckets(tx: SqlClient, id?: string): Promise<Bucket[]> {
  const where = id === undefined ? '' : 'where id = $1';
  const { rows } = await tx.query<Bucket>(
    `select ${COLUMNS} from storage.buckets ${where} order by name`,
    id === undefined ? [] : [id],
  );
  return rows.map(normalize);
}

/** The bucket as the storage service sees it (no RLS); throws "Bucket not found". */
export async function findBucket(deps: StorageDeps, id: string, filters: { isPublic?: boolean } = {}): Promise<Bucket> {
  const [bucket] = await deps.ctx.db.transaction((tx) => selectBuckets(tx, id));
  if (!bucket || (filters.isPublic !== undefined && bucket.public !== filters.isPublic)) {
    throw ERRORS.noSuchBucket();
  }
  return bucket;
}

/**
 * A bucket as storage-api's response schema renders it: no `owner_id`, and (fast-json-stringify)
 * a null `owner` as "".
 */
function render(b: Bucket) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit,
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

/** GET /bucket and GET /bucket/<id>, as the caller. */
export async function bucketRoute(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  id: string | undefined,
): Promise<GatewayResponse> {
  const buckets = await asCaller(deps, caller, req, (tx) => selectBuckets(tx, id));
  if (id === undefined) return json(200, buckets.map(render));
  if (!buckets[0]) throw ERRORS.noSuchBucket();
  return json(200, render(buckets[0]));
}

/**
 * Uploads: POST /object/<bucket>/<key> (`upload`, overwriting only with `x-upsert: true`) and
 * PUT /object/<bucket>/<key> (`update`, always overwriting), answering `{Id, Key}`.
 *
 * Storage-api checks the RLS policies by trying the row write as the caller, then writes the
 * bytes, then the final row. Here the row write as the caller *is* the final write, done first
 * in one transaction: `insert` (or `insert … on conflict do update` for an upsert) as the JWT's
 * role, with owner = auth.uid() and the full metadata, so RLS sees exactly the row that will
 * exist. Only when that statement succeeds are the bytes written — as a new version file — and
 * the transaction commits. A refused or failed write therefore leaves no file and no row, and
 * an overwrite removes the previous version's file only after the commit.
 *
 * (Known gap, PostgreSQL only: two concurrent upserts of a key that did not exist yet can leave
 * the first one's file behind — unreferenced, never served, just disk space.)
 *
 * What must stay true: no bytes are written before the caller's row write succeeded; the row
 * and the file of a committed upload always agree (`metadata.size` = file length).
 */
import { createHash, randomUUID } from 'node:crypto';
import { header, json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { findBucket } from './buckets.ts';
import { asCaller, ownerOf, type Caller, type StorageDeps } from './caller.ts';
import { ERRORS, StorageApiError } from './errors.ts';
import { checkBucketRules, readIncomingFile, type IncomingFile } from './incoming-file.ts';

/** `storage.objects.metadata`, as storage-api records it from the backend's answer. */
function objectMetadata(file: IncomingFile) {
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
}

export async function uploadRoute(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  bucketId: string,
  key: string,
): Promise<GatewayResponse> {
  const upsert = req.method === 'PUT' || header(req, 'x-upsert') === 'true';
  const bucket = await findBucket(deps, bucketId);
  const file = await readIncomingFile(req);
  checkBucketRules(file, bucket, deps.ctx.config.storageFileSizeLimitBytes);

  const version = randomUUID();
  const { owner, ownerId } = ownerOf(caller);
  const userMetadata = file.userMetadata ? JSON.stringify(file.userMetadata) : null;
  const values = [bucket.id, key, owner, ownerId, JSON.stringify(objectMetadata(file)), userMetadata, version];
  let previousVersion: string | null = null;
  let bytesTouched = false;
  let id: string;
  try {
    id = await asCaller(deps, caller, req, async (tx) => {
      let objectId: string;
      if (upsert) {
        // The row an upsert may replace is one the caller may select and update (else the
        // upsert below fails on RLS anyway): remember its version to delete its file later.
        const { rows } = await tx.query<{ version: string | null }>(
          'select version from storage.objects where bucket_id = $1 and name = $2 for update',
          [bucket.id, key],
        );
        previousVersion = rows[0]?.version ?? null;
        const result = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (name, bucket_id) do update
             set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                 user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()
           returning id`,
          values,
        );
        objectId = result.rows[0].id;
      } else {
        // No `returning`: like storage-api's insert, this needs only the INSERT policy.
        objectId = randomUUID();
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($8, $1, $2, $3, $4, $5, $6, $7)`,
          [...values, objectId],
        );
      }
      bytesTouched = true;
      await deps.blobs.write(bucket.id, key, version, file.bytes);
      return objectId;
    });
  } catch (error) {
    if (bytesTouched) await deps.blobs.remove(bucket.id, key, version).catch(() => undefined);
    if (error instanceof StorageApiError && error.code === 'ResourceAlreadyExists') throw ERRORS.keyAlreadyExists();
    throw error;
  }
  if (previousVersion && previousVersion !== version) {
    await deps.blobs.remove(bucket.id, key, previousVersion).catch(() => undefined);
  }
  return json(200, { Id: id, Key: `${bucket.id}/${key}` });
}

/**
 * Serving object bytes: GET/HEAD /object/public/<bucket>/<key> (the avatar URLs `getPublicUrl`
 * builds, fetched by `<img>` without any key) and GET/HEAD /object[/authenticated]/<bucket>/<key>
 * (storage-js `download` and `exists`).
 *
 * As storage-api does: a public URL needs a *public* bucket ("Bucket not found" otherwise) and
 * reads the object as the storage service — public buckets are readable by anyone whatever
 * the policies; an authenticated download finds the row as the caller, so RLS decides.
 * The response carries the stored content type (text/html is served as text/plain, as
 * storage-api does against stored XSS), the stored cache-control, ETag and Last-Modified;
 * `If-None-Match` gives 304 and `?download[=name]` an attachment disposition.
 *
 * What must stay true: a response's bytes are those of the row's current version.
 */
import type { SqlClient } from '../db/database.ts';
import { header, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { findBucket } from './buckets.ts';
import { asCaller, type Caller, type StorageDeps } from './caller.ts';
import { ERRORS } from './errors.ts';

interface StoredObject {
  version: string | null;
  metadata: { mimetype?: string; cacheControl?: string; eTag?: string; lastModified?: string } | null;
  updated_at: Date;
}

async function findObject(tx: SqlClient, bucketId: string, key: string): Promise<StoredObject> {
  const { rows } = await tx.query<StoredObject>(
    'select version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, key],
  );
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

function contentDisposition(download: string | null): Record<string, string> {
  if (download === null) return {};
  if (download === '') return { 'content-disposition': 'attachment;' };
  const name = encodeURIComponent(download);
  return { 'content-disposition': `attachment; filename=${name}; filename*=UTF-8''${name};` };
}

async function render(
  deps: StorageDeps,
  req: GatewayRequest,
  bucketId: string,
  key: string,
  object: StoredObject,
): Promise<GatewayResponse> {
  const bytes = await deps.blobs.read(bucketId, key, object.version);
  if (!bytes) throw ERRORS.resourceNotFound();
  const meta = object.metadata ?? {};
  const mimeType = meta.mimetype ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': mimeType.includes('text/html') ? 'text/plain' : mimeType,
    'cache-control': meta.cacheControl ?? 'no-cache',
    'last-modified': new Date(meta.lastModified ?? object.updated_at).toUTCString(),
    'content-length': String(bytes.length),
    ...(meta.eTag ? { etag: meta.eTag } : {}),
    ...contentDisposition(req.url.searchParams.get('download')),
  };
  if (meta.eTag && header(req, 'if-none-match') === meta.eTag) {
    delete headers['content-length'];
    return { status: 304, headers };
  }
  return { status: 200, headers, body: req.method === 'HEAD' ? undefined : bytes };
}

/** GET/HEAD /object/public/<bucket>/<key>: no JWT needed, the bucket must be public. */
export async function publicObjectRoute(
  deps: StorageDeps,
  req: GatewayRequest,
  bucketId: string,
  key: string,
): Promise<GatewayResponse> {
  const bucket = await findBucket(deps, bucketId, { isPublic: true });
  const object = await deps.ctx.db.transaction((tx) => findObject(tx, bucket.id, key));
  return render(deps, req, bucket.id, key, object);
}

/** GET/HEAD /object[/authenticated]/<bucket>/<key>: the caller must be allowed to select the row. */
export async function authenticatedObjectRoute(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  bucketId: string,
  key: string,
): Promise<GatewayResponse> {
  const object = await asCaller(deps, caller, req, (tx) => findObject(tx, bucketId, key));
  return render(deps, req, bucketId, key, object);
}

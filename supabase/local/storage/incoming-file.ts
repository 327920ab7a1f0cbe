/**
 * The file inside an upload request, read the way storage-api reads it
 * (src/storage/uploader.ts, `fileUploadFromRequest`), because storage-js sends two shapes:
 * - a `Blob`/`File` (what the browser app uploads) goes as `multipart/form-data` with a
 *   `cacheControl` field (seconds) and the file under the field name '' — the content type is
 *   the part's, i.e. the Blob's `type` (a `contentType` field overrides it);
 * - anything else (`Buffer`, `ArrayBuffer`, string, stream) goes as the raw body with
 *   `content-type` from the `contentType` option and `cache-control: max-age=<seconds>`.
 * Then the bucket's rules apply in storage-api's order: mime type, then size (the smaller of
 * the bucket's `file_size_limit` and the project's `[storage] file_size_limit`).
 *
 * What must stay true: a refused file is refused here, before any row or byte is written.
 */
import { header, type GatewayRequest } from '../gateway/http.ts';
import type { Bucket } from './buckets.ts';
import { ERRORS } from './errors.ts';

export interface IncomingFile {
  bytes: Buffer;
  mimeType: string;
  /** As stored in metadata and served back, e.g. `max-age=3600`. */
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // storage-api ignores unreadable metadata
  }
}

async function readMultipart(req: GatewayRequest, contentType: string): Promise<IncomingFile> {
  let form: FormData;
  try {
    const body = new Uint8Array(req.body.buffer as ArrayBuffer, req.body.byteOffset, req.body.byteLength);
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ERRORS.noContentProvided();
  }
  let file: File | undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] ??= value;
    else file ??= value;
  }
  if (!file) throw ERRORS.noContentProvided();
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimeType: fields.contentType || file.type || 'application/octet-stream',
    cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
    userMetadata: parseJsonObject(fields.metadata ?? fields.userMetadata),
  };
}

/** Reads the file of an upload (POST/PUT /object/<bucket>/<key>). */
export async function readIncomingFile(req: GatewayRequest): Promise<IncomingFile> {
  const contentType = header(req, 'content-type');
  if (contentType?.toLowerCase().startsWith('multipart/form-data')) return readMultipart(req, contentType);
  const metadata = header(req, 'x-metadata');
  return {
    bytes: req.body,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: header(req, 'cache-control') ?? 'no-cache',
    userMetadata: metadata ? parseJsonObject(Buffer.from(metadata, 'base64').toString('utf8')) : undefined,
  };
}

/** Storage-api's validateMimeType: `type/subtype` against `type/subtype` or `type/*`. */
export function isAllowedMimeType(mimeType: string, allowed: string[]): boolean {
  const [type, subtype] = mimeType.split(';')[0].trim().toLowerCase().split('/');
  if (!type || !subtype) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** Throws storage-api's InvalidMimeType or EntityTooLarge when the bucket refuses the file. */
export function checkBucketRules(file: IncomingFile, bucket: Bucket, projectLimitBytes: number): void {
  if (bucket.allowed_mime_types?.length && !isAllowedMimeType(file.mimeType, bucket.allowed_mime_types)) {
    throw ERRORS.invalidMimeType(file.mimeType);
  }
  const limit =
    bucket.file_size_limit === null ? projectLimitBytes : Math.min(bucket.file_size_limit, projectLimitBytes);
  if (file.bytes.length > limit) throw ERRORS.entityTooLarge();
}

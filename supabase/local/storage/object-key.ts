/**
 * Bucket names and object keys as they arrive in storage URLs (`/object/<bucket>/<key…>`).
 *
 * Storage-api accepts only S3-safe characters in keys (src/storage/limits.ts, `isValidKey`).
 * Because this local stack keeps the bytes in files named after the key, it is stricter in one
 * way: a key whose segments are empty, `.` or `..` (so also an absolute key, `/etc/passwd`) is
 * refused with storage-api's InvalidKey error before anything touches the database or the disk.
 *
 * What must stay true: `parseObjectPath` is the only way a URL becomes a key, and every key it
 * returns maps to a path strictly inside its bucket's folder (blob-store.ts checks again).
 */
import { ERRORS } from './errors.ts';

/** Storage-api's `isValidKey` / `isValidBucketName` character sets. */
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const VALID_BUCKET = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    VALID_KEY.test(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

export function isSafeBucketName(bucket: string): boolean {
  return bucket.length > 0 && bucket !== '.' && bucket !== '..' && VALID_BUCKET.test(bucket);
}

/** Throws storage-api's InvalidKey unless `key` is a safe object key. */
export function mustBeSafeKey(key: string): string {
  if (!isSafeKey(key)) throw ERRORS.invalidKey(key);
  return key;
}

/** Percent-decodes one URL segment; malformed encoding is storage-api's InvalidKey. */
export function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw ERRORS.invalidKey(text);
  }
}

/**
 * Splits `<bucket>/<key…>` (still percent-encoded, as in the URL) into a bucket and a decoded key,
 * like fastify's `/:bucketName/*`. The key is validated; the bucket only decoded (an unknown
 * bucket is answered with "Bucket not found" by whoever looks it up).
 */
export function parseObjectPath(encoded: string): { bucket: string; key: string } {
  const slash = encoded.indexOf('/');
  const bucket = decodeSegment(slash === -1 ? encoded : encoded.slice(0, slash));
  const key = slash === -1 ? '' : decodeSegment(encoded.slice(slash + 1));
  return { bucket, key: mustBeSafeKey(key) };
}

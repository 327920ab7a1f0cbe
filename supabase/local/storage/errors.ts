/**
 * Storage-api's error bodies, so supabase-js (storage-js) sees exactly what hosted Supabase
 * answers: `{statusCode, code, error, message}` where `statusCode` is the *semantic* status as a
 * string ('404', '409', '413', …) while the HTTP status is 400 for every client error and 500
 * for server errors — storage-api's error handler does that (an object not found is HTTP 400
 * with `statusCode: '404'`). storage-js turns the body into `StorageApiError(message, status,
 * statusCode)`.
 *
 * What must stay true: the texts below are storage-api's (src/internal/errors/codes.ts); apps
 * match on them ("The resource already exists", "new row violates row-level security policy").
 */
import { isPgError } from '../db/database.ts';
import { json, type GatewayResponse } from '../gateway/http.ts';

export class StorageApiError extends Error {
  constructor(
    /** The semantic status carried in the body, e.g. '404'. */
    readonly statusCode: string,
    /** Storage-api's `ErrorCode`, e.g. 'NoSuchKey'. */
    readonly code: string,
    /** The backwards-compatible `error` text, e.g. 'not_found'; defaults to `code`. */
    readonly error: string,
    message: string,
    readonly httpStatus: number = statusCode === '500' ? 500 : 400,
  ) {
    super(message);
  }

  toResponse(): GatewayResponse {
    return json(this.httpStatus, {
      statusCode: this.statusCode,
      code: this.code,
      error: this.error,
      message: this.message,
    });
  }
}

const make = (statusCode: string, code: string, message: string, error = code) =>
  new StorageApiError(statusCode, code, error, message);

export const ERRORS = {
  noSuchBucket: () => make('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => make('404', 'NoSuchKey', 'Object not found', 'not_found'),
  /** The row exists but its bytes do not (storage-api's renderer on a backend 404). */
  resourceNotFound: () => make('404', 'NoSuchKey', 'The resource was not found', 'Not found'),
  invalidKey: (key: string) => make('400', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => make('400', 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  accessDenied: (message: string) => make('403', 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  keyAlreadyExists: () => make('409', 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () => make('409', 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  relatedResourceNotFound: () => make('404', 'InvalidRequest', 'The related resource does not exist'),
  entityTooLarge: () =>
    make('413', 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    make('415', 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  noContentProvided: () => make('400', 'InvalidRequest', 'No content provided'),
  /** A request body that fails the route's schema (storage-api validates with fastify/ajv). */
  invalidRequest: (message: string) => make('400', 'InvalidRequest', message),
  /** A storage-api feature this local stack does not emulate (storage-api's NotSupported). */
  notSupported: (feature: string) =>
    make('409', 'NotSupported', `The feature ${feature} is not enabled for this resource`),
  databaseError: (code: string) => make('500', 'DatabaseError', `database error, code: ${code}`),
};

/** Fastify's answer for a path no route matches (storage-api keeps fastify's default). */
export function routeNotFound(method: string, path: string): GatewayResponse {
  return json(404, { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 });
}

/** Storage-api's DBError.fromDBError: Postgres errors become storage errors by SQLSTATE. */
export function fromDatabaseError(error: unknown): unknown {
  if (error instanceof StorageApiError || !isPgError(error)) return error;
  switch (error.code) {
    case '42501':
      return ERRORS.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      );
    case '23505':
      return ERRORS.resourceAlreadyExists();
    case '23503':
      return ERRORS.relatedResourceNotFound();
    default:
      return ERRORS.databaseError(error.code ?? 'unknown');
  }
}

/** jsonwebtoken's messages, which storage-api forwards when it refuses a JWT. */
export function jwtErrorMessage(reason: string, message: string): string {
  if (reason === 'expired') return 'jwt expired';
  if (reason === 'signature') return 'invalid signature';
  if (reason === 'malformed') return 'jwt malformed';
  return message;
}

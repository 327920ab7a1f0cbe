/**
 * `/storage/v1`: the part of Supabase Storage (storage-api) an avatars bucket needs, so the
 * unmodified storage-js inside supabase-js works against the local stack. Routes, as
 * storage-api's fastify routes match them (static segments before `/:bucket/*`):
 *
 *   POST     /object/list/<bucket>                 list a folder            (list.ts)
 *   POST|PUT /object/<bucket>/<key>                upload / update          (upload.ts)
 *   DELETE   /object/<bucket>   {prefixes}         remove                   (remove.ts)
 *   DELETE   /object/<bucket>/<key>                remove one               (remove.ts)
 *   GET|HEAD /object/public/<bucket>/<key>         public URL, no JWT       (download.ts)
 *   GET|HEAD /object[/authenticated]/<bucket>/<key> download / exists       (download.ts)
 *   GET      /bucket, /bucket/<id>                 buckets visible to caller (buckets.ts)
 *
 * Other storage-api routes (move, copy, signed URLs, image transforms, bucket writes, …) answer
 * storage-api's NotSupported error rather than something silently different; unknown paths get
 * fastify's 404. Object bytes live under `<dataDir>/storage` (blob-store.ts); rows live in
 * `storage.objects`, written and read as the caller's role so RLS policies decide.
 *
 * What must stay true: every error leaves as storage-api's body (errors.ts); nothing here
 * bypasses RLS except what storage-api itself does as the service (bucket lookups, public reads).
 */
import { join } from 'node:path';
import type { StackContext } from '../context.ts';
import type { GatewayRequest, GatewayResponse, Service } from '../gateway/http.ts';
import { BlobStore } from './blob-store.ts';
import { bucketRoute } from './buckets.ts';
import { callerOf, type StorageDeps } from './caller.ts';
import { authenticatedObjectRoute, publicObjectRoute } from './download.ts';
import { ERRORS, routeNotFound, StorageApiError } from './errors.ts';
import { listRoute } from './list.ts';
import { decodeSegment, parseObjectPath } from './object-key.ts';
import { removeManyRoute, removeOneRoute } from './remove.ts';
import { uploadRoute } from './upload.ts';

/** Storage-api routes under /object/ this stack does not emulate, by their first segment. */
const UNSUPPORTED_OBJECT_ROUTES = new Set(['move', 'copy', 'sign', 'upload', 'info', 'list-v2']);

async function route(deps: StorageDeps, req: GatewayRequest): Promise<GatewayResponse> {
  const { method } = req;
  const read = method === 'GET' || method === 'HEAD';
  const path = req.path;

  if (path.startsWith('/object/')) {
    const rest = path.slice('/object/'.length);
    const [first] = rest.split('/', 1);
    if (read && first === 'public') {
      const { bucket, key } = parseObjectPath(rest.slice('public/'.length));
      return publicObjectRoute(deps, req, bucket, key);
    }
    const caller = callerOf(deps, req);
    if (method === 'POST' && first === 'list') {
      return listRoute(deps, caller, req, decodeSegment(rest.slice('list/'.length)));
    }
    if (UNSUPPORTED_OBJECT_ROUTES.has(first)) throw ERRORS.notSupported(`object/${first}`);
    if (method === 'DELETE' && !rest.includes('/')) return removeManyRoute(deps, caller, req, decodeSegment(rest));
    const target = read && first === 'authenticated' ? rest.slice('authenticated/'.length) : rest;
    const { bucket, key } = parseObjectPath(target);
    if (read) return authenticatedObjectRoute(deps, caller, req, bucket, key);
    if (method === 'POST' || method === 'PUT') return uploadRoute(deps, caller, req, bucket, key);
    if (method === 'DELETE') return removeOneRoute(deps, caller, req, bucket, key);
  }

  if (path === '/bucket' || path === '/bucket/' || path.startsWith('/bucket/')) {
    const id = path.slice('/bucket/'.length);
    if (method === 'GET' && !id.includes('/')) {
      return bucketRoute(deps, callerOf(deps, req), req, id === '' ? undefined : decodeSegment(id));
    }
    throw ERRORS.notSupported(`bucket ${method}`);
  }
  if (path.startsWith('/render/')) throw ERRORS.notSupported('image transformation');
  return routeNotFound(method, path);
}

export function createStorageService(ctx: StackContext): Service {
  const deps: StorageDeps = { ctx, blobs: new BlobStore(join(ctx.dataDir, 'storage')) };
  return async (req) => {
    try {
      return await route(deps, req);
    } catch (error) {
      if (!(error instanceof StorageApiError)) throw error;
      if (error.httpStatus >= 500) console.error(`[storage] ${req.method} ${req.path}: ${error.message}`);
      return error.toResponse();
    }
  };
}

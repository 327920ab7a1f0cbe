/**
 * The endpoints the sandbox serves (the calls Sidenote makes), as method + path pattern →
 * handler, per API version: `/data_sources/…` from 2025-09-03 on, `/databases/{id}/query`
 * in 2022-06-28 only (the SDK 5.x has no such call). Any other path or method is Notion's
 * 400 `invalid_request_url`, as Notion answers a data-source path sent with an older version.
 */
import type { Handler } from './context.ts';
import { appendBlockChildren, listBlockChildren } from './routes-blocks.ts';
import { queryDataSource, retrieveDataSource, updateDataSource } from './routes-data-sources.ts';
import { queryDatabase, retrieveDatabase, updateDatabase } from './routes-databases.ts';
import { createFileUpload, retrieveFileUpload } from './routes-file-uploads.ts';
import { createPage, retrievePage, retrievePageProperty, updatePage } from './routes-pages.ts';
import { listUsers, search, usersMe } from './routes-workspace.ts';
import { type ApiVersion, isLegacy } from './versions.ts';

interface Route {
  /** Served to 2022-06-28 only (`legacy`), to later versions only (`current`), or to all. */
  versions?: 'legacy' | 'current';
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const SEGMENT = '([^/]+)';

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/v1\/users\/me$/, handler: usersMe },
  { method: 'GET', pattern: /^\/v1\/users$/, handler: listUsers },
  { method: 'POST', pattern: /^\/v1\/search$/, handler: search },
  { method: 'GET', pattern: new RegExp(`^/v1/databases/${SEGMENT}$`), handler: retrieveDatabase },
  { method: 'PATCH', pattern: new RegExp(`^/v1/databases/${SEGMENT}$`), handler: updateDatabase },
  {
    versions: 'legacy',
    method: 'POST',
    pattern: new RegExp(`^/v1/databases/${SEGMENT}/query$`),
    handler: queryDatabase,
  },
  {
    versions: 'current',
    method: 'GET',
    pattern: new RegExp(`^/v1/data_sources/${SEGMENT}$`),
    handler: retrieveDataSource,
  },
  {
    versions: 'current',
    method: 'PATCH',
    pattern: new RegExp(`^/v1/data_sources/${SEGMENT}$`),
    handler: updateDataSource,
  },
  {
    versions: 'current',
    method: 'POST',
    pattern: new RegExp(`^/v1/data_sources/${SEGMENT}/query$`),
    handler: queryDataSource,
  },
  { method: 'POST', pattern: /^\/v1\/pages$/, handler: createPage },
  { method: 'GET', pattern: new RegExp(`^/v1/pages/${SEGMENT}$`), handler: retrievePage },
  { method: 'PATCH', pattern: new RegExp(`^/v1/pages/${SEGMENT}$`), handler: updatePage },
  { method: 'GET', pattern: new RegExp(`^/v1/pages/${SEGMENT}/properties/${SEGMENT}$`), handler: retrievePageProperty },
  { versions: 'current', method: 'POST', pattern: /^\/v1\/file_uploads$/, handler: createFileUpload },
  {
    versions: 'current',
    method: 'GET',
    pattern: new RegExp(`^/v1/file_uploads/${SEGMENT}$`),
    handler: retrieveFileUpload,
  },
  { method: 'GET', pattern: new RegExp(`^/v1/blocks/${SEGMENT}/children$`), handler: listBlockChildren },
  { method: 'PATCH', pattern: new RegExp(`^/v1/blocks/${SEGMENT}/children$`), handler: appendBlockChildren },
];

/** The handler and path parameters for a request, or undefined when Notion has no such endpoint. */
export function route(
  version: ApiVersion,
  method: string,
  path: string,
): { handler: Handler; params: string[] } | undefined {
  const served = isLegacy(version) ? 'legacy' : 'current';
  for (const candidate of ROUTES) {
    if (candidate.method !== method || (candidate.versions && candidate.versions !== served)) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { handler: candidate.handler, params: match.slice(1) };
  }
  return undefined;
}

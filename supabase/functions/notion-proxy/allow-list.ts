/**
 * The Notion calls Sidenote makes (spec 1 §7, spec 2 §7 and issue 36's notes, moved to Notion-Version 2026-03-11:
 * schemas, queries and page parents belong to data sources), and nothing else: the proxy is not
 * an open relay. A request is forwarded only if its method and path match one of these, and
 * only the query parameters these endpoints take travel with it.
 *
 * Path parameters are checked, not copied: ids must be UUIDs (with or without dashes), a
 * property id must be a single path segment once decoded (no `/`, `\`, `.` or `..`), and the
 * upstream path is rebuilt from them — so no encoded traversal (`%2e%2e`, `%2f`) reaches Notion.
 */

import { FILE_UPLOAD_ENDPOINTS } from './file-uploads.ts';

const UUID = '([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12})';
const SEGMENT = '([^/]+)';

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH';
  pattern: RegExp;
  /** The upstream path (below `/v1`) from the checked parameters. */
  build(params: string[]): string | undefined;
}

const fixed = (path: string) => () => path;

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', pattern: /^\/users\/me$/, build: fixed('/users/me') },
  { method: 'GET', pattern: /^\/users$/, build: fixed('/users') },
  { method: 'POST', pattern: /^\/search$/, build: fixed('/search') },
  // A database is a container (API 2025-09-03 on): read for its data sources only.
  { method: 'GET', pattern: new RegExp(`^/databases/${UUID}$`), build: ([id]) => `/databases/${id}` },
  { method: 'GET', pattern: new RegExp(`^/data_sources/${UUID}$`), build: ([id]) => `/data_sources/${id}` },
  { method: 'PATCH', pattern: new RegExp(`^/data_sources/${UUID}$`), build: ([id]) => `/data_sources/${id}` },
  {
    method: 'POST',
    pattern: new RegExp(`^/data_sources/${UUID}/query$`),
    build: ([id]) => `/data_sources/${id}/query`,
  },
  { method: 'POST', pattern: /^\/pages$/, build: fixed('/pages') },
  { method: 'GET', pattern: new RegExp(`^/pages/${UUID}$`), build: ([id]) => `/pages/${id}` },
  { method: 'PATCH', pattern: new RegExp(`^/pages/${UUID}$`), build: ([id]) => `/pages/${id}` },
  {
    method: 'GET',
    pattern: new RegExp(`^/pages/${UUID}/properties/${SEGMENT}$`),
    build: ([id, property]) => {
      const decoded = safeDecode(property);
      if (decoded === undefined || /[/\\]/.test(decoded) || /^\.{1,2}$/.test(decoded) || decoded.length > 200) {
        return undefined;
      }
      return `/pages/${id}/properties/${encodeURIComponent(decoded)}`;
    },
  },
  ...FILE_UPLOAD_ENDPOINTS,
  // A page's content (notes): list it, and append at its end. Nothing else of blocks.
  {
    method: 'GET',
    pattern: new RegExp(`^/blocks/${UUID}/children$`),
    build: ([id]) => `/blocks/${id}/children`,
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/blocks/${UUID}/children$`),
    build: ([id]) => `/blocks/${id}/children`,
  },
];

/** Query parameters the allowed endpoints take (pagination, property filtering). */
const FORWARDED_QUERY = new Set(['start_cursor', 'page_size', 'filter_properties', 'filter_properties[]']);

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The upstream path and query (`/pages/…?page_size=…`) for an allowed call, else undefined. */
export function allowedCall(method: string, path: string, query: URLSearchParams): string | undefined {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.method !== method) continue;
    const match = endpoint.pattern.exec(path);
    if (!match) continue;
    const upstreamPath = endpoint.build(match.slice(1));
    if (upstreamPath === undefined) return undefined;
    const forwarded = new URLSearchParams();
    for (const [name, value] of query) if (FORWARDED_QUERY.has(name)) forwarded.append(name, value);
    const search = forwarded.toString();
    return search ? `${upstreamPath}?${search}` : upstreamPath;
  }
  return undefined;
}

/**
 * The endpoints the sandbox serves (the 2022-06-28 calls Sidenote makes), as method + path
 * pattern → handler. Any other path or method is Notion's 400 `invalid_request_url`.
 */
import type { Handler } from './context.ts';
import { queryDatabase, retrieveDatabase, updateDatabase } from './routes-databases.ts';
import { createPage, retrievePage, retrievePageProperty, updatePage } from './routes-pages.ts';
import { listUsers, search, usersMe } from './routes-workspace.ts';

interface Route {
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
  { method: 'POST', pattern: new RegExp(`^/v1/databases/${SEGMENT}/query$`), handler: queryDatabase },
  { method: 'POST', pattern: /^\/v1\/pages$/, handler: createPage },
  { method: 'GET', pattern: new RegExp(`^/v1/pages/${SEGMENT}$`), handler: retrievePage },
  { method: 'PATCH', pattern: new RegExp(`^/v1/pages/${SEGMENT}$`), handler: updatePage },
  { method: 'GET', pattern: new RegExp(`^/v1/pages/${SEGMENT}/properties/${SEGMENT}$`), handler: retrievePageProperty },
];

/** The handler and path parameters for a request, or undefined when Notion has no such endpoint. */
export function route(method: string, path: string): { handler: Handler; params: string[] } | undefined {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { handler: candidate.handler, params: match.slice(1) };
  }
  return undefined;
}

/**
 * Calls straight to the stack's Notion sandbox with the demo key, as someone working in Notion
 * would (setting values behind the app's back, reading what reached Notion). The demo key is
 * the app's integration too, so a 429 is waited out as Notion asks, never counted as a failure.
 */
import type { BrowserContext, Route } from 'playwright-core';
import type { TestApp } from './app.ts';

export async function sandboxCall(
  app: TestApp,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const { url, demoKey } = app.stack.sandboxes!.notion;
  for (;;) {
    const response = await fetch(`${url}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${demoKey}`,
        'notion-version': '2026-03-11',
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  }
}

/** A relation's whole list, as Notion's property endpoint pages it (past the page object's 25). */
export async function relatedIds(app: TestApp, pageId: string, propertyId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&start_cursor=${cursor}` : '';
    const answer = (await sandboxCall(
      app,
      'GET',
      `/pages/${pageId}/properties/${encodeURIComponent(propertyId)}?page_size=100${query}`,
    )) as { results: { relation: { id: string } }[]; has_more: boolean; next_cursor: string | null };
    ids.push(...answer.results.map((item) => item.relation.id));
    cursor = answer.has_more ? answer.next_cursor : null;
  } while (cursor);
  return ids;
}

/**
 * Routes the app's calls to its Notion proxy matching `path` (a glob after /api/notion/v1) to
 * `handle` until the returned undo. The context's routes see the service worker's calls too.
 */
export async function routeNotion(
  context: BrowserContext,
  path: string,
  handle: (route: Route) => Promise<void>,
): Promise<() => Promise<void>> {
  const pattern = `**/api/notion/v1/${path}`;
  await context.route(pattern, handle);
  return () => context.unroute(pattern, handle);
}

/**
 * The worker fronts the Notion proxy (`/api/notion/v1/…`): every call a page makes to Notion
 * passes here and takes from the worker's one rate budget — the same one the worker's own
 * outbox drain uses (`workerNotionFetch`). A page's budget lives as long as the page; this one
 * outlives reloads and navigations and counts every open panel together, so the average stays
 * under Notion's 3 requests/s however often the panel reloads (ARCHITECTURE.md §3). A page's
 * request is sent only while that page is still open (forLivePage.ts).
 */
/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { NOTION_API_BASE } from '../src/data/notion/client.ts';
import { budgetedFetch, createRateBudget } from '../src/data/notion/rateBudget.ts';
import { timedFetch } from '../src/data/notion/timedFetch.ts';
import { forLivePage } from './forLivePage.ts';

declare const self: ServiceWorkerGlobalScope;

const budget = createRateBudget();

/** `fetch` to Notion through the worker's budget (the drain's client uses it too). */
export const workerNotionFetch: typeof fetch = budgetedFetch(timedFetch, budget);

const toNotion = ({ url }: { url: URL }) =>
  url.origin === self.location.origin && url.pathname.startsWith(`${NOTION_API_BASE}/`);

export function frontNotionProxy(): void {
  for (const method of ['GET', 'POST', 'PATCH'] as const) {
    registerRoute(
      toNotion,
      ({ request, event }) =>
        budgetedFetch(forLivePage(self.clients, (event as FetchEvent).clientId, fetch), budget)(request),
      method,
    );
  }
}

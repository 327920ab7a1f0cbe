/**
 * The worker's one rate budget for Notion (rateBudget.ts), the only one while it controls the
 * pages: every call a page makes (notionRoute.ts) and every call of the worker's own outbox
 * drain (outboxDrain.ts) takes from it, and it is the one layer that sends a 429 again (once:
 * at most 2 sends per call). A controlled page adds no budget or retry of its own
 * (src/data/notion/pageNotionFetch.ts). It outlives reloads and navigations and counts every
 * open panel together, so the average stays under Notion's 3 requests/s however often the
 * panel reloads (ARCHITECTURE.md §3). A page's request is sent only while that page is still
 * open (forLivePage.ts).
 */
import { budgetedFetch, createRateBudget } from '../src/data/notion/rateBudget.ts';
import { timedFetch } from '../src/data/notion/timedFetch.ts';
import { forLivePage, type ClientLookup } from './forLivePage.ts';

const budget = createRateBudget();

/** `fetch` to Notion through the worker's budget (the drain's client). */
export const workerNotionFetch: typeof fetch = budgetedFetch(timedFetch, budget);

/** How the worker answers a page's request to Notion (`clientId`: the page that made it). */
export const pageRequestThrough =
  (clients: ClientLookup, send: typeof fetch) =>
  (request: Request, clientId: string): Promise<Response> =>
    budgetedFetch(forLivePage(clients, clientId, send), budget)(request);

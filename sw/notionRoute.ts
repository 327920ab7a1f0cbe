/**
 * The worker fronts the Notion proxy (`/api/notion/v1/…`): every call a page makes to Notion
 * passes here, through the worker's one budget and retry layer (workerBudget.ts).
 */
/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { NOTION_API_BASE } from '../src/data/notion/client.ts';
import { pageRequestThrough } from './workerBudget.ts';

declare const self: ServiceWorkerGlobalScope;

const toNotion = ({ url }: { url: URL }) =>
  url.origin === self.location.origin && url.pathname.startsWith(`${NOTION_API_BASE}/`);

export function frontNotionProxy(): void {
  const answer = pageRequestThrough(self.clients, fetch);
  for (const method of ['GET', 'POST', 'PATCH'] as const) {
    registerRoute(toNotion, ({ request, event }) => answer(request, (event as FetchEvent).clientId), method);
  }
}

/**
 * Sidenote's service worker: precaches the built app and answers navigations from the cached
 * index.html, so the side panel opens with no network; fronts the Notion proxy with one rate
 * budget for every page and itself (notionRoute.ts); and drains the outbox of Notion writes on
 * Background Sync and when a page asks (outboxDrain.ts; ARCHITECTURE.md §3); tells a page which
 * build it is (its index.html's precache revision, for /cache-debug).
 *
 * What must stay true: a new version waits until the page asks it to take over (SKIP_WAITING),
 * so an open panel is never switched to new code mid-edit.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { frontNotionProxy } from './notionRoute.ts';
import { drainOutboxOnSync } from './outboxDrain.ts';
import { WORKER_VERSION_REQUEST, workerVersion } from '../src/domain/pwa/workerVersion.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const precache = self.__WB_MANIFEST; // one mention: the build writes the manifest here
precacheAndRoute(precache);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));
frontNotionProxy();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === WORKER_VERSION_REQUEST) event.ports[0]?.postMessage(workerVersion(precache));
});
drainOutboxOnSync();

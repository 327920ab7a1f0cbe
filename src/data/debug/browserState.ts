/**
 * What the browser says about Sidenote's storage and service worker, for /cache-debug:
 * `navigator.storage.estimate()` and `persisted()`, the worker's script and state, whether a
 * new version waits, and whether the outbox's Background Sync tag is registered. Every part
 * the browser lacks (no service worker in development, no Sync outside Chromium) reads as null.
 */
import { OUTBOX_SYNC_TAG } from '../outbox/backgroundSync.ts';

export interface BrowserState {
  storage: { usage: number | null; quota: number | null; persisted: boolean | null };
  serviceWorker: {
    /** The active worker's script URL (its build's version), null when none controls the page. */
    script: string | null;
    state: string | null;
    updateWaiting: boolean;
    /** null: this browser has no Background Sync. */
    backgroundSync: boolean | null;
  } | null;
}

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { getTags(): Promise<string[]> };
}

async function storageFigures(): Promise<BrowserState['storage']> {
  const storage = globalThis.navigator?.storage;
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = await storage?.persisted?.().catch(() => null);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted ?? null };
}

async function workerFigures(): Promise<BrowserState['serviceWorker']> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  if (!registration) return null;
  const tags = registration.sync ? await registration.sync.getTags().catch(() => null) : null;
  return {
    script: registration.active?.scriptURL ?? null,
    state: registration.active?.state ?? null,
    updateWaiting: registration.waiting !== null,
    backgroundSync: tags === null ? null : tags.includes(OUTBOX_SYNC_TAG),
  };
}

export async function browserState(): Promise<BrowserState> {
  const [storage, serviceWorker] = await Promise.all([storageFigures(), workerFigures()]);
  return { storage, serviceWorker };
}

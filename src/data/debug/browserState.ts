/**
 * What the browser says about Sidenote's storage and service worker, for /cache-debug:
 * `navigator.storage.estimate()` and `persisted()`, the worker's script, build and state, whether a
 * new version waits, and whether the outbox's Background Sync tag is registered. Every part
 * the browser lacks (no service worker in development, no Sync outside Chromium) reads as null.
 */
import { WORKER_VERSION_REQUEST, type WorkerVersion } from '../../domain/pwa/workerVersion.ts';
import { OUTBOX_SYNC_TAG } from '../outbox/backgroundSync.ts';

/** How long the active worker has to say its version. */
const VERSION_WAIT_MS = 1_000;

export interface BrowserState {
  storage: { usage: number | null; quota: number | null; persisted: boolean | null };
  serviceWorker: {
    /** The active worker's script URL, null when there is none. */
    script: string | null;
    /** The build the active worker serves (src/domain/pwa/workerVersion.ts); null when it does not say. */
    version: string | null;
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

/** The active worker's answer to a version request, null without one in time. */
function askVersion(worker: ServiceWorker): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), VERSION_WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<WorkerVersion>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.version === 'string' ? event.data.version : null);
    };
    worker.postMessage({ type: WORKER_VERSION_REQUEST }, [channel.port2]);
  });
}

async function workerFigures(): Promise<BrowserState['serviceWorker']> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  if (!registration) return null;
  const tags = registration.sync ? await registration.sync.getTags().catch(() => null) : null;
  return {
    script: registration.active?.scriptURL ?? null,
    version: registration.active ? await askVersion(registration.active) : null,
    state: registration.active?.state ?? null,
    updateWaiting: registration.waiting !== null,
    backgroundSync: tags === null ? null : tags.includes(OUTBOX_SYNC_TAG),
  };
}

export async function browserState(): Promise<BrowserState> {
  const [storage, serviceWorker] = await Promise.all([storageFigures(), workerFigures()]);
  return { storage, serviceWorker };
}

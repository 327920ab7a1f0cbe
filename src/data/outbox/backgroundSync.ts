/**
 * Background Sync (Chromium): a tag the page registers while edits wait, so the browser wakes
 * the service worker to drain them when the network is there — even after the page closed.
 * Elsewhere (Safari, Firefox) there is no such event: the page drains while it is open.
 */
export const OUTBOX_SYNC_TAG = 'sidenote-outbox';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Registers the tag when the browser can; true when it did. */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  if (!registration?.sync) return false;
  try {
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false; // denied (a permission policy), or the worker is not active yet
  }
}

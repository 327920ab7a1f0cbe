/**
 * The page's side of the service worker (sw/sw.ts), through workbox-window: registration in
 * production builds, and the update flow. A new version installs and waits (the worker never
 * takes over by itself); the page learns of it (`updateWaiting`), and `applyUpdate` sends
 * SKIP_WAITING only once `idle()` says no write is in flight, then reloads when the new worker
 * controls the page. Updates are looked for at start, when the panel becomes visible again,
 * and hourly. workbox-window is its own chunk, imported as registration starts (after the first
 * render): the capture path does not wait for it (issue 30), and it is precached like the rest.
 */
import type { Workbox } from 'workbox-window';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let registering = false;
let waiting = false;
/** SKIP_WAITING was sent: the reload follows when the new worker takes control. */
let switching = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return;
  registering = true;
  void import('workbox-window').then(
    ({ Workbox }) => {
      workbox = new Workbox('/sw.js', { type: 'module' });
      workbox.addEventListener('waiting', () => {
        waiting = true;
        notify();
      });
      void workbox.register();
      const check = () => void workbox?.update().catch(() => {}); // offline: the next check will do
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
      setInterval(check, UPDATE_CHECK_MS);
    },
    (error: unknown) => {
      registering = false; // the next start tries again; the page works without its worker
      console.error('workbox-window failed to load', error);
    },
  );
}

/** True while a new version waits (for useSyncExternalStore). */
export const updateWaiting = (): boolean => waiting;

export function onUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Switches to the waiting version once `idle()` — false while a write is in flight, so it is
 * never cut off mid-request — then reloads; once only, however often it is asked. Resolves
 * false when it did not switch (busy).
 */
export async function applyUpdate(idle: () => Promise<boolean>): Promise<boolean> {
  if (switching) return true;
  if (!workbox || !waiting || !(await idle())) return false;
  switching = true;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
  return true;
}

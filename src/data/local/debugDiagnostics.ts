/**
 * The header's two diagnostic toggles (issue 20), kept per browser: "Diagnostics" shows the
 * global debug panels, "Message log" the extension messages. Both off until turned on; they
 * only count in debug mode. And Clear storage, the debug panels' reset of this browser.
 */
import { db } from '../db/schema.ts';

export type DiagnosticToggle = 'diagnostics' | 'messageLog';

const KEYS: Record<DiagnosticToggle, string> = {
  diagnostics: 'debug_diagnostics',
  messageLog: 'debug_message_log',
};
const EVENT = 'sidenote-diagnostics-change';

export function storedDiagnosticToggle(toggle: DiagnosticToggle): boolean {
  try {
    return localStorage.getItem(KEYS[toggle]) === 'true';
  } catch {
    return false;
  }
}

export function storeDiagnosticToggle(toggle: DiagnosticToggle, on: boolean): void {
  try {
    localStorage.setItem(KEYS[toggle], on ? 'true' : 'false');
  } catch {
    // storage refused: the toggle lasts until the page reloads
  }
  window.dispatchEvent(new Event(EVENT));
}

export function subscribeDiagnosticToggles(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Everything this browser keeps for the app: IndexedDB (the outbox too — the caller has
 * confirmed that its edits will be lost), localStorage, sessionStorage and the Cache Storage —
 * and the service worker, whose precache was in that Cache Storage: left registered, it would
 * go on without its precache (no offline start) until the next update; unregistered, the reload
 * installs it again and it precaches the app anew. The caller signs out first.
 */
export async function clearAllStorage(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
  localStorage.clear();
  sessionStorage.clear();
  if ('caches' in window) {
    for (const name of await caches.keys()) await caches.delete(name);
  }
  if ('serviceWorker' in navigator) {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  }
}

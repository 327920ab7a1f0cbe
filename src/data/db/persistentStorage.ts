/**
 * Asks the browser to keep Sidenote's IndexedDB (the outbox of unsent edits above all) when the
 * disk runs low: `navigator.storage.persist()`. Chromium grants it without a prompt to an
 * installed or engaged site, Firefox asks the user, Safari may refuse; the answer is only a
 * preference, so nothing depends on it — the outbox works either way. Asked once per start.
 */
export async function askPersistentStorage(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false; // refused or unsupported here (an opaque origin, a private window)
  }
}

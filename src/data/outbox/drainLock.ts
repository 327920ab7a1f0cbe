/**
 * One drainer at a time across the page's tabs and the service worker: a Web Lock
 * (`navigator.locks`, in pages and workers alike). The page holds it while it is open and
 * drains; the worker waits for it (or gives up after `maxWaitMs`), so it drains only once no
 * page does. Where Web Locks are missing the work runs unlocked: the outbox's in-flight marks
 * still keep one entry from being sent twice at once.
 */
export const OUTBOX_LOCK = 'sidenote-outbox-drain';

export async function withDrainLock<T>(work: () => Promise<T>, maxWaitMs?: number): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return work();
  const signal = maxWaitMs === undefined ? undefined : AbortSignal.timeout(maxWaitMs);
  return locks.request(OUTBOX_LOCK, { signal }, work) as Promise<T>;
}

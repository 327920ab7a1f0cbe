/**
 * A fake of the Web Locks API's exclusive `request(name, { signal }, callback)` for suites
 * that run without a browser (Node has no `navigator.locks`): one holder per name, waiters
 * served in the order they asked, a waiter whose signal aborts leaves the queue and rejects
 * with the signal's reason — as `navigator.locks` does.
 */
export function fakeLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();

  const handOn = (name: string) => {
    const next = waiting.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };

  const acquire = (name: string, signal?: AbortSignal): Promise<void> => {
    if (!held.has(name)) {
      held.add(name);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = waiting.get(name) ?? [];
      waiting.set(name, queue);
      const granted = () => {
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        queue.splice(queue.indexOf(granted), 1);
        reject(signal!.reason);
      };
      queue.push(granted);
      signal?.addEventListener('abort', aborted, { once: true });
    });
  };

  return {
    /** Whether someone holds `name` now. */
    isHeld: (name: string) => held.has(name),
    async request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T> {
      options.signal?.throwIfAborted();
      await acquire(name, options.signal);
      try {
        return await callback();
      } finally {
        handOn(name);
      }
    },
  };
}

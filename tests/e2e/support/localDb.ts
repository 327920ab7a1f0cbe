/**
 * The app's IndexedDB ('sidenote') as a browser test reaches it: one request on one store, made
 * in the page with the raw API, behind Dexie's back — to check what the app kept, or to remove
 * something so that the app has to read it again. Writes resolve once their transaction is
 * complete.
 */
import type { Frame, Page } from 'playwright-core';

type Request =
  | { op: 'count' }
  | { op: 'clear' }
  | { op: 'get'; key: string }
  | { op: 'delete'; key: string }
  | { op: 'add'; rows: object[] };

export function localDb<T = unknown>(on: Page | Frame, store: string, request: Request): Promise<T> {
  return on.evaluate(
    ({ store, request }) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open('sidenote');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const read = request.op === 'count' || request.op === 'get';
            const tx = db.transaction(store, read ? 'readonly' : 'readwrite');
            const objects = tx.objectStore(store);
            let result: unknown;
            const answer = (call: IDBRequest) => (call.onsuccess = () => (result = call.result));
            if (request.op === 'count') answer(objects.count());
            else if (request.op === 'get') answer(objects.get(request.key));
            else if (request.op === 'delete') objects.delete(request.key);
            else if (request.op === 'clear') objects.clear();
            else for (const row of request.rows) objects.add(row);
            tx.oncomplete = () => (db.close(), resolve(result as T));
            tx.onerror = () => (db.close(), reject(tx.error));
          } catch (error) {
            db.close();
            reject(error);
          }
        };
      }),
    { store, request },
  );
}

/** How many edits the outbox holds, in any state. */
export const outboxSize = (on: Page | Frame) => localDb<number>(on, 'outbox', { op: 'count' });

/** The value the app cached under `key` in its `cache` table, if any. */
export const cachedValue = async <T>(on: Page | Frame, key: string): Promise<T | undefined> =>
  (await localDb<{ value: T } | undefined>(on, 'cache', { op: 'get', key }))?.value;

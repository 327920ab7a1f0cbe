/** Issue 15: the app asks once for persistent storage, and no answer (or none at all) breaks the start. */
import { expect, test, vi } from 'vitest';
import { askPersistentStorage } from '../../src/data/db/persistentStorage.ts';

const storage = (persisted: boolean, persist: () => Promise<boolean>) =>
  ({ persisted: vi.fn(async () => persisted), persist: vi.fn(persist) }) as unknown as StorageManager;

test('already persistent: not asked again', async () => {
  const granted = storage(true, async () => true);
  expect(await askPersistentStorage(granted)).toBe(true);
  expect(granted.persist).not.toHaveBeenCalled();
});

test('not yet: asked, and the answer is returned', async () => {
  const yes = storage(false, async () => true);
  expect(await askPersistentStorage(yes)).toBe(true);
  expect(yes.persist).toHaveBeenCalledTimes(1);
  expect(await askPersistentStorage(storage(false, async () => false))).toBe(false);
});

test('a browser without the API, or one that throws: false, nothing thrown', async () => {
  expect(await askPersistentStorage(undefined)).toBe(false);
  expect(await askPersistentStorage({} as StorageManager)).toBe(false);
  expect(
    await askPersistentStorage(storage(false, () => Promise.reject(new DOMException('no', 'SecurityError')))),
  ).toBe(false);
});

/**
 * Issue 15: a full disk. IndexedDB refusing a write (QuotaExceededError, as Dexie wraps it) is
 * a clear `deviceStorage` error with our text, and the edit that could not be stored changes
 * nothing: the edits already queued and the page snapshot stay as they were.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { toAppError } from '../../src/data/errors/thrown.ts';
import { messageFor } from '../../src/domain/errors/catalogue.ts';
import { messages } from '../../src/domain/errors/messages.ts';
import { AUTH, outboxHarness, plain } from './support/outboxHarness.ts';

let outbox: ReturnType<typeof outboxHarness>;
afterEach(() => outbox?.cleanUp());

test('a QuotaExceededError, bare or wrapped by Dexie, reads as the device being full', () => {
  const bare = toAppError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  expect(bare.reason).toEqual({ kind: 'quotaExceeded', quota: 'deviceStorage' });
  const wrapped = toAppError(new Dexie.QuotaExceededError(new DOMException('full', 'QuotaExceededError')));
  expect(wrapped.reason).toEqual({ kind: 'quotaExceeded', quota: 'deviceStorage' });
  expect(messageFor('updatePageProperties', wrapped)).toBe(`Failed to update page properties: ${messages.storageFull}`);
  expect(messageFor('checkProfile', bare)).toContain(messages.storageFull);
});

test('an edit the full disk refuses loses nothing already queued', async () => {
  outbox = outboxHarness();
  await outbox.edit('page-1', 'city', 'Lyon', 'Paris');
  const queued = await outbox.entries();
  const snapshot = await outbox.database.pageSnapshots.get([AUTH, 'page-1']);
  outbox.database.outbox.hook('creating', () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  const refused = await outbox.edit('page-1', 'city', 'Nantes', 'Paris').catch((error: unknown) => error);
  expect(toAppError(refused).reason).toEqual({ kind: 'quotaExceeded', quota: 'deviceStorage' });
  expect(await outbox.entries()).toEqual(queued);
  expect(await outbox.database.pageSnapshots.get([AUTH, 'page-1'])).toEqual(snapshot);
  expect(plain(snapshot!.properties.city ?? undefined)).toBe('Lyon');
});

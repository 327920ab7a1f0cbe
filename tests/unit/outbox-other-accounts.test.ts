/**
 * The edits of other accounts kept in this browser (src/data/outbox/queries.ts): the debug
 * panels' Clear storage empties every account's outbox, so its warning counts them too.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { otherAccountsEdits, outboxSummary } from '../../src/data/outbox/queries.ts';
import { AUTH, outboxHarness } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness();
});
afterEach(() => h.cleanUp());

test("another account's edits count, in any state; the user's own do not", async () => {
  expect(await otherAccountsEdits(AUTH, h.database)).toBe(0);
  await h.edit('mine', 'city', 'Lyon');
  await h.edit('theirs', 'city', 'Paris', null, 'auth-2');
  await h.edit('theirs', 'name', 'Ana', null, 'auth-2');
  await h.edit('third', 'city', 'Oslo', null, 'auth-3');
  const [, failed] = await h.database.outbox.where('authId').equals('auth-2').toArray();
  await h.database.outbox.update(failed.id!, { state: 'failed' });
  expect(await otherAccountsEdits(AUTH, h.database)).toBe(3);
  expect(await otherAccountsEdits('auth-2', h.database)).toBe(2);
  expect((await outboxSummary(AUTH, h.database)).pending).toBe(1);
});

/**
 * A panel closed while its PATCH was out leaves the entry marked in flight. The next drainer
 * (under the drain lock, so the only one) releases it at once and sends it — not two minutes
 * later, when the mark would go stale.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, test } from 'vitest';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { releaseOrphans } from '../../src/data/outbox/orphans.ts';
import { AUTH, outboxHarness, plain, text } from './support/outboxHarness.ts';

let outbox: ReturnType<typeof outboxHarness>;
afterEach(() => outbox.cleanUp());

test('an entry left in flight by a dead drainer is sent by the next one at once', async () => {
  outbox = outboxHarness();
  outbox.notion.setPage('page-1', { city: text('Paris') });
  await outbox.edit('page-1', 'city', 'Lyon', 'Paris');
  await outbox.edit('page-2', 'city', 'Oslo', 'Paris', 'someone-else');
  // the first drainer marked it in flight, then its page was closed before the answer
  const [mine, theirs] = await outbox.entries();
  await outbox.database.outbox.bulkUpdate([
    { key: mine.id!, changes: { inFlightSince: outbox.clock.now() } },
    { key: theirs.id!, changes: { inFlightSince: outbox.clock.now() } },
  ]);
  const before = await outbox.clock.run(drainOutbox(outbox.deps));
  expect(before).toMatchObject({ sent: 0, nextDueAt: null }); // without the release: nothing to do

  expect(await releaseOrphans(AUTH, outbox.database)).toBe(1); // this user's only
  const after = await outbox.drain();
  expect(after.sent).toBe(1);
  expect(plain(outbox.notion.valueOf('page-1', 'city'))).toBe('Lyon');
  expect((await outbox.entries()).map((entry) => entry.authId)).toEqual(['someone-else']);
});

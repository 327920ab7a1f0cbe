/** The recent profile visit (30 days) on fake-indexeddb with a fake clock. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { readRecentVisit, recordRecentVisit } from '../../src/data/db/recentVisits.ts';
import { clearLocalDatabase, SidenoteDatabase } from '../../src/data/db/schema.ts';
import { RECENT_VISIT_TTL_MS } from '../../src/data/db/ttl.ts';

const T0 = Date.parse('2026-03-01T10:00:00Z');
let database: SidenoteDatabase;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  database = new SidenoteDatabase(`recent-${Math.random()}`);
});
afterEach(async () => {
  vi.useRealTimers();
  await database.delete();
});

const visit = { pageId: 'page-1', title: 'Ada Lovelace', profileUrl: 'https://www.linkedin.com/in/ada' };

test('none before the first visit', async () => {
  expect(await readRecentVisit(database)).toBeUndefined();
});

test('the last visit is kept just under 30 days, then forgotten', async () => {
  await recordRecentVisit(visit, database);
  await recordRecentVisit({ ...visit, pageId: 'page-2' }, database);
  vi.setSystemTime(T0 + RECENT_VISIT_TTL_MS - 1);
  expect(await readRecentVisit(database)).toEqual({ ...visit, pageId: 'page-2' });
  vi.setSystemTime(T0 + RECENT_VISIT_TTL_MS);
  expect(await readRecentVisit(database)).toBeUndefined();
});

test('sign-out wipes it', async () => {
  await recordRecentVisit(visit, database);
  await clearLocalDatabase(database);
  expect(await readRecentVisit(database)).toBeUndefined();
});

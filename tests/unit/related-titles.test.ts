/**
 * Related-page titles (src/data/notion/relatedTitles.ts) on a fake clock and the fake Notion:
 * 3 requests at a time, ≥ 200 ms between the end of a batch and the next; only the first 10 of
 * a relation; cached titles are not read again until an hour old; a page gone is cached empty.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { loadRelatedTitles } from '../../src/data/notion/relatedTitles.ts';
import { AUTH, WORKSPACE, outboxHarness } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
const ids = Array.from({ length: 12 }, (_, i) => `rel-${i + 1}`);

beforeEach(() => {
  h = outboxHarness({ latencyMs: 150 });
  for (const id of ids) h.notion.setPage(id, { title: { title: [{ type: 'text', plain_text: `Company ${id}` }] } });
});
afterEach(() => h.cleanUp());

const load = (pageIds: string[]) =>
  h.clock.run(
    loadRelatedTitles(
      { authId: AUTH, workspaceId: WORKSPACE, pageIds },
      { notion: h.notion.client, database: h.database, clock: h.clock },
    ),
  );
const titles = async () => (await h.database.pageTitles.toArray()).map((t) => [t.pageId, t.title]);

test('10 titles: 3 at a time, 200 ms between batches; the 11th and 12th are not read', async () => {
  expect(await load(ids)).toBe(10);
  const starts = h.notion.sent.map((r) => r.startedAt);
  const batches = [...new Set(starts)];
  expect(batches).toHaveLength(4);
  expect(starts.filter((t) => t === batches[0])).toHaveLength(3);
  for (let i = 1; i < batches.length; i++) {
    const previousEnd = Math.max(...h.notion.sent.filter((r) => r.startedAt === batches[i - 1]).map((r) => r.endedAt!));
    expect(batches[i] - previousEnd).toBeGreaterThanOrEqual(200);
  }
  expect(h.notion.maxInFlight()).toBe(3);
  expect(await titles()).toHaveLength(10);
  expect(await titles()).toContainEqual(['rel-1', 'Company rel-1']);
});

test('cached titles are not read again within the hour, and are after', async () => {
  await load(ids.slice(0, 4));
  expect(await load(ids.slice(0, 4))).toBe(0);
  await h.clock.advance(60 * 60_000);
  expect(await load(ids.slice(0, 4))).toBe(4);
});

test('a related page gone from Notion is cached with an empty title, not asked for again', async () => {
  expect(await load(['rel-1', 'gone'])).toBe(2);
  expect(await titles()).toContainEqual(['gone', '']);
  expect(await load(['rel-1', 'gone'])).toBe(0);
});

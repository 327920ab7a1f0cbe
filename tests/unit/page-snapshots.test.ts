/**
 * The visited page's local copy (src/data/db/pageSnapshots.ts): a fetch writes Notion's values
 * and the page's facts; a property with an outbox entry keeps the user's value whatever the
 * fetch says; an older fetch never overwrites a newer one; after the entry is gone, the next
 * fetch shows Notion's value.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readPageSnapshot, storeFetchedPage } from '../../src/data/db/pageSnapshots.ts';
import type { NotionPage } from '../../src/data/notion/objects.ts';
import { AUTH, WORKSPACE, outboxHarness, plain, text } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness();
});
afterEach(() => h.cleanUp());

const notionPage = (city: string, name = 'Ada'): NotionPage => ({
  id: 'page-1',
  url: 'https://www.notion.so/Ada-page1',
  icon: { type: 'emoji', emoji: '🦊' },
  parent: { type: 'data_source_id', data_source_id: 'ds-1' },
  in_trash: false,
  properties: {
    Name: { id: 'title', type: 'title', title: [{ type: 'text', plain_text: name, text: { content: name } }] },
    City: { id: 'cty', type: 'rich_text', rich_text: [{ type: 'text', plain_text: city, text: { content: city } }] },
  },
});
const store = (page: NotionPage, startedAt: number) =>
  storeFetchedPage({ authId: AUTH, workspaceId: WORKSPACE, page, startedAt }, h.database);
const cityShown = async () => {
  const snapshot = await readPageSnapshot(AUTH, 'page-1', h.database);
  const value = snapshot?.properties.cty as { rich_text: { plain_text?: string; text: { content: string } }[] };
  return value.rich_text.map((part) => part.plain_text ?? part.text.content).join('');
};

describe('a fetched page in its snapshot', () => {
  test("holds Notion's values by property id and the page's facts", async () => {
    await store(notionPage('Paris'), 1000);
    const snapshot = await readPageSnapshot(AUTH, 'page-1', h.database);
    expect(snapshot).toMatchObject({
      workspaceId: WORKSPACE,
      fetchedAt: 1000,
      page: {
        url: 'https://www.notion.so/Ada-page1',
        icon: '🦊',
        inTrash: false,
        dataSourceId: 'ds-1',
        propertyNames: { title: 'Name', cty: 'City' },
      },
    });
    expect(Object.keys(snapshot!.properties).sort()).toEqual(['cty', 'title']);
    expect(await cityShown()).toBe('Paris');
  });

  test("keeps the user's value of a property with an outbox entry; takes Notion's for the others", async () => {
    await store(notionPage('Paris'), 1000);
    await h.edit('page-1', 'cty', 'Lyon', 'Paris'); // queued, not sent
    expect(await readPageSnapshot(AUTH, 'page-1', h.database)).toMatchObject({ fetchedAt: 1000, page: { icon: '🦊' } });
    await store(notionPage('Paris', 'Ada L.'), h.clock.now() + 1);
    expect(await cityShown()).toBe('Lyon');
    const snapshot = await readPageSnapshot(AUTH, 'page-1', h.database);
    expect((snapshot!.properties.title as { title: { plain_text: string }[] }).title[0].plain_text).toBe('Ada L.');
  });

  test('an edit made before the first fetch keeps its value; the facts come with the fetch', async () => {
    await h.edit('page-1', 'cty', 'Lyon', 'Paris');
    await store(notionPage('Paris'), h.clock.now() + 1);
    expect(await cityShown()).toBe('Lyon');
    expect((await readPageSnapshot(AUTH, 'page-1', h.database))?.page?.icon).toBe('🦊');
  });

  test('an older answer arriving late does not overwrite a newer one', async () => {
    await store(notionPage('Berlin'), 2000);
    await store(notionPage('Paris'), 1000);
    expect(await cityShown()).toBe('Berlin');
  });

  test("once the edit reached Notion, the next fetch shows Notion's value", async () => {
    await store(notionPage('Paris'), 1000);
    h.notion.setPage('page-1', { cty: text('Paris') });
    await h.edit('page-1', 'cty', 'Lyon', 'Paris');
    await h.drain();
    expect(plain(h.notion.valueOf('page-1', 'cty'))).toBe('Lyon');
    await store(notionPage('Lyon (Notion)'), h.clock.now());
    expect(await cityShown()).toBe('Lyon (Notion)');
  });

  test('a read that started before Notion confirmed an edit does not bring the old value back', async () => {
    await store(notionPage('Paris'), 1000);
    h.notion.setPage('page-1', { cty: text('Paris') });
    await h.edit('page-1', 'cty', 'Lyon', 'Paris'); // the user edits…
    await h.clock.advance(10);
    const readStarted = h.clock.now(); // …a page read goes out, answered before the edit lands…
    await h.clock.advance(10);
    await h.drain(); // …Notion confirms the edit…
    expect(await h.entries()).toEqual([]);
    await store(notionPage('Paris'), readStarted); // …and the read answers with the old value
    expect(await cityShown()).toBe('Lyon');
    await store(notionPage('Lyon'), h.clock.now() + 1); // a later read holds Notion's value
    expect(await cityShown()).toBe('Lyon');
  });
});

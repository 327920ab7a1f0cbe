/**
 * The IndexedDB schema's upgrades (src/data/db/schema.ts). Version 2: a browser that cached a
 * Notion key under version 1 (the active setting's `notionKey`) loses it on the first open of
 * the new app; the rest of the cache stays. Version 3 adds the outbox and the page snapshots.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';

const KEY = `ntn_${'7'.repeat(11)}${'K'.repeat(35)}`;

test('opening version 2 deletes every cached Notion key and keeps the rest', async () => {
  const name = `upgrade-test-${Date.now()}`;
  const v1 = new Dexie(name);
  v1.version(1).stores({
    settings: 'id, authId, [authId+created_at]',
    workspaces: 'id, authId, [authId+created_at]',
    cache: 'key',
  });
  await v1.table('cache').bulkPut([
    { key: 'active_setting', value: { id: 's', authId: 'u', setting: { id: 's' }, notionKey: KEY }, cachedAt: 1 },
    { key: 'wizard', value: { authId: 'u', workspaceId: 'w' }, cachedAt: 1 },
  ]);
  v1.close();

  const v2 = new SidenoteDatabase(name);
  const entries = await v2.cache.toArray();
  expect(entries.map((entry) => entry.key)).toEqual(['wizard']);
  expect(JSON.stringify(entries)).not.toContain(KEY);
  await v2.delete();
});

test('opening version 3 over version 2 keeps the caches and adds the empty outbox and page snapshots', async () => {
  const name = `upgrade-test-v3-${Date.now()}`;
  const v2 = new Dexie(name);
  v2.version(2).stores({
    settings: 'id, authId, [authId+created_at]',
    workspaces: 'id, authId, [authId+created_at]',
    cache: 'key',
  });
  await v2.table('cache').put({ key: 'wizard', value: { authId: 'u' }, cachedAt: 1 });
  v2.close();

  const v3 = new SidenoteDatabase(name);
  expect((await v3.cache.toArray()).map((entry) => entry.key)).toEqual(['wizard']);
  expect(await v3.outbox.count()).toBe(0);
  expect(await v3.pageSnapshots.count()).toBe(0);
  await v3.delete();
});

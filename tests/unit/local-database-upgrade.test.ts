/**
 * The IndexedDB schema's version 2 (src/data/db/schema.ts): a browser that cached a Notion key
 * under version 1 (the active setting's `notionKey`) loses it on the first open of the new
 * app; the rest of the cache stays.
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
  expect(v2.verno).toBe(2);
  await v2.delete();
});

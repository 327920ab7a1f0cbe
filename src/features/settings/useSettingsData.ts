/** Live queries of the settings screens and header: Dexie is read, refreshes write it. */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ActiveSettingValue } from '../../data/db/activeSetting.ts';
import { CACHE_KEYS } from '../../data/db/cache.ts';
import { db, type CachedSetting, type CachedWorkspace } from '../../data/db/schema.ts';

/** The user's settings, newest first (undefined while loading). */
export function useSettingsList(authId: string | undefined): CachedSetting[] | undefined {
  return useLiveQuery(
    () =>
      authId
        ? db.settings
            .where('[authId+created_at]')
            .between([authId, Dexie.minKey], [authId, Dexie.maxKey])
            .reverse()
            .toArray()
        : [],
    [authId],
  );
}

export function useWorkspaceList(authId: string | undefined): CachedWorkspace[] | undefined {
  return useLiveQuery(
    () =>
      authId
        ? db.workspaces
            .where('[authId+created_at]')
            .between([authId, Dexie.minKey], [authId, Dexie.maxKey])
            .reverse()
            .toArray()
        : [],
    [authId],
  );
}

/** The cached active setting (null when none; undefined while loading). */
export function useActiveSetting(authId: string | undefined): ActiveSettingValue | null | undefined {
  return useLiveQuery(async () => {
    const entry = await db.cache.get(CACHE_KEYS.activeSetting);
    const value = entry?.value as ActiveSettingValue | undefined;
    return value && value.authId === authId ? value : null;
  }, [authId]);
}

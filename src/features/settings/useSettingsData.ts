/** Live queries of the settings screens and header: Dexie is read, refreshes write it. */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { activeSettingOf, type ActiveSettingValue } from '../../data/db/activeSetting.ts';
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

/** The active setting (`activeSettingOf`, live): undefined while loading, null when none. */
export function useActiveSetting(authId: string | undefined): ActiveSettingValue | null | undefined {
  return useLiveQuery(() => activeSettingOf(authId), [authId]);
}

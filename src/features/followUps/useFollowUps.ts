/**
 * The active setting's follow-up list as the cache holds it (issue 36), for the screen and the
 * header's count: which data source and date property it is for (none when the setting maps no
 * next follow-up), and the cached list, live. Reads IndexedDB only: no request.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { FollowUpsTarget } from '../../data/notion/followUps.ts';
import { cachedFollowUps, type DueFollowUps } from '../../data/notion/followUpsCache.ts';
import { mappingFromColumns } from '../../domain/settings/mapping.ts';
import { useActiveSetting } from '../settings/useSettingsData.ts';

export interface FollowUpsState {
  /** Undefined while the active setting loads; null when it maps no next follow-up (or has no data source yet). */
  target: FollowUpsTarget | null | undefined;
  /** The cached list; undefined while loading or never read. */
  list: DueFollowUps | undefined;
}

export function useFollowUps(authId: string): FollowUpsState {
  const active = useActiveSetting(authId);
  const setting = active?.setting;
  const mapping = setting ? mappingFromColumns(setting as Record<string, string | null>) : {};
  const target: FollowUpsTarget | null | undefined =
    active === undefined
      ? undefined
      : setting && mapping.nextFollowUp && setting.notion_data_source_id
        ? {
            authId,
            workspaceId: setting.workspace_id,
            dataSourceId: setting.notion_data_source_id,
            datePropertyId: mapping.nextFollowUp,
            linkedInPropertyId: mapping.profileUrl,
          }
        : null;
  const list = useLiveQuery(
    () => (target ? cachedFollowUps(authId, target.dataSourceId, target.datePropertyId) : undefined),
    [authId, target?.dataSourceId, target?.datePropertyId],
  );
  return { target, list };
}

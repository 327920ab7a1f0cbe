/**
 * The active setting as the place profiles are checked and added (spec 2 §4): its workspace,
 * database, data source and mapping, or the spec's configuration error.
 *
 * A setting saved before data sources (issue 14) names its database only: on first use its
 * data source is discovered (src/data/notion/settingDataSource.ts), written back to the setting
 * row and the cached active setting, so the next use sends nothing more. A write-back that
 * fails (offline, another setting of the user already names that source) is only logged: the
 * source found is used all the same and kept for this session.
 */
import { recordActiveDataSource, type ActiveSettingValue } from '../../data/db/activeSetting.ts';
import { appError, type AppError } from '../../data/errors/appError.ts';
import { notion } from '../../data/notion/appNotion.ts';
import type { ProfileDatabase } from '../../data/notion/profilePages.ts';
import { discoverDataSource } from '../../data/notion/settingDataSource.ts';
import { singleFlight } from '../../data/singleFlight.ts';
import * as settingsTable from '../../data/supabase/settings.ts';
import { mappingFromColumns } from '../../domain/settings/mapping.ts';

/** A setting's profile database; `dataSourceId` is null until a legacy setting's is found. */
export type SettingTarget = Omit<ProfileDatabase, 'dataSourceId'> & { settingId: string; dataSourceId: string | null };

export type CheckTarget = { ok: true; target: SettingTarget; settingId: string } | { ok: false; error: AppError };

function targetOf(active: ActiveSettingValue | null): CheckTarget {
  if (!active || !active.keyMask) return { ok: false, error: appError({ kind: 'validation', field: 'notionKey' }) };
  const mapping = mappingFromColumns(active.setting as Record<string, string | null>);
  if (!active.setting.notion_db_id || !mapping.profileUrl) {
    return { ok: false, error: appError({ kind: 'validation', field: 'mapping' }) };
  }
  return {
    ok: true,
    settingId: active.id,
    target: {
      settingId: active.id,
      workspaceId: active.setting.workspace_id,
      databaseId: active.setting.notion_db_id,
      dataSourceId: active.setting.notion_data_source_id ?? null,
      mapping,
    },
  };
}

let lastTarget: { key: string; target: CheckTarget } | undefined;

/**
 * The active setting (`useActiveSetting`) as a profile database, or the spec's configuration
 * error text. The same object while the setting's content is unchanged, so a cache rewrite
 * with the same setting (a restore, a refresh) does not start a new check.
 */
export function checkTargetOf(active: ActiveSettingValue | null): CheckTarget {
  const target = targetOf(active);
  const key = JSON.stringify(target);
  if (lastTarget?.key !== key) lastTarget = { key, target };
  return lastTarget.target;
}

/** Data sources found this session, by setting and database (a setting edited to another database asks again). */
const found = new Map<string, string>();
const discoveries = singleFlight<string>();

/** The target with its data source: the setting's, else discovered once (see the header). */
export async function profileDatabaseOf(target: SettingTarget): Promise<ProfileDatabase> {
  const { settingId, workspaceId, databaseId, mapping } = target;
  if (target.dataSourceId) return { workspaceId, databaseId, dataSourceId: target.dataSourceId, mapping };
  const key = `${settingId}:${databaseId}`;
  const dataSourceId =
    found.get(key) ??
    (await discoveries(key, async () => {
      const id = await discoverDataSource(notion, workspaceId, databaseId, mapping);
      found.set(key, id);
      await settingsTable
        .updateSetting(settingId, { notion_data_source_id: id })
        .then(() => recordActiveDataSource(settingId, id))
        .catch((error: unknown) => console.error('could not store the setting’s data source', error));
      return id;
    }));
  return { workspaceId, databaseId, dataSourceId, mapping };
}

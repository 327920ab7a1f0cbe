/**
 * What the display customisation does (spec 2 §2, §4, §7) on top of src/data: read the active
 * setting's display preferences into IndexedDB, load the database's properties for the
 * Customize Properties Display modal, save the order (then say so: display-config-updated),
 * and turn the first-time modal off for good.
 */
import type { ActiveSettingValue } from '../../../data/db/activeSetting.ts';
import { isSchemaFresh, readDataSourceSchema, storeDataSourceSchema } from '../../../data/db/dataSourceSchemas.ts';
import { readDisplayPreferences, storeDisplayPreferences } from '../../../data/db/displayPreferences.ts';
import { appError } from '../../../data/errors/appError.ts';
import { toAppError } from '../../../data/errors/thrown.ts';
import { dismissCustomizeHelpForSession } from '../../../data/local/customizeHelpDismissal.ts';
import { notion } from '../../../data/notion/appNotion.ts';
import {
  displayPreferencesOf,
  updateCustomizeHelp,
  updateDisplayConfig,
} from '../../../data/supabase/displayPreferences.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import { isCustomizable, type DisplayConfig } from '../../../domain/notion/displayConfig.ts';
import { reachesNotionDatabase } from '../../../domain/settings/activeSetting.ts';
import { DISPLAY_EVENTS, emitDisplayEvent } from './displayEvents.ts';

export interface DisplayProperty {
  id: string;
  name: string;
  type: string;
}

/** Reads the setting's display preferences into IndexedDB; false when that failed (logged; the cached ones stay). */
export async function refreshDisplayPreferences(settingId: string): Promise<boolean> {
  try {
    await storeDisplayPreferences(settingId, await displayPreferencesOf(settingId));
    return true;
  } catch (error) {
    console.error('could not read the display preferences', toAppError(error));
    return false;
  }
}

/**
 * The active setting database's properties (the cached schema while fresh, else Notion's, or
 * always Notion's with `fresh`). Without a setting, a database or a key: the spec's "Missing
 * setting information or Notion API key" (the modal and /number-format-test, spec 2 §5).
 */
export async function loadSettingProperties(
  authId: string,
  active: ActiveSettingValue | null | undefined,
  { fresh = false }: { fresh?: boolean } = {},
) {
  if (!reachesNotionDatabase(active)) throw appError({ kind: 'validation', field: 'setting' });
  const { setting } = active;
  const workspaceId = setting.workspace_id;
  const dataSourceId =
    setting.notion_data_source_id ?? (await notion.database(workspaceId, setting.notion_db_id)).dataSources[0]?.id;
  if (!dataSourceId) throw appError({ kind: 'validation', field: 'setting' });
  const cached = fresh ? undefined : await readDataSourceSchema(authId, dataSourceId);
  return cached && isSchemaFresh(cached) ? cached.properties : await fetchSchema(authId, workspaceId, dataSourceId);
}

/** The modal's content: the properties of the types it offers, and the saved config read afresh. */
export async function loadDisplayProperties(
  authId: string,
  active: ActiveSettingValue | null | undefined,
): Promise<{ properties: DisplayProperty[]; config: DisplayConfig | null }> {
  if (!active) throw appError({ kind: 'validation', field: 'setting' });
  const all = await loadSettingProperties(authId, active);
  const settingId = active.id;
  const preferences = await displayPreferencesOf(settingId);
  await storeDisplayPreferences(settingId, preferences);
  const properties = all
    .filter((property) => isCustomizable(property.type))
    .map(({ id, name, type }) => ({ id, name, type }));
  return { properties, config: preferences.displayConfig };
}

async function fetchSchema(authId: string, workspaceId: string, dataSourceId: string) {
  const fetchedAt = Date.now();
  const { properties } = await notion.dataSource(workspaceId, dataSourceId);
  await storeDataSourceSchema({ authId, workspaceId, dataSourceId, properties, fetchedAt });
  return properties;
}

export const loadFailureText = (error: unknown): string => messageFor('loadDisplayProperties', toAppError(error));

/** Saves the order, updates the local copy, emits display-config-updated; the failure's text, or null. */
export async function saveDisplayConfig(settingId: string, config: DisplayConfig): Promise<string | null> {
  try {
    await updateDisplayConfig(settingId, config);
    const customizeHelp = (await readDisplayPreferences(settingId))?.customizeHelp ?? true;
    await storeDisplayPreferences(settingId, { displayConfig: config, customizeHelp });
    emitDisplayEvent(DISPLAY_EVENTS.configUpdated, { settingId, config });
    return null;
  } catch (error) {
    return messageFor('saveDisplayConfig', toAppError(error));
  }
}

/** "Don't show again": customize_help false on the setting (and here); the failure's text, or null. */
export async function turnOffCustomizeHelp(settingId: string): Promise<string | null> {
  try {
    await updateCustomizeHelp(settingId, false);
    const displayConfig = (await readDisplayPreferences(settingId))?.displayConfig ?? null;
    await storeDisplayPreferences(settingId, { displayConfig, customizeHelp: false });
    dismissCustomizeHelpForSession();
    return null;
  } catch (error) {
    return messageFor('saveCustomizeHelp', toAppError(error));
  }
}

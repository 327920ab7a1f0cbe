/**
 * What the wizard does (spec 1 §4 "Wizard"; §5; §8), past step 1 (see workspaceActions.ts):
 * the databases and properties a key sees, the mapping step's data, and saving (insert, or
 * update in edit mode) — then the active setting is cleared, re-activated when editing, and
 * the wizard's temporaries are wiped.
 */
import { db } from '../../data/db/schema.ts';
import { notifyOperators } from '../../data/functions/notifyOperators.ts';
import { clearWizardDraft, readWizardDraft, updateWizardDraft } from '../../data/db/wizardDraft.ts';
import { notion } from '../../data/notion/appNotion.ts';
import type { NotionDatabaseDetails, NotionDatabaseItem } from '../../data/notion/client.ts';
import { messageOf, NotionApiError } from '../../data/notion/errors.ts';
import * as settingsTable from '../../data/supabase/settings.ts';
import * as workspaces from '../../data/supabase/workspaces.ts';
import {
  mappingColumns,
  mappingFromColumns,
  withTitleMapped,
  type DatabaseProperty,
  type Mapping,
} from '../../domain/settings/mapping.ts';
import {
  clearActiveSetting,
  profileIdOf,
  refreshSettings,
  restoreActiveSetting,
  selectActiveSetting,
} from './actions.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Notion answered with an error: the operators hear of it, with the call's prefix (spec 1 §8). */
export function reportNotionError(prefix: string, error: unknown): void {
  if (error instanceof NotionApiError && error.reason === 'network') return; // offline: the banner's job
  const status = error instanceof NotionApiError ? ` (status ${error.status})` : '';
  void notifyOperators(`${prefix}: ${messageOf(error)}${status}`);
}

export const NO_WORKSPACE_SELECTED = 'No workspace selected. Please go back and select a workspace.';
export const WORKSPACE_NOT_FOUND = 'Workspace not found. Please go back and select a valid workspace.';
export const WORKSPACE_DETAILS_FAILED = 'Unable to retrieve workspace details. Please try again.';
export const NO_KEY = 'No Notion API key found for this workspace';

/** The workspace's key, or the database step's message (spec 1 §8). */
async function keyFor(workspaceId: string | null): Promise<Outcome<{ key: string; name: string }>> {
  if (!workspaceId) return { ok: false, message: NO_WORKSPACE_SELECTED };
  let name: string;
  try {
    const workspace = await workspaces.workspaceById(workspaceId);
    if (!workspace) return { ok: false, message: WORKSPACE_NOT_FOUND };
    name = workspace.notion_workspace_name ?? workspace.name ?? '';
  } catch {
    return { ok: false, message: WORKSPACE_DETAILS_FAILED };
  }
  try {
    const key = await workspaces.workspaceKey(workspaceId);
    if (!key) return { ok: false, message: NO_KEY };
    return { ok: true, value: { key, name } };
  } catch {
    return { ok: false, message: WORKSPACE_DETAILS_FAILED };
  }
}

export async function loadDatabases(
  workspaceId: string | null,
): Promise<Outcome<{ workspaceName: string; databases: NotionDatabaseItem[] }>> {
  const found = await keyFor(workspaceId);
  if (!found.ok) return found;
  try {
    const databases = await notion.allDatabases(found.value.key);
    return { ok: true, value: { workspaceName: found.value.name, databases } };
  } catch (error) {
    reportNotionError('Failed to fetch databases', error);
    return { ok: false, message: `Unable to retrieve databases from Notion: ${messageOf(error)}` };
  }
}

export const MISSING_IDS = 'Missing workspace ID or database ID. Please go back and make a selection.';
export const NO_PROPERTIES = 'No properties found in the selected database.';

export async function loadProperties(
  workspaceId: string | null,
  databaseId: string | null,
): Promise<Outcome<{ workspaceName: string; database: NotionDatabaseDetails }>> {
  if (!workspaceId || !databaseId) return { ok: false, message: MISSING_IDS };
  const found = await keyFor(workspaceId);
  if (!found.ok) return found;
  try {
    const database = await notion.database(found.value.key, databaseId);
    if (database.properties.length === 0) return { ok: false, message: NO_PROPERTIES };
    return { ok: true, value: { workspaceName: found.value.name, database } };
  } catch (error) {
    reportNotionError('Failed to fetch database properties', error);
    const message = error instanceof NotionApiError ? error.message : messageOf(error);
    return { ok: false, message: `Unable to retrieve database properties from Notion: ${message}` };
  }
}

export interface MappingStep {
  error?: string;
  properties: DatabaseProperty[];
  databaseTitle: string;
  mapping: Mapping;
}

/**
 * The mapping step's data: the database's properties, and the mapping from the wizard's
 * temporaries (same database), else from the setting being edited, with fullName on the title.
 */
export async function loadMappingStep(
  authId: string,
  workspaceId: string | null,
  databaseId: string | null,
): Promise<MappingStep> {
  const outcome = await loadProperties(workspaceId, databaseId);
  if (!outcome.ok) return { error: outcome.message, properties: [], databaseTitle: '', mapping: {} };
  const { properties, title } = outcome.value.database;
  const draft = await readWizardDraft(authId);
  let mapping: Mapping = {};
  if (draft.mapping && draft.databaseId === databaseId) mapping = draft.mapping;
  else if (draft.editingSettingId) {
    const setting = await db.settings.get(draft.editingSettingId);
    if (setting && setting.notion_db_id === databaseId) mapping = mappingFromColumns(setting);
  }
  mapping = withTitleMapped(mapping, properties);
  const propertyNames = Object.fromEntries(properties.map((p) => [p.id, p.name]));
  await updateWizardDraft(authId, {
    databaseId: databaseId ?? undefined,
    databaseTitle: title,
    mapping,
    propertyNames,
  });
  return { properties, databaseTitle: title, mapping };
}

export interface SaveRequest {
  authId: string | null;
  name: string;
  workspaceId: string;
  databaseId: string;
  mapping: Mapping;
  editingSettingId?: string;
}

export async function saveSetting(request: SaveRequest): Promise<Outcome<string>> {
  if (!request.authId) return { ok: false, message: 'User not authenticated' };
  const authId = request.authId;
  try {
    const profileId = await profileIdOf(authId);
    const columns = mappingColumns(request.mapping);
    const fields = {
      name: request.name.trim(),
      workspace_id: request.workspaceId,
      notion_db_id: request.databaseId,
      ...columns,
      profile_url: columns.profile_url ?? '',
      full_name: columns.full_name ?? '',
    };
    const saved = request.editingSettingId
      ? await settingsTable.updateSetting(request.editingSettingId, fields)
      : await settingsTable.insertSetting({ ...fields, user_id: profileId, health: 'Healthy' });
    await clearActiveSetting(authId);
    if (request.editingSettingId) await selectActiveSetting(authId, saved.id);
    await clearWizardDraft();
    await refreshSettings(authId);
    await restoreActiveSetting(authId);
    return { ok: true, value: saved.id };
  } catch (error) {
    return { ok: false, message: `Unable to save Notion setting: ${messageOf(error)}` };
  }
}

/** Existing names for the uniqueness rule; throws when they cannot be read. */
export async function existingSettingNames(
  authId: string,
): Promise<{ id: string; name: string; notion_db_id: string }[]> {
  return settingsTable.listSettings(await profileIdOf(authId));
}

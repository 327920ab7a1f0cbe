/**
 * What the wizard does (spec 1 §4 "Wizard"; §5; §8), past step 1 (see workspaceActions.ts):
 * the databases and properties a saved workspace's key sees (named by the workspace id), the mapping step's data, and saving (insert, or
 * update in edit mode) — then the active setting is cleared, re-activated when editing, and
 * the wizard's temporaries are wiped.
 */
import { db } from '../../data/db/schema.ts';
import { notifyOperators } from '../../data/functions/notifyOperators.ts';
import { clearWizardDraft, readWizardDraft, updateWizardDraft } from '../../data/db/wizardDraft.ts';
import { notion } from '../../data/notion/appNotion.ts';
import type { NotionDatabaseDetails, NotionDatabaseItem } from '../../data/notion/client.ts';
import { appError, type AppError } from '../../data/errors/appError.ts';
import { attempt, fail, ok, type Result } from '../../data/errors/result.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import * as settingsTable from '../../data/supabase/settings.ts';
import * as workspaces from '../../data/supabase/workspaces.ts';
import {
  mappingColumns,
  mappingFromColumns,
  withTitleMapped,
  type DatabaseProperty,
  type Mapping,
} from '../../domain/settings/mapping.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { isConnectionFailure } from '../../domain/errors/reason.ts';
import {
  clearActiveSetting,
  profileIdOf,
  refreshSettings,
  restoreActiveSetting,
  selectActiveSetting,
} from './actions.ts';

/** Notion answered with an error: the operators hear of it, with the call's prefix (spec 1 §8). */
export function reportNotionError(prefix: string, error: AppError): void {
  if (isConnectionFailure(error.reason)) return; // offline: not the operators' concern
  const status = error.debug.status ? ` (status ${error.debug.status})` : '';
  void notifyOperators(`${prefix}: ${error.message}${status}`);
}

/**
 * The workspace the step works in: its id for the Notion calls (the proxy holds its key) and
 * its name; failures are the database step's (context 'workspace'). A workspace whose mask is
 * missing has no key ('No Notion API key found for this workspace').
 */
async function workspaceFor(workspaceId: string | null): Promise<Result<{ id: string; name: string }>> {
  const step = (error: AppError) => fail(error.in('workspace'));
  if (!workspaceId) return step(appError({ kind: 'validation', field: 'workspaceId' }));
  try {
    const workspace = await workspaces.workspaceById(workspaceId);
    if (!workspace) return step(appError({ kind: 'notFound' }));
    if (!workspace.notion_key) return step(appError({ kind: 'validation', field: 'notionKey' }));
    return ok({ id: workspace.id, name: workspace.notion_workspace_name ?? workspace.name ?? '' });
  } catch (error) {
    return step(toAppError(error));
  }
}

/** The databases the workspace's key sees (failures: contexts 'workspace', 'loadDatabases'). */
export async function loadDatabases(
  workspaceId: string | null,
): Promise<Result<{ workspaceName: string; databases: NotionDatabaseItem[] }>> {
  const found = await workspaceFor(workspaceId);
  if (!found.ok) return found;
  const databases = await attempt(() => notion.allDatabases(found.value.id));
  if (!databases.ok) {
    reportNotionError('Failed to fetch databases', databases.error);
    return databases;
  }
  return ok({ workspaceName: found.value.name, databases: databases.value });
}

/** The database's properties (failures: contexts 'workspace', 'loadProperties'). */
export async function loadProperties(
  workspaceId: string | null,
  databaseId: string | null,
): Promise<Result<{ workspaceName: string; database: NotionDatabaseDetails }>> {
  if (!workspaceId || !databaseId) return fail(appError({ kind: 'validation', field: 'databaseId' }));
  const found = await workspaceFor(workspaceId);
  if (!found.ok) return found;
  const database = await attempt(() => notion.database(found.value.id, databaseId));
  if (!database.ok) {
    reportNotionError('Failed to fetch database properties', database.error);
    return database;
  }
  if (database.value.properties.length === 0) return fail(appError({ kind: 'validation', field: 'properties' }));
  return ok({ workspaceName: found.value.name, database: database.value });
}

export interface MappingStep {
  /** The failure's text (context 'loadProperties'). */
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
  if (!outcome.ok) {
    return { error: messageFor('loadProperties', outcome.error), properties: [], databaseTitle: '', mapping: {} };
  }
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

/** Saves the setting; failures read in context 'saveSetting'. */
export async function saveSetting(request: SaveRequest): Promise<Result<string>> {
  if (!request.authId) return fail(appError({ kind: 'unauthorized' }));
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
    return ok(saved.id);
  } catch (error) {
    return fail(error);
  }
}

/** Existing names for the uniqueness rule; throws when they cannot be read. */
export async function existingSettingNames(
  authId: string,
): Promise<{ id: string; name: string; notion_db_id: string }[]> {
  return settingsTable.listSettings(await profileIdOf(authId));
}

/**
 * What the wizard does (spec 1 §4 "Wizard"; §5; §8), past step 1 (see workspaceActions.ts):
 * the databases a saved workspace's key sees (named by the workspace id) with their data sources,
 * the properties of the chosen data source, the mapping step's data, and saving (insert, or
 * update in edit mode, naming the database and its data source) — then the active setting is
 * cleared, re-activated when editing, and the wizard's temporaries are wiped.
 */
import { db } from '../../data/db/schema.ts';
import { clearWizardDraft, readWizardDraft, updateWizardDraft } from '../../data/db/wizardDraft.ts';
import { notion } from '../../data/notion/appNotion.ts';
import type { NotionDataSourceDetails } from '../../data/notion/objects.ts';
import { appError, type AppError } from '../../data/errors/appError.ts';
import { attempt, fail, ok, type Result } from '../../data/errors/result.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import * as settingsTable from '../../data/supabase/settings.ts';
import * as workspaces from '../../data/supabase/workspaces.ts';
import {
  settingColumns,
  mappingFromColumns,
  MAPPED_FIELDS,
  withinProperties,
  withTitleMapped,
  type DatabaseProperty,
  type Mapping,
  type MappedField,
} from '../../domain/settings/mapping.ts';
import { suggestedMapping } from '../../domain/settings/suggestedMapping.ts';
import { groupByDatabase, settingMapsSource, type DatabaseChoice } from '../../domain/settings/databaseChoices.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import {
  clearActiveSetting,
  profileIdOf,
  refreshSettings,
  restoreActiveSetting,
  selectActiveSetting,
} from './actions.ts';

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

/**
 * The databases the workspace's key sees, one per database with its data sources (failures:
 * contexts 'workspace', 'loadDatabases'). Search lists data sources; a database with several
 * is read (GET databases/{id}) for its own title and its sources in Notion's order.
 */
export async function loadDatabases(
  workspaceId: string | null,
): Promise<Result<{ workspaceName: string; databases: DatabaseChoice[] }>> {
  const found = await workspaceFor(workspaceId);
  if (!found.ok) return found;
  const ws = found.value.id;
  const databases = await attempt(async () => {
    const choices = groupByDatabase(await notion.allDataSources(ws));
    return Promise.all(
      choices.map(async (choice) => {
        if (choice.dataSources.length === 1) return choice;
        const { title, icon, dataSources } = await notion.database(ws, choice.id);
        return { ...choice, title, icon, dataSources };
      }),
    );
  });
  if (!databases.ok) return databases;
  return ok({ workspaceName: found.value.name, databases: databases.value });
}

/** The data source's properties (failures: contexts 'workspace', 'loadProperties'). */
export async function loadProperties(
  workspaceId: string | null,
  dataSourceId: string | null,
): Promise<Result<{ workspaceName: string; dataSource: NotionDataSourceDetails }>> {
  if (!workspaceId || !dataSourceId) return fail(appError({ kind: 'validation', field: 'databaseId' }));
  const found = await workspaceFor(workspaceId);
  if (!found.ok) return found;
  const dataSource = await attempt(() => notion.dataSource(found.value.id, dataSourceId));
  if (!dataSource.ok) return dataSource;
  if (dataSource.value.properties.length === 0) return fail(appError({ kind: 'validation', field: 'properties' }));
  return ok({ workspaceName: found.value.name, dataSource: dataSource.value });
}

export interface MappingStep {
  /** The failure's text (context 'loadProperties'). */
  error?: string;
  properties: DatabaseProperty[];
  databaseTitle: string;
  mapping: Mapping;
  /** The fields holding the suggested mapping's choice, until the user changes them. */
  suggested: MappedField[];
}

/**
 * The mapping step's data: the data source's properties, and the mapping from the wizard's
 * temporaries (same data source), else from the setting being edited when it names this data
 * source (or, saved before data sources, this database's first), else — no choice made yet —
 * the suggested mapping (issue 16); fullName on the title.
 * The title is the one the database step chose (the database's, and the source's when it has
 * several), else the data source's.
 */
export async function loadMappingStep(
  authId: string,
  workspaceId: string | null,
  databaseId: string | null,
  dataSourceId: string | null,
): Promise<MappingStep> {
  const outcome = await loadProperties(workspaceId, databaseId && dataSourceId);
  if (!outcome.ok) {
    const error = messageFor('loadProperties', outcome.error);
    return { error, properties: [], databaseTitle: '', mapping: {}, suggested: [] };
  }
  const { properties, title } = outcome.value.dataSource;
  const draft = await readWizardDraft(authId);
  const sameChoice = draft.dataSourceId === dataSourceId;
  let mapping: Mapping | undefined;
  let suggested: MappedField[] = [];
  if (draft.mapping && sameChoice) {
    mapping = draft.mapping;
    suggested = draft.suggestedFields ?? [];
  } else if (draft.editingSettingId && databaseId) {
    const setting = await db.settings.get(draft.editingSettingId);
    if (setting && settingMapsSource(setting, databaseId, dataSourceId!)) {
      mapping = withinProperties(mappingFromColumns(setting), properties);
    }
  }
  if (!mapping) {
    const suggestion = suggestedMapping(properties);
    mapping = suggestion;
    suggested = MAPPED_FIELDS.map((spec) => spec.field).filter((field) => suggestion[field]);
  }
  mapping = withTitleMapped(mapping, properties);
  const propertyNames = Object.fromEntries(properties.map((p) => [p.id, p.name]));
  const databaseTitle = sameChoice && draft.databaseTitle ? draft.databaseTitle : title;
  await updateWizardDraft(authId, {
    databaseId: databaseId ?? undefined,
    dataSourceId: dataSourceId ?? undefined,
    databaseTitle,
    mapping,
    suggestedFields: suggested,
    propertyNames,
  });
  return { properties, databaseTitle, mapping, suggested };
}

export interface SaveRequest {
  authId: string | null;
  name: string;
  workspaceId: string;
  databaseId: string;
  dataSourceId: string;
  mapping: Mapping;
  editingSettingId?: string;
}

/** Saves the setting; failures read in context 'saveSetting'. */
export async function saveSetting(request: SaveRequest): Promise<Result<string>> {
  if (!request.authId) return fail(appError({ kind: 'unauthorized' }));
  const authId = request.authId;
  try {
    const profileId = await profileIdOf(authId);
    const fields = {
      name: request.name.trim(),
      workspace_id: request.workspaceId,
      notion_db_id: request.databaseId,
      notion_data_source_id: request.dataSourceId,
      ...settingColumns(request.mapping),
    };
    const saved = request.editingSettingId
      ? await settingsTable.updateSetting(request.editingSettingId, fields)
      : await settingsTable.insertSetting({ ...fields, user_id: profileId, health: 'Healthy' });
    // An edited setting is re-activated (its cached copy is stale). A new one leaves the active
    // setting as it is: clearing it here (the profile's id too) left a user with two settings
    // and none active, in this session and at every later sign-in. With none active, the
    // restore below activates the only setting.
    if (request.editingSettingId) {
      await clearActiveSetting(authId);
      await selectActiveSetting(authId, saved.id);
    }
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

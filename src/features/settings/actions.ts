/**
 * What the settings screens do (spec 1 §4, §5, §8), on top of src/data: refresh the local
 * copies, select / clear / restore the active setting, delete settings. Screens read Dexie
 * through `useSettingsData.ts`; they never call Supabase or fetch themselves.
 */
import {
  clearActiveSetting as clearActive,
  restoreActiveSetting as restoreActive,
  selectActiveSetting as selectActive,
  type ActiveSettingRemote,
} from '../../data/db/activeSetting.ts';
import { cachedUserProfile, removeCachedSetting, storeSettings, storeWorkspaces } from '../../data/db/localCopies.ts';
import type { CachedSetting } from '../../data/db/schema.ts';
import { clearWizardDraft, updateWizardDraft, type WizardDraft } from '../../data/db/wizardDraft.ts';
import { appError } from '../../data/errors/appError.ts';
import { ensureProfile, profileByAuthId, setActiveSettingId } from '../../data/supabase/profiles.ts';
import * as settingsTable from '../../data/supabase/settings.ts';
import { listWorkspaces, workspaceKeyMask } from '../../data/supabase/workspaces.ts';

/** The user's profile id (cached 5 minutes); without one, a validation error on `profile`. */
export async function profileIdOf(authId: string): Promise<string> {
  const profile = await cachedUserProfile(authId, async () => {
    const row = await ensureProfile(authId);
    return { ...row, authId };
  });
  if (!profile) throw appError({ kind: 'validation', field: 'profile' });
  return profile.id;
}

export function activeSettingRemote(authId: string): ActiveSettingRemote {
  return {
    profile: () => profileByAuthId(authId),
    setting: (id) => settingsTable.settingById(id),
    workspaceKeyMask: (id) => workspaceKeyMask(id),
    storeOnProfile: (profileId, id) => setActiveSettingId(profileId, id),
    settingIds: async () => (await settingsTable.listSettings(await profileIdOf(authId))).map((s) => s.id),
  };
}

/** Fetches the user's settings into Dexie. Failures are only logged (spec 1 §8). */
export async function refreshSettings(authId: string): Promise<void> {
  try {
    const rows = await settingsTable.listSettings(await profileIdOf(authId));
    await storeSettings(authId, rows);
  } catch (error) {
    console.error('could not load the settings', error);
  }
}

/** Fetches the user's workspaces into Dexie; throws so the wizard can show its message. */
export async function refreshWorkspaces(authId: string): Promise<void> {
  const rows = await listWorkspaces();
  await storeWorkspaces(authId, rows);
}

export const selectActiveSetting = (authId: string, settingId: string) =>
  selectActive(activeSettingRemote(authId), authId, settingId);

export const clearActiveSetting = (authId: string) => clearActive(activeSettingRemote(authId));

export async function restoreActiveSetting(authId: string) {
  try {
    return await restoreActive(activeSettingRemote(authId), authId);
  } catch (error) {
    console.error('could not restore the active setting', error);
    return { from: 'none' as const };
  }
}

/**
 * Deletes a setting; the active one is first nulled on the profile (spec 1 §4). A failure
 * is only logged and the item leaves the list anyway (spec 1 §8).
 */
export async function deleteSetting(authId: string, settingId: string, activeId: string | null): Promise<void> {
  try {
    if (activeId === settingId) await clearActiveSetting(authId);
    await settingsTable.deleteSetting(settingId);
  } catch (error) {
    console.error('could not delete the setting', error);
  }
  await removeCachedSetting(settingId);
  await restoreActiveSetting(authId);
}

/** A new setting: the wizard starts from empty temporaries. */
export const startNewSetting = (): Promise<void> => clearWizardDraft();

/** Edit mode: the editing setting id (and its choices) go into the wizard's temporaries. */
export async function startEditingSetting(authId: string, setting: CachedSetting): Promise<void> {
  await clearWizardDraft();
  await updateWizardDraft(authId, {
    editingSettingId: setting.id,
    name: setting.name,
    workspaceId: setting.workspace_id,
    databaseId: setting.notion_db_id,
  });
}

/** Keeps a wizard choice (workspace, database, mapping, name) across reloads. */
export const rememberWizardProgress = (authId: string, change: Partial<Omit<WizardDraft, 'authId'>>) =>
  updateWizardDraft(authId, change);

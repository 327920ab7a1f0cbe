/**
 * Step 1's workspace intents (spec 1 §4 "Workspace modal", "Workspace removal", §5
 * "Integration key", §8): key checks and validation through users/me, creation through the
 * RPC, removal (the last user's deletes the workspace), and the debug details.
 */
import { messageOf } from '../../data/notion/errors.ts';
import { notion } from '../../data/notion/appNotion.ts';
import type { NotionBot } from '../../data/notion/client.ts';
import { latestWorkspaceErrors } from '../../data/supabase/workspaceErrors.ts';
import * as workspaces from '../../data/supabase/workspaces.ts';
import { duplicateKeyMessage, KEY_VALIDATION_FAILED, notionKeyError } from '../../domain/settings/keyRules.ts';
import { clearActiveSetting } from './actions.ts';
import { reportNotionError, type Outcome } from './wizardActions.ts';

/** Local rules, then the duplicate check, then users/me (spec 1 §5 "Integration key"). */
export async function validateKey(key: string): Promise<Outcome<NotionBot>> {
  const invalid = notionKeyError(key);
  if (invalid) return { ok: false, message: invalid };
  const trimmed = key.trim();
  try {
    const existing = await workspaces.workspaceByKey(trimmed);
    if (existing) {
      return { ok: false, message: duplicateKeyMessage(existing.notion_workspace_name ?? existing.name ?? '') };
    }
  } catch (error) {
    return { ok: false, message: `Error: ${messageOf(error)}` };
  }
  try {
    return { ok: true, value: await notion.me(trimmed) };
  } catch (error) {
    console.error('API key validation failed', error);
    reportNotionError('API key validation failed', error);
    return { ok: false, message: KEY_VALIDATION_FAILED };
  }
}

export async function saveWorkspace(authId: string, key: string, bot: NotionBot): Promise<Outcome<string>> {
  try {
    const result = await workspaces.createWorkspaceWithAssociation({
      key: key.trim(),
      notionWorkspaceId: bot.id,
      workspaceName: bot.workspaceName || bot.name,
      keyName: bot.name,
      authId,
    });
    if (!result.success) return { ok: false, message: result.error ?? 'Error: unknown' };
    return { ok: true, value: result.newWorkspace?.id ?? '' };
  } catch (error) {
    return { ok: false, message: `An error occurred during saving: ${messageOf(error)}` };
  }
}

export const REMOVAL_USER_ERROR = 'Error retrieving user information.';
export const REMOVAL_ERROR = 'Error removing from workspace.';
export const REMOVAL_FAILED = 'Failed to remove from workspace';

/** Removes the user from a workspace (the last user's removal deletes it), clears the active setting. */
export async function removeWorkspace(authId: string, workspaceId: string): Promise<Outcome<{ deleted: boolean }>> {
  let count: number;
  try {
    const answer = await workspaces.manageWorkspace('get_user_count', workspaceId, authId);
    if (!answer.success) return { ok: false, message: REMOVAL_USER_ERROR };
    count = answer.userCount;
  } catch {
    return { ok: false, message: REMOVAL_USER_ERROR };
  }
  try {
    const answer = await workspaces.manageWorkspace('remove_user', workspaceId, authId);
    if (!answer.success) return { ok: false, message: answer.error ?? REMOVAL_ERROR };
    await clearActiveSetting(authId).catch((error: unknown) => console.error(error));
    return { ok: true, value: { deleted: answer.workspaceRemoved || count <= 1 } };
  } catch (error) {
    console.error(error);
    return { ok: false, message: REMOVAL_FAILED };
  }
}

/** Debug details of a workspace: its cached row (masked key only) and its 10 latest errors. */
export async function workspaceDebugDetails(workspace: object & { id: string }): Promise<string> {
  let errors: unknown;
  try {
    errors = await latestWorkspaceErrors(workspace.id);
  } catch (error) {
    errors = `Error: ${messageOf(error)}`;
  }
  return JSON.stringify({ workspace, errors }, null, 2);
}

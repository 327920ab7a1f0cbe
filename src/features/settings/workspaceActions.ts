/**
 * Step 1's workspace intents (spec 1 §4 "Workspace modal", "Workspace removal", §5
 * "Integration key", §8): key checks and validation through users/me, creation through the
 * RPC, removal (the last user's deletes the workspace), and the debug details.
 */
import { appError } from '../../data/errors/appError.ts';
import { attempt, fail, ok, textOf, type Result } from '../../data/errors/result.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { notion } from '../../data/notion/appNotion.ts';
import type { NotionBot } from '../../data/notion/objects.ts';
import { latestWorkspaceErrors } from '../../data/supabase/workspaceErrors.ts';
import * as workspaces from '../../data/supabase/workspaces.ts';
import { duplicateKeyMessage, notionKeyError } from '../../domain/settings/keyRules.ts';
import { clearActiveSetting } from './actions.ts';

/**
 * Local rules, then the duplicate check, then users/me (spec 1 §5 "Integration key") — the one
 * Notion call that carries the typed key; once saved, the workspace id stands for it. A broken
 * rule is a `validation` error on `key` carrying the rule's text; failures read in context
 * 'checkKey' (the duplicate check) or 'validateKey' (Notion).
 */
export async function validateKey(key: string): Promise<Result<NotionBot>> {
  const invalid = notionKeyError(key);
  if (invalid) return fail(appError({ kind: 'validation', field: 'key' }, invalid));
  const trimmed = key.trim();
  try {
    const existing = await workspaces.workspaceByKey(trimmed);
    if (existing) {
      const duplicate = duplicateKeyMessage(existing.notion_workspace_name ?? existing.name ?? '');
      return fail(appError({ kind: 'validation', field: 'key' }, duplicate));
    }
  } catch (error) {
    return fail(toAppError(error).in('checkKey'));
  }
  const bot = await attempt(() => notion.validateKey(trimmed));
  if (!bot.ok) {
    console.error('API key validation failed', bot.error);
    return fail(bot.error.in('validateKey'));
  }
  return bot;
}

/** Creates the workspace and links the user; a refusal of the RPC is a `conflict` (context 'addWorkspace'). */
export async function saveWorkspace(authId: string, key: string, bot: NotionBot): Promise<Result<string>> {
  try {
    const result = await workspaces.createWorkspaceWithAssociation({
      key: key.trim(),
      notionWorkspaceId: bot.id,
      workspaceName: bot.workspaceName || bot.name,
      keyName: bot.name,
      authId,
    });
    if (!result.success) return fail(appError({ kind: 'conflict' }, result.error ?? ''));
    return ok(result.newWorkspace?.id ?? '');
  } catch (error) {
    return fail(error);
  }
}

/**
 * Removes the user from a workspace (the last user's removal deletes it), clears the active
 * setting. Failures read in 'countWorkspaceUsers' (the first RPC) or 'removeWorkspace' (a
 * refusal of the second is a `conflict` carrying the RPC's error).
 */
export async function removeWorkspace(authId: string, workspaceId: string): Promise<Result<{ deleted: boolean }>> {
  let count: number;
  try {
    const answer = await workspaces.manageWorkspace('get_user_count', workspaceId, authId);
    if (!answer.success) return fail(appError({ kind: 'conflict' }, answer.error ?? '').in('countWorkspaceUsers'));
    count = answer.userCount;
  } catch (error) {
    return fail(toAppError(error).in('countWorkspaceUsers'));
  }
  try {
    const answer = await workspaces.manageWorkspace('remove_user', workspaceId, authId);
    if (!answer.success) return fail(appError({ kind: 'conflict' }, answer.error ?? ''));
    await clearActiveSetting(authId).catch((error: unknown) => console.error(error));
    return ok({ deleted: answer.workspaceRemoved || count <= 1 });
  } catch (error) {
    console.error(error);
    return fail(error);
  }
}

/** Debug details of a workspace: its cached row (masked key only) and its 10 latest errors. */
export async function workspaceDebugDetails(workspace: object & { id: string }): Promise<string> {
  let errors: unknown;
  try {
    errors = await latestWorkspaceErrors(workspace.id);
  } catch (error) {
    errors = textOf('workspaceDetails', error);
  }
  return JSON.stringify({ workspace, errors }, null, 2);
}

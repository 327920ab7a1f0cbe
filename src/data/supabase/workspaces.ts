/**
 * The `workspaces` table and its RPCs (spec 1 §3, §7). RLS shows a user only the workspaces
 * they are linked to; links are written only by `create_workspace_with_association` and
 * removed only by `secure_workspace_management` (last user's removal deletes the workspace).
 *
 * What must stay true: no read returns a Notion key — the key is in the server's private
 * schema (migration 20261124000100), rows carry its mask (`notion_key`). A typed key is sent
 * only to the duplicate check and to the creation RPC, in their bodies.
 */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Tables } from './database.types.ts';

export type WorkspaceRow = Pick<
  Tables<'workspaces'>,
  'id' | 'notion_workspace_name' | 'name' | 'notion_key' | 'health' | 'created_at'
>;

const COLUMNS = 'id, notion_workspace_name, name, notion_key, health, created_at';

export async function listWorkspaces(): Promise<WorkspaceRow[]> {
  const { data, error, status } = await supabase
    .from('workspaces')
    .select(COLUMNS)
    .order('created_at', { ascending: false });
  if (error) throw postgrestError(error, status);
  return data;
}

export async function workspaceById(id: string): Promise<WorkspaceRow | null> {
  const { data, error, status } = await supabase.from('workspaces').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) throw postgrestError(error, status);
  return data;
}

/** The id and names of the workspace (linked to the caller) already holding this key, if any. */
export async function workspaceByKey(
  key: string,
): Promise<Pick<WorkspaceRow, 'id' | 'name' | 'notion_workspace_name'> | null> {
  const { data, error, status } = await supabase.rpc('linked_workspace_for_key', { notion_key: key });
  if (error) throw postgrestError(error, status);
  return data[0] ?? null;
}

/** The workspace's key as the server masks it (first 5 + last 3 characters); null when unknown. */
export async function workspaceKeyMask(id: string): Promise<string | null> {
  return (await workspaceById(id))?.notion_key ?? null;
}

export interface WorkspaceCreation {
  success: boolean;
  newWorkspace: { id: string } | null;
  error: string | null;
}

export async function createWorkspaceWithAssociation(args: {
  key: string;
  notionWorkspaceId: string;
  workspaceName: string;
  keyName: string;
  authId: string;
}): Promise<WorkspaceCreation> {
  const { data, error, status } = await supabase.rpc('create_workspace_with_association', {
    notion_key: args.key,
    notion_workspace_id: args.notionWorkspaceId,
    workspace_name: args.workspaceName,
    notion_key_name: args.keyName,
    auth_user_id: args.authId,
  });
  if (error) throw postgrestError(error, status);
  return {
    success: Boolean(data.success),
    newWorkspace: (data.new_workspace as { id: string } | null) ?? null,
    error: data.error ?? null,
  };
}

export interface WorkspaceManagement {
  success: boolean;
  userCount: number;
  workspaceRemoved: boolean;
  error: string | null;
}

export async function manageWorkspace(
  operation: 'get_user_count' | 'remove_user',
  workspaceId: string,
  authId: string,
): Promise<WorkspaceManagement> {
  const { data, error, status } = await supabase.rpc('secure_workspace_management', {
    p_operation: operation,
    p_workspace_id: workspaceId,
    p_auth_user_id: authId,
  });
  if (error) throw postgrestError(error, status);
  return {
    success: Boolean(data.success),
    userCount: data.user_count ?? 0,
    workspaceRemoved: Boolean(data.workspace_removed),
    error: data.error ?? null,
  };
}

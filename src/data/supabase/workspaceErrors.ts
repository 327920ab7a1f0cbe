/**
 * The `errors` table (spec 1 §3, §7): a workspace's Notion API errors, the 10 latest of which
 * debug mode shows. RLS: only users linked to the workspace read them.
 */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Tables } from './database.types.ts';

export type WorkspaceErrorRow = Pick<Tables<'errors'>, 'id' | 'message' | 'status' | 'endpoint' | 'created_at'>;

export const LATEST_ERRORS = 10;

export async function latestWorkspaceErrors(workspaceId: string): Promise<WorkspaceErrorRow[]> {
  const { data, error, status } = await supabase
    .from('errors')
    .select('id, message, status, endpoint, created_at')
    .eq('workspace_id', workspaceId)
    .order('created_at', { ascending: false })
    .limit(LATEST_ERRORS);
  if (error) throw postgrestError(error, status);
  return data;
}

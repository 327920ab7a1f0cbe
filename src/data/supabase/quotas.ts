/** The monthly quotas of the user's team (spec 2 §7: get_linkedin/notion_quota_for_user). */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Database } from './database.types.ts';

type Composite = Database['public']['CompositeTypes'];
export type LinkedInQuota = Composite['linkedin_quota'];
export type NotionQuota = Composite['notion_quota'];
export type QuotaCheck = Composite['quota_check'];

export async function linkedInQuotaOf(authId: string): Promise<LinkedInQuota> {
  const { data, error, status } = await supabase.rpc('get_linkedin_quota_for_user', { auth_user_id: authId });
  if (error) throw postgrestError(error, status);
  return data;
}

export async function notionQuotaOf(authId: string): Promise<NotionQuota> {
  const { data, error, status } = await supabase.rpc('get_notion_quota_for_user', { auth_user_id: authId });
  if (error) throw postgrestError(error, status);
  return data;
}

/**
 * The Notion page view `viewId` counted against the team's monthly quota (spec 2 §4): allowed,
 * quota, used. Counted once per view id: notion-proxy names the same view when it serves the
 * page and does not count it again (RPC count_notion_page_view, issue 32).
 */
export async function countNotionPageView(authId: string, viewId: string): Promise<QuotaCheck> {
  const { data, error, status } = await supabase.rpc('count_notion_page_view', {
    user_auth_id: authId,
    view_id: viewId,
  });
  if (error) throw postgrestError(error, status);
  return data;
}

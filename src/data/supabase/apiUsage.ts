/**
 * The user's profile-data API calls (spec 2 §7 "api_usage: latest 10 by created_at desc", §9
 * "usage table 10 rows"): RLS lets a user read only their own rows; the edge function writes them.
 */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Database } from './database.types.ts';
import { API_USAGE_ROWS } from '../../domain/testScreens/apiUsageRows.ts';

export type ApiUsageRow = Pick<
  Database['public']['Tables']['api_usage']['Row'],
  'id' | 'created_at' | 'endpoint' | 'successful'
>;

export async function latestApiUsage(): Promise<ApiUsageRow[]> {
  const { data, error, status } = await supabase
    .from('api_usage')
    .select('id, created_at, endpoint, successful')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(API_USAGE_ROWS);
  if (error) throw postgrestError(error, status);
  return data;
}

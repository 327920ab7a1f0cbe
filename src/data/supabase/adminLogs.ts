/**
 * The admin logs (spec 2 §7): stripe_sync_logs, all rows by run_date desc (RLS lets only admins
 * read them), and get_quota_reset_logs (refused to non-admins by private.require_admin).
 */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Database } from './database.types.ts';

type Tables = Database['public']['Tables'];
export type SyncLogRow = Tables['stripe_sync_logs']['Row'];
export type QuotaResetLogRow = Tables['quota_reset_logs']['Row'];

export async function stripeSyncLogs(): Promise<SyncLogRow[]> {
  const { data, error, status } = await supabase
    .from('stripe_sync_logs')
    .select('*')
    .order('run_date', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw postgrestError(error, status);
  return data;
}

export async function quotaResetLogs(): Promise<QuotaResetLogRow[]> {
  const { data, error, status } = await supabase.rpc('get_quota_reset_logs');
  if (error) throw postgrestError(error, status);
  return data;
}

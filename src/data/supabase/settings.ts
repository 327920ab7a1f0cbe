/**
 * The `settings` table (spec 1 §3, §7): the signed-in user's saved settings. RLS limits every
 * call to the caller's own rows; the database also enforces the name (3–50, unique in any
 * letter case) and one-database-per-user rules, so a race cannot bypass the screens' checks.
 */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Tables, TablesInsert, TablesUpdate } from './database.types.ts';

export type SettingRow = Omit<Tables<'settings'>, 'display_config' | 'customize_help'>;

const COLUMNS =
  'id, user_id, name, workspace_id, notion_db_id, notion_data_source_id, health, profile_url, full_name, first_name, last_name, company, headline, summary, education, country, city, created_at, updated_at';

export async function listSettings(profileId: string): Promise<SettingRow[]> {
  const { data, error, status } = await supabase
    .from('settings')
    .select(COLUMNS)
    .eq('user_id', profileId)
    .order('created_at', { ascending: false });
  if (error) throw postgrestError(error, status);
  return data;
}

export async function settingById(id: string): Promise<SettingRow | null> {
  const { data, error, status } = await supabase.from('settings').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) throw postgrestError(error, status);
  return data;
}

export async function insertSetting(row: TablesInsert<'settings'>): Promise<SettingRow> {
  const { data, error, status } = await supabase.from('settings').insert(row).select(COLUMNS).single();
  if (error) throw postgrestError(error, status);
  return data;
}

export async function updateSetting(id: string, change: TablesUpdate<'settings'>): Promise<SettingRow> {
  const { data, error, status } = await supabase.from('settings').update(change).eq('id', id).select(COLUMNS).single();
  if (error) throw postgrestError(error, status);
  return data;
}

export async function deleteSetting(id: string): Promise<void> {
  const { error, status } = await supabase.from('settings').delete().eq('id', id);
  if (error) throw postgrestError(error, status);
}

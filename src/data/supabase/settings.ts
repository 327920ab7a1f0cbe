/**
 * The `settings` table (spec 1 §3, §7): the signed-in user's saved settings. RLS limits every
 * call to the caller's own rows; the database also enforces the name (3–50, unique in any
 * letter case) and one-data-source-per-user rules, so a race cannot bypass the screens' checks;
 * a write those rules refuse fails as the screens' own check would (`validation` on `name` or
 * `database`), so the wizard shows the spec's text.
 */
import { AppError } from '../errors/appError.ts';
import { postgrestError, type PostgrestErrorLike } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Tables, TablesInsert, TablesUpdate } from './database.types.ts';

export type SettingRow = Omit<Tables<'settings'>, 'display_config' | 'customize_help'>;

const COLUMNS =
  'id, user_id, name, workspace_id, notion_db_id, notion_data_source_id, health, profile_url, full_name, first_name, last_name, company, headline, summary, education, country, city, next_follow_up, stage, created_at, updated_at';

/** The unique indexes of the table (supabase/migrations) and the rule each one holds. */
const UNIQUE_RULES: Record<string, 'name' | 'database'> = {
  settings_name_unique_per_user: 'name',
  settings_data_source_unique_per_user: 'database',
  settings_database_unique_per_user: 'database',
};

/** A refused insert or update: a unique rule's violation is that rule's validation failure. */
function writeError(error: PostgrestErrorLike, status: number): AppError {
  const failure = postgrestError(error, status);
  if (error.code !== '23505') return failure;
  const index = Object.keys(UNIQUE_RULES).find((name) => error.message.includes(`"${name}"`));
  if (!index) return failure;
  return new AppError({ kind: 'validation', field: UNIQUE_RULES[index] }, failure.message, failure.debug);
}

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
  if (error) throw writeError(error, status);
  return data;
}

export async function updateSetting(id: string, change: TablesUpdate<'settings'>): Promise<SettingRow> {
  const { data, error, status } = await supabase.from('settings').update(change).eq('id', id).select(COLUMNS).single();
  if (error) throw writeError(error, status);
  return data;
}

export async function deleteSetting(id: string): Promise<void> {
  const { error, status } = await supabase.from('settings').delete().eq('id', id);
  if (error) throw postgrestError(error, status);
}

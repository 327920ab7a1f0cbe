/**
 * A setting's display preferences (spec 2 §3, §7): `display_config` (which properties a page
 * shows at once) and `customize_help` (whether the first-time "Customize Your View" modal may
 * show). Read by id; each written alone by id. `updated_at` is kept true by the table's
 * trigger (settings_touch), whoever writes; RLS lets only the setting's owner read or write.
 */
import { parseDisplayConfig, type DisplayConfig } from '../../domain/notion/displayConfig.ts';
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';

export interface DisplayPreferences {
  /** null until the user customises the display (or when the stored value is malformed). */
  displayConfig: DisplayConfig | null;
  customizeHelp: boolean;
}

export async function displayPreferencesOf(settingId: string): Promise<DisplayPreferences> {
  const { data, error, status } = await supabase
    .from('settings')
    .select('display_config, customize_help')
    .eq('id', settingId)
    .single();
  if (error) throw postgrestError(error, status);
  return { displayConfig: parseDisplayConfig(data.display_config), customizeHelp: data.customize_help };
}

export async function updateDisplayConfig(settingId: string, config: DisplayConfig): Promise<void> {
  const { error, status } = await supabase
    .from('settings')
    .update({ display_config: config })
    .eq('id', settingId)
    .select('id')
    .single();
  if (error) throw postgrestError(error, status);
}

export async function updateCustomizeHelp(settingId: string, customizeHelp: boolean): Promise<void> {
  const { error, status } = await supabase
    .from('settings')
    .update({ customize_help: customizeHelp })
    .eq('id', settingId)
    .select('id')
    .single();
  if (error) throw postgrestError(error, status);
}

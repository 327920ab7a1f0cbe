/**
 * The `profiles` table (spec 1 §3, §7; spec 2 §3, §4): the signed-in user's row, created with
 * `empty_profile` when it is missing (the account-setup machine takes it from there), and
 * one-field updates from the profile screen. RLS limits every call to the caller's own row.
 */
import { parseSetupResult, type SetupResult } from '../../domain/billing/setupResult.ts';
import { SETUP_COMPLETE } from '../../domain/settings/activeSetting.ts';
import { postgrestError } from '../errors/postgrest.ts';
import { notifyNewUser } from '../functions/notifyOperators.ts';
import { supabase } from './client.ts';
import type { Tables, TablesUpdate } from './database.types.ts';

/** The columns the app reads (created_at / updated_at are the database's own). */
export type ProfileRow = Pick<
  Tables<'profiles'>,
  | 'id'
  | 'auth_id'
  | 'first_name'
  | 'last_name'
  | 'company'
  | 'role'
  | 'profile_state'
  | 'active_setting_id'
  | 'active_team_id'
>;

export type EditableProfileField = 'first_name' | 'last_name' | 'company';

const COLUMNS = 'id, auth_id, first_name, last_name, company, role, profile_state, active_setting_id, active_team_id';

export async function profileByAuthId(authId: string): Promise<ProfileRow | null> {
  const { data, error, status } = await supabase.from('profiles').select(COLUMNS).eq('auth_id', authId).maybeSingle();
  if (error) throw postgrestError(error, status);
  return data;
}

/** The user's profile, inserted with profile_state empty_profile when there is none yet. */
export async function ensureProfile(authId: string): Promise<ProfileRow> {
  const existing = await profileByAuthId(authId);
  if (existing) return existing;
  const { data, error, status } = await supabase
    .from('profiles')
    .insert({ auth_id: authId, profile_state: 'empty_profile' })
    .select(COLUMNS)
    .single();
  if (error) {
    // Another tab (or the setup function) may have created it meanwhile.
    const raced = await profileByAuthId(authId);
    if (raced) return raced;
    throw postgrestError(error, status);
  }
  return data;
}

/**
 * The idempotent account setup (setup_new_user, spec 2 §4): personal team, owner membership,
 * active team and, without billing configured, the free plan and setup_complete. Answers the
 * setup result (§3); a refused call throws. A setup that succeeds on an account not yet set up
 * is a new user's arrival: the operators hear of it (slack-notify sends it once per user).
 */
export async function runAccountSetup(authId: string): Promise<SetupResult> {
  const { data, error, status } = await supabase.rpc('setup_new_user', { auth_user_id: authId });
  if (error) throw postgrestError(error, status);
  const result = parseSetupResult(data);
  if (result.success && result.originalState !== SETUP_COMPLETE) void notifyNewUser();
  return result;
}

const changeOf = (field: EditableProfileField, value: string): TablesUpdate<'profiles'> =>
  field === 'first_name' ? { first_name: value } : field === 'last_name' ? { last_name: value } : { company: value };

export async function updateProfileField(profileId: string, field: EditableProfileField, value: string): Promise<void> {
  const { error, status } = await supabase.from('profiles').update(changeOf(field, value)).eq('id', profileId);
  if (error) throw postgrestError(error, status);
}

/** Stores (or, with null, clears) the active setting on the profile. */
export async function setActiveSettingId(profileId: string, settingId: string | null): Promise<void> {
  const { error, status } = await supabase
    .from('profiles')
    .update({ active_setting_id: settingId })
    .eq('id', profileId);
  if (error) throw postgrestError(error, status);
}

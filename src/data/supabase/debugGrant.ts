/**
 * Debug mode as a per-user grant (issue 20; spec 2 §6 "Debug mode (separate flag)"): the
 * signed-in user's own `profiles.debug_mode_allowed` (RLS: owner reads) and the admin RPC
 * set_debug_mode_allowed that changes anyone's (the database refuses it to non-admins).
 */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';

/** Whether this user may turn debug mode on (false when the profile is missing). */
export async function debugModeAllowed(authId: string): Promise<boolean> {
  const { data, error, status } = await supabase
    .from('profiles')
    .select('debug_mode_allowed')
    .eq('auth_id', authId)
    .maybeSingle();
  if (error) throw postgrestError(error, status);
  return data?.debug_mode_allowed === true;
}

/** Grants or withdraws debug mode for the user with this auth id; answers the new value. */
export async function setDebugModeAllowed(userId: string, allowed: boolean): Promise<boolean> {
  const { data, error, status } = await supabase.rpc('set_debug_mode_allowed', {
    target_user_id: userId,
    allowed,
  });
  if (error) throw postgrestError(error, status);
  return data;
}

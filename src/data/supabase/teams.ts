/** The `teams` table (spec 1 §3, spec 2 §3): the user's active team (RLS: the user's teams). */
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Tables } from './database.types.ts';

export type TeamRow = Tables<'teams'>;

/**
 * The caller's active team (else their personal team) through RPC get_user_active_team, which
 * answers a list whose first item is the team (spec 2 §7); null when the user has no team yet.
 */
export async function userActiveTeam(): Promise<TeamRow | null> {
  const { data, error, status } = await supabase.rpc('get_user_active_team');
  if (error) throw postgrestError(error, status);
  return data?.[0] ?? null;
}

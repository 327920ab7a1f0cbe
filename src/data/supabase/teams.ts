/** The `teams` table (spec 1 §3, spec 2 §3): the active team by id (RLS: the user's teams). */
import { supabase } from './client.ts';
import type { Tables } from './database.types.ts';

export type TeamRow = Tables<'teams'>;

export async function teamById(id: string): Promise<TeamRow | null> {
  const { data, error } = await supabase.from('teams').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

/**
 * The caller's active team (else their personal team) through RPC get_user_active_team, which
 * answers a list whose first item is the team (spec 2 §7); null when the user has no team yet.
 */
export async function userActiveTeam(): Promise<TeamRow | null> {
  const { data, error } = await supabase.rpc('get_user_active_team');
  if (error) throw new Error(error.message);
  return data?.[0] ?? null;
}

/**
 * The caller's active team and whether its subscription opens profile fetches (spec 2 §4,
 * "Subscription gate": active means full use; a missing status counts as active; any other
 * status, or no team, blocks. Trials and the plan keywords pro/startup/enterprise/free count as
 * active, as do teams whose trial_end_date is still ahead).
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { requireEnv } from '../_shared/env.ts';

export interface ActiveTeam {
  id: string;
  subscription_status: string | null;
  trial_end_date: string | null;
}

const OPEN_STATUSES = new Set(['active', 'trialing', 'pro', 'startup', 'enterprise', 'free']);

export function subscriptionIsActive(team: ActiveTeam | null, now = new Date()): boolean {
  if (!team) return false;
  if (team.subscription_status === null || OPEN_STATUSES.has(team.subscription_status)) return true;
  return team.trial_end_date !== null && new Date(team.trial_end_date) > now;
}

/**
 * The caller's active team as the app sees it: RPC get_user_active_team (spec 2 §7: "list,
 * first item is team"), called with the caller's own token, so it answers for them and teams
 * RLS applies. It is the team whose quota check_and_increment_linkedin_quota counts against.
 */
export async function activeTeamOf(accessToken: string): Promise<ActiveTeam | null> {
  const db = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  const { data, error } = await db.rpc('get_user_active_team');
  if (error) throw new Error(`reading the active team failed: ${error.message}`);
  const [team] = (data ?? []) as ActiveTeam[];
  return team ?? null;
}

/**
 * The caller's active team and whether its subscription opens profile fetches (spec 2 §4,
 * "Subscription gate"). The rule is the one the app's blocker uses too:
 * ../_shared/subscription-gate.ts.
 */
import { userClient } from '../_shared/clients.ts';
import { isSubscriptionActive, type TeamSubscription } from '../_shared/subscription-gate.ts';

export interface ActiveTeam extends TeamSubscription {
  id: string;
}

/** The shared gate (`now` defaults to the current time). */
export const subscriptionIsActive = (team: ActiveTeam | null, now = new Date()): boolean =>
  isSubscriptionActive(team, now.getTime());

/**
 * The caller's active team as the app sees it: RPC get_user_active_team (spec 2 §7: "list,
 * first item is team"), called with the caller's own token, so it answers for them and teams
 * RLS applies. It is the team whose quota check_and_increment_linkedin_quota counts against.
 */
export async function activeTeamOf(accessToken: string): Promise<ActiveTeam | null> {
  const { data, error } = await userClient(accessToken).rpc('get_user_active_team');
  if (error) throw new Error(`reading the active team failed: ${error.message}`);
  const [team] = (data ?? []) as ActiveTeam[];
  return team ?? null;
}

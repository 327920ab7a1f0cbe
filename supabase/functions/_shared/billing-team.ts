/**
 * Who is asking, for the billing functions (spec 2 §6 "Billing calls send the access token as
 * bearer"): the signed-in caller, their active team (RPC get_user_active_team with the caller's
 * own token, so teams RLS applies — the same team the quotas and the subscription gate use) and
 * whether they own it.
 *
 * What must stay true:
 * - a billing function acts on the caller's active team only. Ids a request names (the spec's
 *   userId, teamId, customerId, subscriptionId) never choose the team; one that is not the
 *   active team's is refused as 'Team not found' (404), which says nothing of other teams;
 * - changing the team's billing (customer, checkout, portal) is for the team's owner
 *   (teams.owner_id); any member may read its plans and status. The spec names no team admin
 *   role (profiles.role admin is the operators' /admin screens, served by sync-stripe-*).
 */
import { callerOf } from './auth.ts';
import { userClient } from './clients.ts';

export const TEAM_NOT_FOUND = 'Team not found';
export const OWNER_ONLY = 'Only the team owner can manage billing';

/** The team columns the billing functions read (spec 2 §3 Team). */
export interface BillingTeam {
  id: string;
  name: string;
  owner_id: string;
  subscription_status: string | null;
  plan_name: string | null;
  billing_cycle: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  trial_end_date: string | null;
}

export interface BillingCaller {
  userId: string;
  email: string | null;
  accessToken: string;
  /** The caller's profile id (profiles.id, what teams.owner_id names). */
  profileId: string;
  team: BillingTeam;
  isOwner: boolean;
}

export type BillingCallerResult =
  { ok: true; caller: BillingCaller } | { ok: false; reason: 'unauthenticated' } | { ok: false; reason: 'noTeam' };

/** The caller and their active team; database failures throw (answered 500 by the function). */
export async function billingCallerOf(req: Request): Promise<BillingCallerResult> {
  const caller = await callerOf(req);
  if (!caller.ok) return { ok: false, reason: 'unauthenticated' };
  const db = userClient(caller.accessToken);
  const [teams, profile] = await Promise.all([
    db.rpc('get_user_active_team'),
    db.from('profiles').select('id').eq('auth_id', caller.user.id).maybeSingle(),
  ]);
  if (teams.error) throw new Error(`reading the active team failed: ${teams.error.message}`);
  if (profile.error) throw new Error(`reading the profile failed: ${profile.error.message}`);
  const [team] = (teams.data ?? []) as BillingTeam[];
  if (!team || !profile.data) return { ok: false, reason: 'noTeam' };
  const profileId = (profile.data as { id: string }).id;
  return {
    ok: true,
    caller: {
      userId: caller.user.id,
      email: caller.user.email ?? null,
      accessToken: caller.accessToken,
      profileId,
      team,
      isOwner: team.owner_id === profileId,
    },
  };
}

/** Whether an id a request names (absent: fine) is the one the team has. */
export const namesOwn = (named: string | undefined, own: string | null): boolean =>
  named === undefined || named === own;

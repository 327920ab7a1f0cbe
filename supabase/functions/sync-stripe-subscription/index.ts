/**
 * sync-stripe-subscription: a signed-in member re-reads their team's subscription from Stripe
 * (spec 2 §4 "Active team … fallback function syncing the subscription", §7
 * `{teamId, stripeCustomerId}` → `{success, data}` merged into the team).
 *
 * POST `{teamId, stripeCustomerId?}` with the user's access token. Answers:
 * - 401 `{success: false, error}` without a user session;
 * - 400 without a teamId; 404 'Team not found' when the caller is not a member of the team (the
 *   team is read with the caller's own token, so RLS decides); 400 when the team has no Stripe
 *   customer, or `stripeCustomerId` is not the team's own (a customer is never linked from the
 *   browser);
 * - 429 with Retry-After past SYNC_LIMIT calls per user (each call costs Stripe requests;
 *   counted in the database, _shared/rate-limit.ts);
 * - 200 `{success: true, data}`: `data` is the team's billing columns after the sync — written by
 *   the same code as the webhook (_shared/stripe-team-sync.ts), so both agree — and `outcome`
 *   (synced, no subscription, Stripe does not know the customer);
 * - 500 `{success: false, error}` when Stripe or the database fails (details logged, redacted).
 */
import { z } from 'npm:zod@4.6.7';
import { callerOf } from '../_shared/auth.ts';
import { failure, logFailure, METHOD_NOT_ALLOWED } from '../_shared/billing-http.ts';
import { TEAM_NOT_FOUND } from '../_shared/billing-team.ts';
import { serviceClient, userClient } from '../_shared/clients.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { PayloadTooLarge } from '../_shared/request-body.ts';
import { type RateLimit, retryAfterSeconds } from '../_shared/rate-limit.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { describeOutcome, syncTeamFromStripe } from '../_shared/stripe-team-sync.ts';

const SYNC_LIMIT: RateLimit = { bucket: 'sync-stripe-subscription', limit: 10, windowSeconds: 60 };

/** The team columns the answer carries (the app merges them into its team). */
const TEAM_BILLING_COLUMNS =
  'id, plan_name, billing_cycle, subscription_status, stripe_customer_id, stripe_subscription_id, ' +
  'subscription_start_date, subscription_end_date, trial_end_date, api_quota, notion_pages_quota';

const SyncBody = z.object(
  {
    teamId: z.uuid({ error: 'teamId is required' }),
    stripeCustomerId: z.string({ error: 'stripeCustomerId must be a string' }).nullish(),
  },
  { error: 'The request body must be a JSON object with a teamId' },
);

const fail = (req: Request, status: number, error: string, headers?: Record<string, string>) =>
  failure(req, status, error, { success: false }, headers);

/** The team as the caller may see it (RLS: members read their teams); null when not a member. */
async function memberTeam(accessToken: string, teamId: string) {
  const { data, error } = await userClient(accessToken)
    .from('teams')
    .select('id, stripe_customer_id')
    .eq('id', teamId)
    .maybeSingle();
  if (error) throw new Error(`reading the team failed: ${error.message}`);
  return data as { id: string; stripe_customer_id: string | null } | null;
}

async function syncStripeSubscription(req: Request): Promise<Response> {
  const caller = await callerOf(req);
  if (!caller.ok) return fail(req, 401, 'Authentication required');
  const parsed = SyncBody.safeParse(await readJson(req));
  if (!parsed.success) return fail(req, 400, parsed.error.issues[0].message);
  const { teamId, stripeCustomerId } = parsed.data;

  const team = await memberTeam(caller.accessToken, teamId);
  if (!team) return fail(req, 404, TEAM_NOT_FOUND);
  if (!team.stripe_customer_id) return fail(req, 400, 'This team has no Stripe customer yet');
  if (stripeCustomerId && stripeCustomerId !== team.stripe_customer_id) {
    return fail(req, 400, "stripeCustomerId is not this team's customer");
  }

  const db = serviceClient();
  const wait = await retryAfterSeconds(caller.user.id, SYNC_LIMIT);
  if (wait > 0) {
    return fail(req, 429, 'Too many synchronisations. Please retry later.', { 'retry-after': String(wait) });
  }

  const outcome = await syncTeamFromStripe(db, stripeClient(), team.id, team.stripe_customer_id);
  const { data, error } = await db.from('teams').select(TEAM_BILLING_COLUMNS).eq('id', team.id).single();
  if (error) throw new Error(`reading the synced team failed: ${error.message}`);
  return jsonResponse(req, 200, { success: true, data, outcome: describeOutcome(outcome) });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return fail(req, 405, METHOD_NOT_ALLOWED);
  try {
    return await syncStripeSubscription(req);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return fail(req, 413, error.message);
    logFailure('sync-stripe-subscription failed', error);
    return fail(req, 500, 'Failed to sync the subscription');
  }
});

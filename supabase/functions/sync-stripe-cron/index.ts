/**
 * sync-stripe-cron: reconciles every team that has a Stripe customer with Stripe (spec 2 §2 admin
 * screens, §3 "Stripe sync log", §7 `POST sync-stripe-cron` with a bearer token, body
 * `{run_type: manual}`), with the code the webhook uses (_shared/stripe-team-sync.ts): a missed
 * or failed webhook is caught up here.
 *
 * Who may run it: the service role (a scheduler: run_by cron, run_type scheduled unless the body
 * says manual) or a signed-in admin (run_by admin_user, run_type manual); anyone else 401/403.
 *
 * Each run writes ONE public.stripe_sync_logs row: successful_teams, total_teams,
 * execution_time_ms and details {status (success | partial | error), success_rate (percent,
 * rounded; 100 with no team), run_type, run_by, team_results: [{teamName, teamId, customerId,
 * success, message, error, data: {data: {plan_name, subscription_status, api_quota,
 * notion_pages_quota, billing_cycle, subscription_start_date, subscription_end_date}}}]}. A team
 * whose sync fails is recorded and the run goes on; a run that cannot list the teams is logged
 * as status error and answered 500. Answers 200 `{success: true, log_id, status,
 * successful_teams, total_teams, execution_time_ms}`.
 *
 * Teams are read in pages (max_rows) and synced TEAM_CONCURRENCY at a time, to stay well under
 * Stripe's rate limit. The run also prunes stripe_webhook_events older than
 * PROCESSED_EVENTS_RETENTION_DAYS (a failure there is logged only).
 */
import { z } from 'npm:zod@4.6.7';
import { bearerToken, callerOf } from '../_shared/auth.ts';
import { failure, METHOD_NOT_ALLOWED } from '../_shared/billing-http.ts';
import { serviceClient } from '../_shared/clients.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { PayloadTooLarge } from '../_shared/request-body.ts';
import { redactText } from '../_shared/redact.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { describeOutcome, syncTeamFromStripe, type TeamRef } from '../_shared/stripe-team-sync.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

const TEAM_PAGE = 500;
const TEAM_CONCURRENCY = 4;
const PROCESSED_EVENTS_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

type RunType = 'manual' | 'scheduled';
type RunBy = 'admin_user' | 'cron';

const CronBody = z.object({ run_type: z.enum(['manual', 'scheduled']).optional() }).optional();

interface TeamResult {
  teamName: string;
  teamId: string;
  customerId: string;
  success: boolean;
  message: string;
  error: string | null;
  data: { data: Record<string, unknown> | null };
}

const errorText = (error: unknown) => redactText(error instanceof Error ? error.message : String(error));

/** The run's author, or the refusal. */
async function runnerOf(req: Request): Promise<{ runBy: RunBy } | { status: number; error: string }> {
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (serviceKey && bearerToken(req) === serviceKey) return { runBy: 'cron' };
  const caller = await callerOf(req);
  if (!caller.ok) return { status: 401, error: 'Authentication required' };
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('role')
    .eq('auth_id', caller.user.id)
    .maybeSingle();
  if (error) throw new Error(`reading the caller's profile failed: ${error.message}`);
  return data?.role === 'admin' ? { runBy: 'admin_user' } : { status: 403, error: 'Admins only' };
}

async function teamsWithCustomer(db: SupabaseClient): Promise<TeamRef[]> {
  const teams: TeamRef[] = [];
  for (let from = 0; ; from += TEAM_PAGE) {
    const { data, error } = await db
      .from('teams')
      .select('id, name, stripe_customer_id')
      .not('stripe_customer_id', 'is', null)
      .order('id')
      .range(from, from + TEAM_PAGE - 1);
    if (error) throw new Error(`listing the teams failed: ${error.message}`);
    teams.push(...((data ?? []) as TeamRef[]));
    if ((data ?? []).length < TEAM_PAGE) return teams;
  }
}

async function syncOne(db: SupabaseClient, team: TeamRef): Promise<TeamResult> {
  const customerId = team.stripe_customer_id ?? '';
  const base = { teamName: team.name, teamId: team.id, customerId };
  try {
    const outcome = await syncTeamFromStripe(db, stripeClient(), team.id, customerId);
    const ok = outcome.kind !== 'unknown_customer';
    const b = outcome.kind === 'synced' ? outcome.billing : null;
    return {
      ...base,
      success: ok,
      message: describeOutcome(outcome),
      error: ok ? null : describeOutcome(outcome),
      data: {
        data: b && {
          plan_name: b.plan_name ?? null,
          subscription_status: b.subscription_status,
          api_quota: b.api_quota ?? null,
          notion_pages_quota: b.notion_pages_quota ?? null,
          billing_cycle: b.billing_cycle ?? null,
          subscription_start_date: b.subscription_start_date,
          subscription_end_date: b.subscription_end_date,
        },
      },
    };
  } catch (error) {
    return { ...base, success: false, message: 'sync failed', error: errorText(error), data: { data: null } };
  }
}

async function syncAll(db: SupabaseClient, teams: TeamRef[]): Promise<TeamResult[]> {
  const results: TeamResult[] = new Array(teams.length);
  let next = 0;
  const worker = async () => {
    while (next < teams.length) {
      const index = next++;
      results[index] = await syncOne(db, teams[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TEAM_CONCURRENCY, teams.length) }, worker));
  return results;
}

async function pruneProcessedEvents(db: SupabaseClient): Promise<void> {
  const before = new Date(Date.now() - PROCESSED_EVENTS_RETENTION_DAYS * DAY_MS).toISOString();
  const { error } = await db.from('stripe_webhook_events').delete().lt('processed_at', before);
  if (error) console.error('sync-stripe-cron: pruning processed events failed:', redactText(error.message));
}

async function syncStripeCron(req: Request): Promise<Response> {
  const started = Date.now();
  const runner = await runnerOf(req);
  if ('status' in runner) return jsonResponse(req, runner.status, { success: false, error: runner.error });
  const body = CronBody.safeParse(await readJson(req));
  if (!body.success) return jsonResponse(req, 400, { success: false, error: 'run_type must be manual or scheduled' });
  const runType: RunType = runner.runBy === 'admin_user' ? 'manual' : (body.data?.run_type ?? 'scheduled');
  const db = serviceClient();

  let results: TeamResult[] = [];
  let runError: string | null = null;
  try {
    results = await syncAll(db, await teamsWithCustomer(db));
  } catch (error) {
    runError = errorText(error);
  }
  const successful = results.filter((r) => r.success).length;
  const total = results.length;
  const status = runError || (total > 0 && successful === 0) ? 'error' : successful === total ? 'success' : 'partial';
  const executionMs = Date.now() - started;
  const { data: log, error } = await db
    .from('stripe_sync_logs')
    .insert({
      successful_teams: successful,
      total_teams: total,
      execution_time_ms: executionMs,
      details: {
        status,
        success_rate: total === 0 ? 100 : Math.round((successful / total) * 100),
        run_type: runType,
        run_by: runner.runBy,
        team_results: results,
        ...(runError && { error: runError }),
      },
    })
    .select('id')
    .single();
  if (error) throw new Error(`writing the sync log failed: ${error.message}`);
  await pruneProcessedEvents(db);
  if (runError) return jsonResponse(req, 500, { success: false, error: 'The sync run failed', log_id: log.id });
  return jsonResponse(req, 200, {
    success: true,
    log_id: log.id,
    status,
    successful_teams: successful,
    total_teams: total,
    execution_time_ms: executionMs,
  });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return failure(req, 405, METHOD_NOT_ALLOWED, { success: false });
  try {
    return await syncStripeCron(req);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return jsonResponse(req, 413, { success: false, error: error.message });
    console.error('sync-stripe-cron failed:', errorText(error));
    return jsonResponse(req, 500, { success: false, error: 'The sync run failed' });
  }
});

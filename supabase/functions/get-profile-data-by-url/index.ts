/**
 * get-profile-data-by-url: LinkedIn profile data for the capture screen and the API test
 * screen (spec 2 §7: `GET get-profile-data-by-url?url=<encoded profile URL>` with the session
 * as bearer; JSON, with an `error` field on errors).
 *
 * Order of checks, each with its answer (always JSON, `{error, reason}` on failure):
 * 1. a signed-in user, else 401 'Authentication required to access LinkedIn API' — checked here,
 *    not by the relay (verify_jwt = false), so an expired or missing token also gets this JSON
 *    with CORS headers the browser can read;
 * 2. a profile URL ({host}/in/{slug}), else 400 with the spec's validation texts;
 * 2b. the user's lookups per minute (metering.ts LOOKUPS), else 429 'Error: Rate limit
 *    exceeded. Please try again later.' (reason rate_limited) with Retry-After;
 * 3. an active team subscription, else 403 "You don't have an active subscription.";
 * 4. the provider configured (RAPIDAPI_KEY), else 503 'Failed to fetch profile data from LinkedIn';
 * 5. the team's monthly LinkedIn import quota, checked and counted in one statement, else
 *    403 'Monthly LinkedIn Imports Exceeded' (reason import_quota_exceeded) — not 429, which
 *    the app reads as a rate limit (spec 2 §8) while this one asks for an upgrade;
 * 6. the provider: the profile as the provider returns it (200), or its error mapped to the
 *    spec 2 §8 texts (upstream.ts classifies): monthly quota → 429 'Error: Monthly quota
 *    exceeded. Please contact your administrator.', rate limit → 429 'Error: Rate limit exceeded.
 *    Please try again later.' (Retry-After: 1), private/unknown profile → 404 'Failed to retrieve
 *    profile data', anything else → 502 'Failed to fetch profile data from LinkedIn'.
 *
 * An import counts only when the user receives a profile. Step 5 takes it before the provider
 * is called (that is what keeps concurrent calls within the quota); every call that then ends
 * without a 200 profile gives it back (release_linkedin_import, never below zero) before the
 * answer is sent: provider outage or other 5xx, a refused RapidAPI key or host, the provider's
 * rate limit or monthly quota, no answer (network failure, timeout), and a failure of our own
 * after step 5 (the 500). A private or unknown profile (404) is given back too, but only within
 * the user's daily allowance of failed lookups (metering.ts): the provider answered and the
 * user got no data, yet such calls cost us a provider request, so past the allowance the import
 * stays counted and the team's quota bounds them (issue 32). A release that fails is logged
 * (redacted) and leaves the answer as it was.
 *
 * Every call that reaches step 6 is recorded in api_usage (endpoint, successful). Provider rate
 * and quota errors notify the operators (spec: provider LinkedIn, kind rate or quota, the user's
 * e-mail, endpoint, method, error, status, timestamp); other provider failures send an API-error
 * notification — once per incident (metering.ts), the repeats logged only. The RapidAPI key is
 * never logged nor returned.
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { callerOf } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/clients.ts';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/http.ts';
import { notifyProviderAlert } from '../_shared/slack.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../_shared/subscription-gate.ts';
import { failedLookupGivenBack, lookupRetryAfter, opensIncident } from './metering.ts';
import { recordApiUsage, releaseLinkedinImport, reserveLinkedinImport } from './quota.ts';
import { activeTeamOf, subscriptionIsActive } from './team.ts';
import { fetchProfile, providerConfig, type ProviderConfig, type Upstream } from './upstream.ts';
import { requestedProfile } from './url.ts';

const ENDPOINT = 'get-profile-data-by-url';
const RATE_LIMIT_RETRY_AFTER_SECONDS = 1;

export const MESSAGES = {
  unauthenticated: 'Authentication required to access LinkedIn API',
  noSubscription: NO_ACTIVE_SUBSCRIPTION,
  importQuota: 'Monthly LinkedIn Imports Exceeded',
  providerQuota: 'Error: Monthly quota exceeded. Please contact your administrator.',
  rateLimited: 'Error: Rate limit exceeded. Please try again later.',
  notFound: 'Failed to retrieve profile data',
  providerError: 'Failed to fetch profile data from LinkedIn',
  internal: 'Error processing LinkedIn profile',
} as const;

function failure(req: Request, status: number, reason: string, error: string, extra: object = {}): Response {
  return jsonResponse(req, status, { error, reason, ...extra });
}

const UPSTREAM_ANSWERS: Record<Exclude<Upstream, { ok: true }>['kind'], [number, string, string]> = {
  quota: [429, 'provider_quota_exceeded', MESSAGES.providerQuota],
  rate: [429, 'rate_limited', MESSAGES.rateLimited],
  not_found: [404, 'profile_not_found', MESSAGES.notFound],
  provider: [502, 'provider_error', MESSAGES.providerError],
  unreachable: [502, 'provider_unreachable', MESSAGES.providerError],
};

async function getProfileData(req: Request): Promise<Response> {
  const caller = await callerOf(req);
  if (!caller.ok) return failure(req, 401, 'unauthenticated', MESSAGES.unauthenticated);

  const target = requestedProfile(new URL(req.url).searchParams.get('url'));
  if (!target.ok) return failure(req, 400, 'invalid_url', target.message);

  const wait = await lookupRetryAfter(caller.user.id);
  if (wait > 0) return rateLimited(failure(req, 429, 'rate_limited', MESSAGES.rateLimited), wait);

  const team = await activeTeamOf(caller.accessToken);
  if (!team || !subscriptionIsActive(team)) return failure(req, 403, 'subscription_inactive', MESSAGES.noSubscription);

  const provider = providerConfig();
  if (!provider) {
    console.error(`${ENDPOINT}: RAPIDAPI_KEY is not set (see supabase/functions/.env.example)`);
    return failure(req, 503, 'provider_not_configured', MESSAGES.providerError);
  }

  const db = serviceClient();
  const quota = await reserveLinkedinImport(db, caller.user.id);
  if (!quota.allowed) {
    return failure(req, 403, 'import_quota_exceeded', MESSAGES.importQuota, { quota: quota.quota, used: quota.used });
  }

  let keepImport = false;
  try {
    const { response, upstream } = await answerFromProvider(
      req,
      db,
      provider,
      target.providerUrl,
      caller.user,
      team.id,
    );
    keepImport = upstream.ok || (upstream.kind === 'not_found' && !(await failedLookupGivenBack(caller.user.id)));
    return response;
  } finally {
    if (!keepImport) await releaseLinkedinImport(db, caller.user.id);
  }
}

/** A 429 the app can read the wait of. */
function rateLimited(response: Response, retryAfterSeconds: number): Response {
  response.headers.set('retry-after', String(retryAfterSeconds));
  response.headers.set('access-control-expose-headers', 'retry-after');
  return response;
}

/** Step 6: the provider's answer for one profile, recorded in api_usage and mapped for the app. */
async function answerFromProvider(
  req: Request,
  db: SupabaseClient,
  provider: ProviderConfig,
  profileUrl: string,
  user: { id: string; email?: string | null },
  teamId: string,
): Promise<{ response: Response; upstream: Upstream }> {
  const upstream = await fetchProfile(provider, profileUrl);
  await recordApiUsage(db, {
    authUserId: user.id,
    teamId,
    endpoint: ENDPOINT,
    method: 'GET',
    successful: upstream.ok,
    statusCode: upstream.ok ? 200 : upstream.status >= 100 ? upstream.status : null,
  });
  if (upstream.ok) return { response: jsonResponse(req, 200, upstream.profile), upstream };

  const [status, reason, message] = UPSTREAM_ANSWERS[upstream.kind];
  if (upstream.kind !== 'not_found') {
    const kind = upstream.kind === 'quota' || upstream.kind === 'rate' ? upstream.kind : 'error';
    const opens = await opensIncident(db, `LinkedIn:${kind}:${upstream.status}`);
    console.error(
      `${ENDPOINT}: provider answered ${upstream.status} (${upstream.kind})${opens ? '' : '; incident ongoing, not alerted again'}`,
    );
    if (opens) {
      await notifyProviderAlert({
        provider: 'LinkedIn',
        kind,
        email: user.email ?? null,
        endpoint: ENDPOINT,
        method: 'GET',
        error: upstream.message,
        status: upstream.status,
        timestamp: new Date().toISOString(),
      });
    }
  }
  const response = failure(req, status, reason, message);
  return {
    response: upstream.kind === 'rate' ? rateLimited(response, RATE_LIMIT_RETRY_AFTER_SECONDS) : response,
    upstream,
  };
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'GET') {
    return new Response(JSON.stringify({ error: 'Method not allowed', reason: 'method_not_allowed' }), {
      status: 405,
      headers: { ...corsHeaders(req), 'content-type': 'application/json; charset=utf-8', allow: 'GET, OPTIONS' },
    });
  }
  try {
    return await getProfileData(req);
  } catch (error) {
    console.error(`${ENDPOINT} failed:`, error instanceof Error ? error.message : error);
    return failure(req, 500, 'internal_error', MESSAGES.internal);
  }
});

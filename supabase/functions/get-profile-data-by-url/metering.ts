/**
 * What bounds the calls to the paid provider (issue 32, item 3), beside the team's monthly
 * import quota (quota.ts):
 * - LOOKUPS: a user's lookups per minute, taken before the provider is asked (else 429 with
 *   Retry-After), so a script cannot spend the provider's own rate limit for everyone;
 * - FAILED_LOOKUPS_GIVEN_BACK: a failed lookup (the provider answered, but with no profile: a
 *   private or unknown one) gives its import back only this many times a day per user; past
 *   that it keeps the import, so the team's quota bounds the provider calls failed lookups make.
 *   Failures that are not the user's doing (outage, our key or plan refused, the provider's
 *   limits, no answer) always give it back;
 * - INCIDENT_QUIET_SECONDS: a provider failure alerts the operators once per incident
 *   (claim_provider_incident): an incident is a run of one kind of failure (kind and status)
 *   with no gap this long; its later failures are logged, not posted.
 * All counted by the database (../_shared/rate-limit.ts, migration create_provider_incidents),
 * shared by every isolate.
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { type RateLimit, retryAfterSeconds } from '../_shared/rate-limit.ts';

export const LOOKUPS: RateLimit = { bucket: 'get-profile-data-by-url', limit: 10, windowSeconds: 60 };
export const FAILED_LOOKUPS_GIVEN_BACK: RateLimit = {
  bucket: 'get-profile-data-by-url:failed',
  limit: 5,
  windowSeconds: 86_400,
};
export const INCIDENT_QUIET_SECONDS = 15 * 60;

/** Seconds the user must wait before another lookup; 0 when this one is within the limit. */
export const lookupRetryAfter = (authUserId: string): Promise<number> => retryAfterSeconds(authUserId, LOOKUPS);

/**
 * True while the user's failed lookups of the day are within the allowance (this one counted).
 * When the count itself fails, true (logged): the import is given back, as before allowances.
 */
export async function failedLookupGivenBack(authUserId: string): Promise<boolean> {
  try {
    return (await retryAfterSeconds(authUserId, FAILED_LOOKUPS_GIVEN_BACK)) === 0;
  } catch (error) {
    console.error(`get-profile-data-by-url: ${error instanceof Error ? error.message : String(error)}`);
    return true;
  }
}

/**
 * True when this failure opens a provider incident (the operators are then alerted). When the
 * claim itself fails, true: an alert too many beats an incident no one hears of.
 */
export async function opensIncident(db: SupabaseClient, incident: string): Promise<boolean> {
  const { data, error } = await db.rpc('claim_provider_incident', {
    p_incident: incident,
    p_quiet_seconds: INCIDENT_QUIET_SECONDS,
  });
  if (!error) return data === true;
  console.error(`get-profile-data-by-url: claiming the provider incident ${incident} failed: ${error.message}`);
  return true;
}

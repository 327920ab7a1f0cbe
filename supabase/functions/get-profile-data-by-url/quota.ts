/**
 * The team's monthly LinkedIn import quota and the api_usage log, both kept by the database
 * (migrations create_usage_and_quotas and create_release_linkedin_import):
 * check_and_increment_linkedin_quota checks and counts in one statement, so concurrent fetches
 * can never take the team over its quota. The import is therefore taken before the provider is
 * called; when the user then gets no profile, release_linkedin_import gives it back (never
 * below zero). A release that fails is logged, redacted, and never changes the answer: the
 * user keeps the error they were getting, and the team is at worst one import short, as it
 * was before releases existed.
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { redactText } from '../_shared/redact.ts';

export interface QuotaDecision {
  allowed: boolean;
  quota: number;
  used: number;
}

/** Takes one import from the caller's team quota if one is left. */
export async function reserveLinkedinImport(db: SupabaseClient, authUserId: string): Promise<QuotaDecision> {
  const { data, error } = await db.rpc('check_and_increment_linkedin_quota', { user_auth_id: authUserId });
  if (error) throw new Error(`the LinkedIn quota check failed: ${error.message}`);
  const row = (Array.isArray(data) ? data[0] : data) as QuotaDecision | undefined;
  if (!row) throw new Error('the LinkedIn quota check returned nothing');
  return { allowed: row.allowed === true, quota: Number(row.quota), used: Number(row.used) };
}

/**
 * Gives back the import reserveLinkedinImport took, for a call that delivered no profile.
 * Never throws: a failure is logged (redacted) and answered false, so the caller's response
 * stays what it was. True when an import was given back, false when there was none to give or
 * the release failed.
 */
export async function releaseLinkedinImport(db: SupabaseClient, authUserId: string): Promise<boolean> {
  try {
    const { data, error } = await db.rpc('release_linkedin_import', { user_auth_id: authUserId });
    if (error) throw new Error(`${error.code ?? 'no code'}: ${error.message}`);
    const row = (Array.isArray(data) ? data[0] : data) as { released?: boolean } | null | undefined;
    return row?.released === true;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    console.error(
      redactText(`get-profile-data-by-url: giving back the LinkedIn import of user ${authUserId} failed: ${detail}`),
    );
    return false;
  }
}

export interface ApiUsage {
  authUserId: string;
  teamId: string;
  endpoint: string;
  method: string;
  successful: boolean;
  /** The provider's HTTP status; null when it did not answer. */
  statusCode: number | null;
}

/** Records one call to the provider (spec 2 §3 "Api usage row": created_at, endpoint, successful). */
export async function recordApiUsage(db: SupabaseClient, usage: ApiUsage): Promise<void> {
  const { error } = await db.from('api_usage').insert({
    auth_user_id: usage.authUserId,
    team_id: usage.teamId,
    endpoint: usage.endpoint,
    method: usage.method,
    successful: usage.successful,
    status_code: usage.statusCode,
  });
  if (error) throw new Error(`recording api usage failed: ${error.message}`);
}

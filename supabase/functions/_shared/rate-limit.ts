/**
 * Per-user rate limits of the functions that act for a user, counted by the database
 * (`take_rate_limit_slot`, a fixed window per user and bucket): a function runs in many isolates
 * on the hosted platform, so a counter in its memory would limit nothing.
 */
import { serviceClient } from './clients.ts';

export interface RateLimit {
  /** The counter's name, one per function or shared budget. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** Takes one slot of `rule` for the user: 0 when within the limit, else the seconds to wait (Retry-After). */
export async function retryAfterSeconds(authUserId: string, rule: RateLimit): Promise<number> {
  const { data, error } = await serviceClient().rpc('take_rate_limit_slot', {
    p_auth_user_id: authUserId,
    p_bucket: rule.bucket,
    p_limit: rule.limit,
    p_window_seconds: rule.windowSeconds,
  });
  if (error) throw new Error(`the rate limit check failed: ${error.message}`);
  return Number(data);
}

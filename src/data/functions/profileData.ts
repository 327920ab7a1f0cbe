/**
 * The get-profile-data-by-url edge function (spec 2 §7): GET with query `url`, the session as
 * bearer; the provider's raw profile on 200, `{error, reason}` otherwise. Failures are thrown
 * as `AppError`s (src/data/errors/edgeFunction.ts): import quota, provider quota, rate limit…
 */
import { invokeError } from '../errors/edgeFunction.ts';
import { supabase } from '../supabase/client.ts';

/** The raw profile for a LinkedIn profile URL. */
export async function fetchProfileData(profileUrl: string): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke<unknown>(
    `get-profile-data-by-url?url=${encodeURIComponent(profileUrl)}`,
    { method: 'GET' },
  );
  if (error) throw await invokeError(error);
  return data;
}

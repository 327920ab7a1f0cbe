/**
 * The get-profile-data-by-url edge function (spec 2 §7): GET with query `url`, the session as
 * bearer; the provider's raw profile on 200, `{error, reason}` otherwise. Failures become a
 * `ProfileDataError` carrying spec 2 §8's text (src/domain/capture/profileDataErrors.ts).
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { FETCH_FAILED_TEXT, profileDataError, ProfileDataError } from '../../domain/capture/profileDataErrors.ts';
import { supabase } from '../supabase/client.ts';

/** The raw profile for a LinkedIn profile URL. */
export async function fetchProfileData(profileUrl: string): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke<unknown>(
    `get-profile-data-by-url?url=${encodeURIComponent(profileUrl)}`,
    { method: 'GET' },
  );
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response.json().catch(() => null);
    throw profileDataError(response.status, response.statusText, body);
  }
  if (error) throw new ProfileDataError('other', FETCH_FAILED_TEXT);
  return data;
}

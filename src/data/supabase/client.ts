/**
 * The app's one Supabase client. Its URL and anon key come from the build environment:
 * `npm start` passes the local stack's (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY); for a
 * hosted project they go in `.env.local` (see README). A build without them fails loudly
 * at start rather than sending requests to nowhere.
 *
 * What must stay true: a session in the URL is never taken up (`decideUrlSession`, spec 2 §4):
 * auth-js never reads the address (`detectSessionInUrl: false`); the tokens are dropped from it
 * before the client is made, and without a session marker the stored session is signed out.
 */
import { createClient } from '@supabase/supabase-js';
import { decideUrlSession, urlAuthParams, withoutUrlSession } from '../../domain/auth/urlSession.ts';
import { hasSessionMarker } from '../local/sessionData.ts';
import type { Database } from './database.types.ts';

export const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const ANON_KEY = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

if (!SUPABASE_URL || !ANON_KEY) {
  throw new Error('Sidenote is not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (see README).');
}

const urlSession = decideUrlSession(urlAuthParams(window.location.href), hasSessionMarker());
if (urlSession !== 'none') history.replaceState(history.state, '', withoutUrlSession(window.location.href));

/** Set when the page was opened with a session in the URL and no session marker (spec 2 §4). */
export const refusedUrlSession = urlSession === 'signOut';

export const supabase = createClient<Database>(SUPABASE_URL, ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
});

/** Whether the backend answers: the auth service's health endpoint, with the anon key. */
export async function backendReachable(): Promise<boolean> {
  try {
    const response = await fetch(`${SUPABASE_URL}/auth/v1/health`, { headers: { apikey: ANON_KEY! } });
    return response.ok;
  } catch {
    return false;
  }
}

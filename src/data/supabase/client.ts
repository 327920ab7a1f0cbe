/**
 * The app's one Supabase client. Its URL and anon key come from the build environment:
 * `npm start` passes the local stack's (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY); for a
 * hosted project they go in `.env.local` (see README). A build without them fails loudly
 * at start rather than sending requests to nowhere.
 *
 * What must stay true: a session in the URL is taken up only as `decideUrlSession` allows
 * (spec 2 §4) — otherwise the tokens are dropped from the address and never stored.
 */
import { createClient } from '@supabase/supabase-js';
import { decideUrlSession } from '../../domain/auth/urlSession.ts';
import { hasSessionMarker } from '../local/sessionData.ts';
import type { Database } from './database.types.ts';

export const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const ANON_KEY = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

if (!SUPABASE_URL || !ANON_KEY) {
  throw new Error('Sidenote is not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (see README).');
}

/** Set when the page was opened with a session in the URL that the rule refused. */
export let refusedUrlSession = false;

export const supabase = createClient<Database>(SUPABASE_URL, ANON_KEY, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: (url, params) => {
      const decision = decideUrlSession(params, hasSessionMarker());
      if (decision === 'reject') {
        refusedUrlSession = true;
        history.replaceState(history.state, '', url.pathname + url.search);
      }
      return decision === 'accept' || Boolean(params.error_description && !params.access_token);
    },
  },
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

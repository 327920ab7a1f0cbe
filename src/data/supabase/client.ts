/**
 * The app's one Supabase client: supabase-js's own parts — auth (auth-js), the database
 * (postgrest-js) and the edge functions (functions-js) — put together as supabase-js does it
 * (`authedFetch`, the session's storage key), without its realtime client, which the panel
 * never uses and supabase-js cannot leave out (27 kB gzip with phoenix and storage on the first
 * load). Storage (avatars) makes its own client where it is used, on the screens that need it.
 * Its project, and how a request reaches it, are project.ts's.
 *
 * What must stay true: a session in the URL is never taken up (`decideUrlSession`, spec 2 §4):
 * auth-js never reads the address (`detectSessionInUrl: false`); the tokens are dropped from it
 * before the client is made, and without a session marker the stored session is signed out.
 * The dropped tokens are also revoked (`revokeUrlSession`): a session that reached the address
 * (the sign-up confirmation redirect, a crafted link) must not stay usable server-side.
 */
import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import {
  decideUrlSession,
  signUpConfirmationOf,
  urlAuthParams,
  withoutUrlSession,
} from '../../domain/auth/urlSession.ts';
import { hasSessionMarker } from '../local/sessionData.ts';
import type { Database } from './database.types.ts';
import { ANON_KEY, projectFetch, projectFunctions, SUPABASE_URL } from './project.ts';

/**
 * Ends the session of an access token taken from the URL at the auth server (GoTrue's
 * `POST /logout?scope=local`, with the token as bearer), fire-and-forget: nothing waits for it
 * and a failure changes nothing the user sees. A crafted link's tokens are its author's own;
 * revoking them harms no one. A URL with a refresh token alone cannot be revoked without
 * using it, so it is only dropped.
 */
function revokeUrlSession(accessToken: string | undefined): void {
  if (!accessToken) return;
  void fetch(`${SUPABASE_URL}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${accessToken}` },
    keepalive: true,
  }).catch(() => undefined);
}

const urlParams = urlAuthParams(window.location.href);
const urlSession = decideUrlSession(urlParams, hasSessionMarker());
/** What the address said about a sign-up confirmation when the page was opened (read before it is cleaned). */
export const signUpConfirmation = signUpConfirmationOf(urlParams);
if (urlSession !== 'none') {
  history.replaceState(history.state, '', withoutUrlSession(window.location.href));
  revokeUrlSession(urlParams.access_token);
}

/** Set when the page was opened with a session in the URL and no session marker (spec 2 §4). */
export const refusedUrlSession = urlSession === 'signOut';

const auth = new AuthClient({
  url: `${SUPABASE_URL}/auth/v1`,
  headers: { Authorization: `Bearer ${ANON_KEY}`, apikey: ANON_KEY },
  // supabase-js's key, so a session stored before stays signed in
  storageKey: `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: false,
});

const sessionToken = async () => (await auth.getSession()).data.session?.access_token;

/** A request to the project with the current session (projectFetch). */
export const authedFetch: typeof fetch = projectFetch(sessionToken);

const rest = new PostgrestClient<Database>(`${SUPABASE_URL}/rest/v1`, { fetch: authedFetch });

export const supabase = {
  auth,
  from: rest.from.bind(rest) as typeof rest.from,
  rpc: rest.rpc.bind(rest) as typeof rest.rpc,
  functions: projectFunctions(sessionToken),
};

/** The project's storage URL, for the storage client of the screens that use it. */
export const STORAGE_URL = `${SUPABASE_URL}/storage/v1`;

/** Whether the backend answers: the auth service's health endpoint, with the anon key. */
export async function backendReachable(): Promise<boolean> {
  try {
    const response = await fetch(`${SUPABASE_URL}/auth/v1/health`, { headers: { apikey: ANON_KEY } });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The Supabase project the app talks to, and how a request reaches it — for the page's client
 * (client.ts) and for the service worker, which cannot load that client (it reads the page's
 * address and storage) and sends as the mirrored session's user (src/data/outbox/workerSession.ts).
 * The URL and anon key come from the build environment: `npm start` passes the local stack's
 * (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY); for a hosted project they go in `.env.local`
 * (see README). A build without them fails loudly at start rather than sending requests to
 * nowhere.
 */
import { FunctionsClient } from '@supabase/functions-js';

const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

if (!url || !anonKey) {
  throw new Error('Sidenote is not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (see README).');
}

export const SUPABASE_URL: string = url;
export const ANON_KEY: string = anonKey;

/** A request to the project as supabase-js sends it: the anon key, and the session's access token (else the anon key) as bearer. */
export function projectFetch(accessToken: () => Promise<string | null | undefined>): typeof fetch {
  return async (input, init) => {
    const token = (await accessToken()) ?? ANON_KEY;
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', ANON_KEY);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
}

/** The project's edge functions, called with `accessToken`'s session. */
export const projectFunctions = (accessToken: () => Promise<string | null | undefined>): FunctionsClient =>
  new FunctionsClient(`${SUPABASE_URL}/functions/v1`, { customFetch: projectFetch(accessToken) });

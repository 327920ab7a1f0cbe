/**
 * Auth tokens in the URL (spec 2 §4). No flow of ours hands the app a session in the address:
 * sign-in is a form, the sign-up confirmation link only confirms the address (GoTrue's verify
 * redirect carries tokens we never take up), and the reset mail carries a token hash that the
 * auth server redeems (recoverySession.ts, useRecoveryGate.ts). So the rule is the simplest
 * secure one:
 *
 * A session in the URL (`#access_token=…`, the implicit grant, in the fragment or the query)
 * is NEVER taken up — whatever its `type` says — and it is revoked at the auth server (the data
 * layer's client.ts does that; this file only decides). The tokens are dropped from the
 * address, then:
 * - without the session marker (no sign-in made in this browser through the app), the stored
 *   session, if any, is signed out locally and auto sign-in is blocked (spec 2 §4);
 * - with the marker, the stored session stays exactly as it was: a crafted link can neither
 *   sign a victim in nor switch a signed-in victim to another account.
 *
 * What must stay true: nothing here ever yields "use the URL's session".
 */
export const SESSION_MARKER_KEY = 'supabase_session_exists';

/** none: no tokens in the URL; keep: drop them, keep the stored session; signOut: drop them and sign out. */
export type UrlSessionDecision = 'none' | 'keep' | 'signOut';

/** The parameters auth-js would read for a session: the query, then the fragment over it. */
export function urlAuthParams(href: string): Record<string, string> {
  const url = new URL(href);
  const params: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (params[key] = value));
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((value, key) => (params[key] = value));
  return params;
}

export function decideUrlSession(params: Record<string, string>, hasSessionMarker: boolean): UrlSessionDecision {
  if (!params.access_token && !params.refresh_token) return 'none';
  return hasSessionMarker ? 'keep' : 'signOut';
}

/**
 * What the sign-up confirmation's redirect says (to /auth/callback): the address was confirmed
 * (a session of `type=signup` came along — never taken up, see above), or the link failed with
 * the auth server's error code (only the code is kept: a link's own prose is never shown).
 */
export type SignUpConfirmation = { outcome: 'confirmed' } | { outcome: 'failed'; code: string } | null;

export function signUpConfirmationOf(params: Record<string, string>): SignUpConfirmation {
  if (params.error_code || params.error) return { outcome: 'failed', code: params.error_code || params.error };
  if (params.access_token && params.type === 'signup') return { outcome: 'confirmed' };
  return null;
}

const TOKEN_KEYS = [
  'access_token',
  'refresh_token',
  'expires_at',
  'expires_in',
  'token_type',
  'type',
  'provider_token',
];

/** The address without its session: the fragment goes, and the query loses the token keys. */
export function withoutUrlSession(href: string): string {
  const url = new URL(href);
  for (const key of TOKEN_KEYS) url.searchParams.delete(key);
  return url.pathname + url.search;
}

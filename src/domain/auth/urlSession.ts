/**
 * Auth tokens in the URL (spec 2 §4): when the address carries a session (an implicit-grant
 * fragment such as `#access_token=…`) but this browser holds no session marker from a
 * sign-in made in the app, the session is not taken up: it is signed out locally and auto
 * sign-in is blocked. A password-recovery link is the exception — /update-password needs its
 * session to set the new password (spec 1 §2: "opened from the recovery link").
 */
export const SESSION_MARKER_KEY = 'supabase_session_exists';

export type UrlSessionDecision = 'none' | 'accept' | 'reject';

export function urlAuthParams(href: string): Record<string, string> {
  const url = new URL(href);
  const params: Record<string, string> = {};
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((value, key) => (params[key] = value));
  return params;
}

export function decideUrlSession(params: Record<string, string>, hasSessionMarker: boolean): UrlSessionDecision {
  if (!params.access_token && !params.refresh_token) return 'none';
  if (params.type === 'recovery') return 'accept';
  return hasSessionMarker ? 'accept' : 'reject';
}

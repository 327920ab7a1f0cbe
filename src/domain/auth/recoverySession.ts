/**
 * Password recovery (spec 1 §2 /update-password), decided from what the auth server says,
 * never from the words of a link:
 * - the reset mail links to /update-password?token_hash=…; only the auth server can turn that
 *   hash into a session (`verifyOtp({type: 'recovery', token_hash})`), and only once;
 * - a recovery session is one whose access token (signed by the server) records that it was
 *   opened from an e-mail link: `amr` holds otp, magiclink or recovery — GoTrue's
 *   Session.IsRecovery, the same test that exempts it from "current password required".
 *
 * What must stay true: a recovery session is good for /update-password alone (the session
 * context shows it to no other screen), and an ordinary session never counts as one. A token
 * whose claims cannot be read fails closed: it counts as recovery (shown to /update-password
 * alone), never as a sign-in.
 */
const RECOVERY_METHODS = new Set(['otp', 'magiclink', 'recovery']);

/** The reset link's token hash, or null when the address carries none. */
export function recoveryTokenHash(search: string): string | null {
  return new URLSearchParams(search).get('token_hash') || null;
}

/** The token's claims, or null when they cannot be read. */
function claimsOf(accessToken: string): Record<string, unknown> | null {
  try {
    const payload = accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(payload));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether the server opened this session from an e-mail link (the `amr` claim); unreadable: yes. */
export function isRecoverySession(accessToken: string): boolean {
  const claims = claimsOf(accessToken);
  if (claims === null) return true;
  const amr = claims.amr;
  if (!Array.isArray(amr)) return false;
  return amr.some((entry) => RECOVERY_METHODS.has((entry as { method?: unknown })?.method as string));
}

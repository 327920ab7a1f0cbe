/**
 * Authentication through supabase-js (spec 1 §7, spec 2 §4 "Sign-in"): password sign-in that
 * first ends any old session and wipes local session data, sign-up with the e-mail-exists
 * check, reset and update of the password, sign-out, and the session as a subscription.
 *
 * Failures are returned as an `AppError` (src/data/errors/gotrue.ts) carrying the auth
 * service's text, which the message catalogue shows as is (spec 1 §8).
 */
import type { Session } from '@supabase/auth-js';
import { appError } from '../errors/appError.ts';
import { authError } from '../errors/gotrue.ts';
import { fail, ok, type Result } from '../errors/result.ts';
import { clearLocalSessionData, setSessionMarker } from '../local/sessionData.ts';
import { postgrestError } from '../errors/postgrest.ts';
import { refusedUrlSession, supabase } from './client.ts';

export type AuthResult = Result;

const done = (): AuthResult => ok(undefined);

let refusalSettled = false;

/**
 * The current session after the client has read the URL and storage. When this page load
 * came with a refused URL session, the first call signs out locally (once: a sign-in made
 * afterwards on the same page stands).
 */
export async function currentSession(): Promise<Session | null> {
  if (refusedUrlSession && !refusalSettled) {
    refusalSettled = true;
    await supabase.auth.signOut({ scope: 'local' });
  }
  const { data } = await supabase.auth.getSession();
  return data.session;
}

export function onSessionChange(listener: (session: Session | null) => void): () => void {
  const { data } = supabase.auth.onAuthStateChange((_event, session) => listener(session));
  return () => data.subscription.unsubscribe();
}

export async function signInWithPassword(email: string, password: string): Promise<AuthResult> {
  await supabase.auth.signOut({ scope: 'local' });
  clearLocalSessionData();
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) return fail(authError(error));
  setSessionMarker();
  return done();
}

/** check_email_exists: true when the address already has an account. */
export async function emailExists(email: string): Promise<boolean> {
  const { data, error, status } = await supabase.rpc('check_email_exists', { email_to_check: email });
  if (error) throw postgrestError(error, status);
  return data === true;
}

export async function signUp(email: string, password: string, redirectTo: string): Promise<AuthResult> {
  const { data, error } = await supabase.auth.signUp({ email, password, options: { emailRedirectTo: redirectTo } });
  if (error) return fail(authError(error));
  // With confirmations on, GoTrue answers an existing address with an identity-less user.
  if (data.user && data.user.identities?.length === 0)
    return fail(appError({ kind: 'conflict' }, 'User already registered'));
  return done();
}

export async function sendPasswordReset(email: string, redirectTo: string): Promise<AuthResult> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  return error ? fail(authError(error)) : done();
}

/**
 * Redeems a reset link's token hash with the auth server (`verifyOtp`, type recovery): the
 * server proves the link and opens a recovery session, which replaces any stored session —
 * the caller makes sure none is stored that must not be replaced.
 */
export async function redeemRecoveryLink(tokenHash: string): Promise<AuthResult> {
  const { error } = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
  return error ? fail(authError(error)) : done();
}

/** The new password from a recovery session (the auth server asks no current password of it). */
export async function updatePassword(password: string): Promise<AuthResult> {
  const { error } = await supabase.auth.updateUser({ password });
  return error ? fail(authError(error)) : done();
}

export async function signOut(): Promise<void> {
  clearLocalSessionData();
  await supabase.auth.signOut({ scope: 'local' });
}

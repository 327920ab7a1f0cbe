/**
 * What the access screens do (spec 1 §2, §5; spec 2 §4, §5), on top of src/data: validation
 * first (a `validation` error carrying the rule's text), then the auth service. The message
 * catalogue turns a failure into the text (the auth service's own, or the spec's
 * "already registered" text for an existing address).
 */
import type { Session } from '@supabase/auth-js';
import { newPasswordError } from '../../domain/auth/passwordRules.ts';
import { appError } from '../../data/errors/appError.ts';
import { fail } from '../../data/errors/result.ts';
import * as auth from '../../data/supabase/auth.ts';
import { ensureProfile, profileByAuthId, runAccountSetup } from '../../data/supabase/profiles.ts';
import { routes } from '../../domain/routing/routes.ts';
import { setupFollowUp } from '../../domain/billing/setupResult.ts';
import { detectedCurrency } from '../../data/billing/geoCurrency.ts';
import { createStripeCustomer } from '../../data/functions/billing.ts';

export type { AuthResult } from '../../data/supabase/auth.ts';
type AuthResult = auth.AuthResult;

export const loadSession = (): Promise<Session | null> => auth.currentSession();
export { signUpConfirmation } from '../../data/supabase/client.ts';
export const watchSession = auth.onSessionChange;

/** The sign-in's account setup while it runs (settled: never rejects). */
let signInSetup: Promise<void> = Promise.resolve();

/**
 * Resolves once the account setup of a sign-in under way has answered (at once otherwise): the
 * setup gate decides on the profile state it left, not on the one before it.
 */
export const signInSetupSettled = (): Promise<void> => signInSetup;

/**
 * How long a sign-in waits for the billing step (Stripe's customer and free plan, which also
 * finishes the setup) before it lets the setup overlay take over; the step goes on meanwhile.
 */
export const SIGN_IN_BILLING_WAIT_MS = 3_000;

/**
 * The sign-in's setup call and what follows from its result as the spec's polling has it (§4
 * "results team_activated, … count as success then the customer is created"): the billing step
 * at once, in the detected currency. create-stripe-customer finishes the setup in the same call,
 * so a new account is usually complete before the setup gate decides and the overlay never
 * shows; a slower (or failing) step is waited for SIGN_IN_BILLING_WAIT_MS at most, then left to
 * the overlay, whose polling and recovery carry on as before (the step is idempotent).
 */
async function setUpAccount(authId: string): Promise<void> {
  const followUp = setupFollowUp(await runAccountSetup(authId), true);
  if (followUp.kind !== 'createCustomer') return;
  // the geo-IP lookup (a third party) only for an account that gets billing, never before
  const billing = detectedCurrency()
    .then((detected) => createStripeCustomer({ teamId: followUp.teamId, userId: authId, currency: detected }))
    .catch((error: unknown) => console.error('billing step failed after sign-in', error));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([billing, new Promise((resolve) => (timer = setTimeout(resolve, SIGN_IN_BILLING_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * Sign-in (spec 2 §4): old session and local data go first; then the profile row is made sure
 * of and, unless it is setup_complete, the account setup runs (setUpAccount). Setup errors are
 * logged only.
 */
export async function signIn(email: string, password: string): Promise<AuthResult> {
  let settle = () => {};
  signInSetup = new Promise((resolve) => (settle = resolve));
  try {
    const result = await auth.signInWithPassword(email, password);
    if (!result.ok) return result;
    const session = await auth.currentSession();
    if (session) {
      try {
        const profile = await ensureProfile(session.user.id);
        if (profile.profile_state !== 'setup_complete') await setUpAccount(session.user.id);
      } catch (error) {
        console.error('profile or account setup failed after sign-in', error);
      }
    }
    return result;
  } finally {
    settle();
  }
}

export async function register(email: string, password: string, confirmation: string): Promise<AuthResult> {
  const invalid = newPasswordError(password, confirmation);
  if (invalid) return fail(appError({ kind: 'validation', field: 'password' }, invalid));
  try {
    if (await auth.emailExists(email)) return fail(appError({ kind: 'conflict' }, 'Email already registered'));
  } catch (error) {
    console.error('check_email_exists failed; signing up anyway', error);
  }
  return auth.signUp(email, password, `${window.location.origin}${routes.authCallback()}`);
}

export const RESET_EMAIL_SENT = 'A password reset email has been sent to your email address.';
export const PASSWORD_UPDATED = 'Your password has been successfully updated.';

export function requestPasswordReset(email: string): Promise<AuthResult> {
  return auth.sendPasswordReset(email, `${window.location.origin}${routes.updatePassword()}`);
}

export const redeemRecoveryLink = auth.redeemRecoveryLink;

/**
 * /update-password's change, from a recovery session. The auth server ends the user's other
 * sessions; on success this one ends too (with the local session data): the recovery session
 * never lingers as a sign-in — the user signs in with the new password.
 */
export async function setNewPassword(password: string, confirmation: string): Promise<AuthResult> {
  const invalid = newPasswordError(password, confirmation);
  if (invalid) return fail(appError({ kind: 'validation', field: 'password' }, invalid));
  const result = await auth.updatePassword(password);
  if (result.ok) await auth.signOut();
  return result;
}

/**
 * Ends the stored session (revoked at the auth server) without leaving the page: before
 * redeeming a reset link, and for a recovery session found off /update-password.
 */
export const signOutHere = auth.signOut;

/** Sign-out: session and local data cleared, then /login, then a reload (spec 2 §4). */
export async function signOutAndReload(goToLogin: () => void): Promise<void> {
  await auth.signOut();
  goToLogin();
  window.location.reload();
}

/** The admin check (spec 1 §6): the profile's role equals admin; a failed check is false. */
export async function isAdmin(authId: string): Promise<boolean> {
  try {
    return (await profileByAuthId(authId))?.role === 'admin';
  } catch {
    return false;
  }
}

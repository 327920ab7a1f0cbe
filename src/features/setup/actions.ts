/**
 * What the account-setup gate does (spec 2 §2 "Setup overlay", §4 "Setup polling", §7), on top
 * of src/data: whether a signed-in user must wait behind the overlay, and the calls and effects
 * the polling machine (src/domain/billing/setupPolling.ts) asks for — the profile check, the
 * setup call, the payment customer, the missing profile, the operators' notice, the logs and
 * the cache correction.
 */
import { onboardingMessage, type OnboardingNotice } from '../../domain/billing/onboardingMessages.ts';
import type { Currency } from '../../domain/billing/currency.ts';
import type { SetupEffect } from '../../domain/billing/setupPolling.ts';
import { SETUP_COMPLETE } from '../../domain/settings/activeSetting.ts';
import { detectedCurrency } from '../../data/billing/geoCurrency.ts';
import { cachedProfileState, storeUserProfile } from '../../data/db/localCopies.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { createStripeCustomer } from '../../data/functions/billing.ts';
import { notifyOperators } from '../../data/functions/notifyOperators.ts';
import { ensureProfile, profileByAuthId, runAccountSetup, type ProfileRow } from '../../data/supabase/profiles.ts';
import { signInSetupSettled } from '../auth/actions.ts';
import type { SetupIo } from './setupRunner.ts';

/**
 * Whether the user must wait for their account setup: not when their cached profile (any age:
 * setup_complete is final) or the database says setup_complete. Decided after a sign-in's own
 * setup call has answered. A failed read lets the user in (§8 "Setup errors logged only"): the
 * screens behind it and the server's gates still hold a user with no usable team.
 */
export async function setupNeeded(authId: string): Promise<boolean> {
  try {
    await signInSetupSettled();
    if ((await cachedProfileState(authId)) === SETUP_COMPLETE) return false;
    const profile = await profileByAuthId(authId);
    if (profile?.profile_state !== SETUP_COMPLETE) return true;
    await storeUserProfile({ ...profile, authId });
    return false;
  } catch (error) {
    console.error(`Account setup check failed: ${toAppError(error).message}`);
    return false;
  }
}

/** The currency the payment customer is created in (geo-IP, usd on failure; as the account screen). */
export const setupCurrency = (): Promise<Currency> => detectedCurrency();

function runEffect(effect: SetupEffect, correctCache: () => Promise<void>): void {
  if ('notify' in effect) {
    void notifyOperators(onboardingMessage(effect satisfies OnboardingNotice), 'onboarding_event');
  } else if ('correctCache' in effect) {
    void correctCache().catch((error: unknown) =>
      console.error(`Correcting the cached profile failed: ${toAppError(error).message}`),
    );
  } else if (effect.log === 'setupSucceeded') {
    console.info(`Account setup call answered ${effect.detail ?? 'no state'}`);
  } else {
    console.error(`Account setup: ${effect.log}: ${effect.detail ?? 'no detail'}`);
  }
}

/** The polling machine's I/O for `authId`. */
export function setupIo(authId: string): SetupIo {
  let checked: ProfileRow | null = null;
  return {
    async check() {
      const [profile, cachedState] = await Promise.all([profileByAuthId(authId), cachedProfileState(authId)]);
      checked = profile;
      return { profileState: profile?.profile_state ?? null, cachedState };
    },
    setup: () => runAccountSetup(authId),
    createCustomer: (teamId, currency) => createStripeCustomer({ teamId, userId: authId, currency }),
    insertProfile: async () => {
      await ensureProfile(authId);
    },
    effect: (effect) =>
      runEffect(effect, async () => {
        if (checked) await storeUserProfile({ ...checked, authId });
      }),
  };
}

/**
 * What the four test screens do (spec 2 §2) on top of src/data: fetch one profile through the
 * profile-data function, read the last api_usage rows, read the active setting database's
 * properties, load the payment provider's products — each failure turned into its spec text.
 */
import type { ActiveSettingValue } from '../../data/db/activeSetting.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { fetchPlans } from '../../data/functions/billing.ts';
import { fetchProfileData } from '../../data/functions/profileData.ts';
import { latestApiUsage, type ApiUsageRow } from '../../data/supabase/apiUsage.ts';
import { SUPABASE_URL } from '../../data/supabase/project.ts';
import { DEFAULT_CURRENCY } from '../../domain/billing/currency.ts';
import type { Product } from '../../domain/billing/plans.ts';
import { simplifyProfile, type ProfileData } from '../../domain/capture/profilePage.ts';
import { messageFor, type ErrorContext } from '../../domain/errors/catalogue.ts';
import { testScreenTexts } from '../../domain/errors/messages.ts';
import { parseProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { usedAnApiCall } from '../../domain/testScreens/apiUsageRows.ts';
import { configDiagnostics, type Fact } from '../../domain/testScreens/profileFacts.ts';
import { loadSettingProperties } from '../page/display/actions.ts';

const textOf = (context: ErrorContext) => (error: unknown) => messageFor(context, toAppError(error));

export type ProfileFetch =
  { ok: true; profile: ProfileData; raw: unknown } | { ok: false; message: string; called: boolean };

/** The profile behind `url` as the capture reads it, or the spec's text for why not. */
export async function fetchTestProfile(url: string): Promise<ProfileFetch> {
  const trimmed = url.trim();
  if (!trimmed) return { ok: false, message: testScreenTexts.enterProfileUrl, called: false };
  const parsed = parseProfileUrl(trimmed);
  try {
    const raw = await fetchProfileData(trimmed);
    if (raw === null || typeof raw !== 'object')
      return { ok: false, message: testScreenTexts.noProfileData, called: true };
    return { ok: true, profile: simplifyProfile(raw, parsed?.canonical ?? trimmed), raw };
  } catch (error) {
    return { ok: false, message: textOf('addProfile')(error), called: usedAnApiCall(toAppError(error).debug.code) };
  }
}

export const loadApiUsage = (): Promise<ApiUsageRow[]> => latestApiUsage();
export const apiUsageFailureText = textOf('loadApiUsage');

/** The security test's configuration, never a key or token. */
export const securityConfig = (signedIn: boolean): Fact[] => configDiagnostics(SUPABASE_URL, signedIn);

/**
 * The active setting database's properties as Notion answers them now (the Customize Properties
 * Display modal's own read, past its cache); without a setting, database or key the spec's
 * 'Missing setting information or Notion API key'.
 */
export const loadDatabaseProperties = (authId: string, active: ActiveSettingValue | null | undefined) =>
  loadSettingProperties(authId, active, { fresh: true });
export const numberFormatFailureText = textOf('numberFormatTest');

export const loadTestProducts = (): Promise<Product[]> => fetchPlans(DEFAULT_CURRENCY);
export const productsFailureText = textOf('loadTestProducts');

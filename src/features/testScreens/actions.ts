/**
 * What the four test screens do (spec 2 §2) on top of src/data: fetch one profile through the
 * profile-data function, read the last api_usage rows, read the active setting database's
 * properties, load the payment provider's products — each failure turned into its spec text.
 */
import type { ActiveSettingValue } from '../../data/db/activeSetting.ts';
import { appError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { fetchPlans } from '../../data/functions/billing.ts';
import { fetchProfileData } from '../../data/functions/profileData.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { latestApiUsage, type ApiUsageRow } from '../../data/supabase/apiUsage.ts';
import { SUPABASE_URL } from '../../data/supabase/client.ts';
import { DEFAULT_CURRENCY } from '../../domain/billing/currency.ts';
import type { Product } from '../../domain/billing/plans.ts';
import { simplifyProfile, type ProfileData } from '../../domain/capture/profilePage.ts';
import { messageFor, type ErrorContext } from '../../domain/errors/catalogue.ts';
import { testScreenTexts } from '../../domain/errors/messages.ts';
import { parseProfileUrl } from '../../domain/linkedin/profileUrl.ts';

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
    return { ok: false, message: textOf('addProfile')(error), called: true };
  }
}

export const loadApiUsage = (): Promise<ApiUsageRow[]> => latestApiUsage();
export const apiUsageFailureText = textOf('loadApiUsage');

/** The security test's configuration, never a key or token: where the function is and whether a session goes with it. */
export function configDiagnostics(signedIn: boolean): [string, string][] {
  return [
    ['Backend URL', SUPABASE_URL ?? 'not configured'],
    ['Edge function', 'get-profile-data-by-url'],
    ['Session sent as bearer', signedIn ? 'yes' : 'no'],
  ];
}

/** The active setting database's properties, as Notion answers them. */
export async function loadDatabaseProperties(active: ActiveSettingValue | null | undefined): Promise<unknown[]> {
  const setting = active?.setting;
  if (!setting?.notion_db_id) throw appError({ kind: 'validation', field: 'setting' }, 'No active setting selected');
  const dataSourceId =
    setting.notion_data_source_id ??
    (await notion.database(setting.workspace_id, setting.notion_db_id)).dataSources[0]?.id;
  if (!dataSourceId) throw appError({ kind: 'validation', field: 'setting' }, 'No data source in this database');
  return (await notion.dataSource(setting.workspace_id, dataSourceId)).properties;
}
export const numberFormatFailureText = textOf('numberFormatTest');

export const loadTestProducts = (): Promise<Product[]> => fetchPlans(DEFAULT_CURRENCY);
export const productsFailureText = textOf('loadTestProducts');

/**
 * The security test's usage table (spec 2 §2 "table of the last usage rows (Date, Endpoint,
 * Status Success/Failed)", §7 "api_usage: latest 10 by created_at desc", §9 "usage table 10
 * rows"): how many rows, how one row reads, and which failures used an API call.
 */
import { formatDateEnd } from '../notion/dates.ts';

/** §9 "usage table 10 rows". */
export const API_USAGE_ROWS = 10;

export interface ApiUsageFacts {
  created_at: string;
  endpoint: string;
  successful: boolean;
}

export interface ApiUsageCells {
  date: string;
  endpoint: string;
  status: 'Success' | 'Failed';
}

/** One row's cells: the date as the app writes dates ("March 5, 2025 14:30"), the endpoint, Success or Failed. */
export function apiUsageCells(row: ApiUsageFacts, timeZone?: string): ApiUsageCells {
  return {
    date: formatDateEnd(row.created_at, timeZone),
    endpoint: row.endpoint,
    status: row.successful ? 'Success' : 'Failed',
  };
}

/**
 * The function's failure reasons that come after it called the provider — the calls it records
 * in api_usage (supabase/functions/get-profile-data-by-url, step 6). A refusal before that
 * (signed out, a bad URL, no subscription, the team's import quota, no provider configured) or
 * a request that never reached the function used no API call.
 */
const PROVIDER_ANSWERED = new Set([
  'provider_quota_exceeded',
  'rate_limited',
  'profile_not_found',
  'provider_error',
  'provider_unreachable',
]);

export const usedAnApiCall = (reasonCode: string | undefined): boolean =>
  reasonCode !== undefined && PROVIDER_ANSWERED.has(reasonCode);

/**
 * Profile-fetch errors mapped once to spec 2 §8's texts: a text containing "quota exceeded" →
 * the monthly-quota text; HTTP 429 or "rate limit" → the rate-limit text; our own import quota
 * (reason import_quota_exceeded) → 'Monthly LinkedIn Imports Exceeded' (the UI links to
 * /account); else the server's text, or 'API error: {status} {statusText}'.
 */
export type ProfileDataFailure = 'rate_limited' | 'provider_quota' | 'import_quota' | 'other';

export const RATE_LIMIT_TEXT = 'Error: Rate limit exceeded. Please try again later.';
export const PROVIDER_QUOTA_TEXT = 'Error: Monthly quota exceeded. Please contact your administrator.';
export const IMPORT_QUOTA_TEXT = 'Monthly LinkedIn Imports Exceeded';
export const FETCH_FAILED_TEXT = 'Failed to fetch profile data from LinkedIn';

export class ProfileDataError extends Error {
  constructor(
    readonly kind: ProfileDataFailure,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ProfileDataError';
  }
}

export function profileDataError(status: number, statusText: string, body: unknown): ProfileDataError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = typeof record.error === 'string' ? record.error : '';
  const reason = typeof record.reason === 'string' ? record.reason : undefined;
  if (reason === 'import_quota_exceeded' || text === IMPORT_QUOTA_TEXT) {
    return new ProfileDataError('import_quota', IMPORT_QUOTA_TEXT, reason);
  }
  if (/quota exceeded/i.test(text)) return new ProfileDataError('provider_quota', PROVIDER_QUOTA_TEXT, reason);
  if (status === 429 || /rate limit/i.test(text)) return new ProfileDataError('rate_limited', RATE_LIMIT_TEXT, reason);
  return new ProfileDataError('other', text || `API error: ${status} ${statusText}`.trim(), reason);
}

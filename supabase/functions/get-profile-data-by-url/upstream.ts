/**
 * The call to the profile-data provider (RockAPIs' "get-profile-data-by-url" on RapidAPI, or the
 * local sandbox standing in for it) and the classification of its answer.
 *
 * Environment: RAPIDAPI_KEY (required), RAPIDAPI_HOST (default linkedin-data-api.p.rapidapi.com),
 * PROFILE_DATA_API_URL (default `https://<RAPIDAPI_HOST>`; the sandbox's URL locally),
 * PROFILE_DATA_TIMEOUT_MS (how long to wait for the whole answer, default 20000).
 *
 * Classification (external-apis.md §C and spec 2 §8): a message saying the quota is exceeded
 * (RapidAPI's "exceeded the MONTHLY quota") → `quota`; otherwise a 429 or a message mentioning a
 * rate limit → `rate`; a 404 or a 200 that carries no profile → `not_found` (private or unknown
 * profile); anything else that is not a profile → `provider`; no complete answer (refused or
 * dropped connection, timeout, body cut off) → `unreachable`.
 */
export const DEFAULT_RAPIDAPI_HOST = 'linkedin-data-api.p.rapidapi.com';
const DEFAULT_UPSTREAM_TIMEOUT_MS = 20_000;

export type Upstream =
  | { ok: true; profile: Record<string, unknown> }
  | {
      ok: false;
      kind: 'quota' | 'rate' | 'not_found' | 'provider' | 'unreachable';
      status: number;
      statusText: string;
      message: string;
    };

function messageOf(body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const field of ['message', 'messages', 'error']) {
      if (typeof record[field] === 'string' && record[field] !== '') return record[field] as string;
    }
  }
  return text.slice(0, 300);
}

function isProfile(body: unknown): body is Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return typeof record.username === 'string' || typeof record.firstName === 'string';
}

export function classify(status: number, statusText: string, body: unknown, text: string): Upstream {
  if (status >= 200 && status < 300 && isProfile(body)) return { ok: true, profile: body };
  const message = messageOf(body, text);
  const failure = (kind: Exclude<Upstream, { ok: true }>['kind']): Upstream => ({
    ok: false,
    kind,
    status,
    statusText,
    message,
  });
  if (/quota exceeded|exceeded the monthly quota/i.test(message)) return failure('quota');
  if (status === 429 || /rate limit/i.test(message)) return failure('rate');
  if (status === 404 || (status >= 200 && status < 300)) return failure('not_found');
  return failure('provider');
}

export interface ProviderConfig {
  baseUrl: string;
  apiHost: string;
  key: string;
  timeoutMs: number;
}

/** The provider's settings from the environment; undefined when RAPIDAPI_KEY is not set. */
export function providerConfig(): ProviderConfig | undefined {
  const key = Deno.env.get('RAPIDAPI_KEY')?.trim();
  if (!key) return undefined;
  const apiHost = Deno.env.get('RAPIDAPI_HOST')?.trim() || DEFAULT_RAPIDAPI_HOST;
  const baseUrl = (Deno.env.get('PROFILE_DATA_API_URL')?.trim() || `https://${apiHost}`).replace(/\/+$/, '');
  const timeout = Number(Deno.env.get('PROFILE_DATA_TIMEOUT_MS')?.trim() || NaN);
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_UPSTREAM_TIMEOUT_MS;
  return { baseUrl, apiHost, key, timeoutMs };
}

export async function fetchProfile(config: ProviderConfig, profileUrl: string): Promise<Upstream> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.baseUrl}/get-profile-data-by-url?url=${encodeURIComponent(profileUrl)}`, {
      headers: { 'x-rapidapi-key': config.key, 'x-rapidapi-host': config.apiHost, accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown error';
    return { ok: false, kind: 'unreachable', status: 0, statusText: reason, message: `No answer (${reason})` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return classify(response.status, response.statusText, body, text);
}

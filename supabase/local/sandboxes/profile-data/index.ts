/**
 * The profile-data sandbox: a local stand-in for RockAPIs' "get-profile-data-by-url" on RapidAPI
 * (external-apis.md §C), so the get-profile-data-by-url function can be run and tested without
 * a RapidAPI key or network.
 *
 * `GET /get-profile-data-by-url?url=<linkedin.com/in/… URL>` with `x-rapidapi-key` and
 * `x-rapidapi-host`, answered in the order RapidAPI's gateway checks:
 * - missing or wrong key → 401 `{message: "Invalid API key. Go to https://docs.rapidapi.com/docs/keys for more info."}`;
 * - a host other than the API's → 403 `{message: "You are not subscribed to this API."}`;
 * - the monthly quota used up → 429 with RapidAPI's MONTHLY message (no Retry-After);
 * - more than `ratePerSecond` requests in the last second → 429 with the per-second message
 *   (no Retry-After, as observed);
 * - `outage` → 502 with RapidAPI's "API unreachable" body (the provider is down);
 * - then the provider: a fixture profile at the top level (200), or, for a private or unknown
 *   profile, 404 `{success: false, message: "Profile not found", data: null}`. The real
 *   provider's answer for those is undocumented: this shape is an assumption, and the function
 *   treats any non-profile answer the same way.
 *
 * Knobs (per run, through the options or `configure()` later): `monthlyQuota`, `ratePerSecond`,
 * `outage`, `latencyMs`, and the accepted `key` and `apiHost`. `GET /__sandbox/profiles` lists the fixture URLs for people trying it.
 *
 * What must stay true: requests refused by the gateway (key, host, limits) do not count
 * towards the monthly quota; the key is never echoed in a response or a log line.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PRIVATE_PROFILE_SLUGS, PROFILES_BY_SLUG, PUBLIC_PROFILES } from './fixtures.ts';

export const RAPIDAPI_HOST = 'linkedin-data-api.p.rapidapi.com';
export const INVALID_KEY_MESSAGE = 'Invalid API key. Go to https://docs.rapidapi.com/docs/keys for more info.';
export const NOT_SUBSCRIBED_MESSAGE = 'You are not subscribed to this API.';
export const monthlyQuotaMessage = (plan: string) =>
  `You have exceeded the MONTHLY quota for Requests on your current plan, ${plan}. Upgrade your plan at https://rapidapi.com/rockapis-rockapis-default/api/linkedin-data-api`;
export const rateLimitMessage = (plan: string) =>
  `You have exceeded the rate limit per second for your plan, ${plan}, by the API provider`;
export const PROFILE_NOT_FOUND = { success: false, message: 'Profile not found', data: null };

const SECOND_MS = 1000;

export interface ProfileDataLimits {
  /** Accept this key instead (as after regenerating it in RapidAPI's dashboard). */
  key?: string;
  /** Answer to this `x-rapidapi-host` instead. */
  apiHost?: string;
  /** Requests allowed per run before the MONTHLY 429 (unlimited when absent). */
  monthlyQuota?: number;
  /** Requests allowed in any one-second window before the per-second 429 (unlimited when absent). */
  ratePerSecond?: number;
  /** Answer every authorised request with RapidAPI's 502 "API unreachable". */
  outage?: boolean;
  /** Delay before answering, in milliseconds. */
  latencyMs?: number;
}

export interface ProfileDataSandboxOptions extends ProfileDataLimits {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The plan named in the 429 messages. */
  plan?: string;
}

export interface ProfileDataSandbox {
  url: string;
  /** The key it accepted at start (a fresh one in RapidAPI's format unless given). */
  key: string;
  apiHost: string;
  /** Changes the knobs for the rest of the run: absent fields keep their value, `undefined` clears a limit. */
  configure(limits: ProfileDataLimits): void;
  /** Requests that reached the provider (what the monthly quota counts); `reset()` zeroes it. */
  usage(): number;
  reset(): void;
  stop(): Promise<void>;
}

/** A key in RapidAPI's 50-character format: `<10 hex>msh<15 hex>p1<5 hex>jsn<12 hex>`. */
export function newRapidApiKey(): string {
  const hex = (n: number) => randomBytes(n).toString('hex').slice(0, n);
  return `${hex(10)}msh${hex(15)}p1${hex(5)}jsn${hex(12)}`;
}

/** The lower-cased `/in/<slug>` of a LinkedIn profile URL, or undefined for anything else. */
export function profileSlug(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return undefined;
  }
  if (!/(^|\.)linkedin\.com$/i.test(url.hostname)) return undefined;
  const match = /^\/in\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startProfileDataSandbox(options: ProfileDataSandboxOptions = {}): Promise<ProfileDataSandbox> {
  const key = options.key ?? newRapidApiKey();
  const apiHost = options.apiHost ?? RAPIDAPI_HOST;
  const plan = options.plan ?? 'BASIC';
  const limits: ProfileDataLimits & { key: string; apiHost: string } = {
    key,
    apiHost,
    monthlyQuota: options.monthlyQuota,
    ratePerSecond: options.ratePerSecond,
    outage: options.outage,
    latencyMs: options.latencyMs,
  };
  let used = 0;
  let recent: number[] = [];

  function rateHeaders(): Record<string, string> {
    if (limits.monthlyQuota === undefined) return {};
    return {
      'x-ratelimit-requests-limit': String(limits.monthlyQuota),
      'x-ratelimit-requests-remaining': String(Math.max(0, limits.monthlyQuota - used)),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (req.method === 'GET' && url.pathname === '/__sandbox/profiles') {
      const base = 'https://www.linkedin.com/in/';
      return send(res, 200, {
        public: PUBLIC_PROFILES.map((p) => `${base}${p.username}/`),
        private: PRIVATE_PROFILE_SLUGS.map((slug) => `${base}${slug}/`),
      });
    }
    if (header(req, 'x-rapidapi-key') !== limits.key) return send(res, 401, { message: INVALID_KEY_MESSAGE });
    if (header(req, 'x-rapidapi-host') !== limits.apiHost) return send(res, 403, { message: NOT_SUBSCRIBED_MESSAGE });
    if (req.method !== 'GET' || url.pathname !== '/get-profile-data-by-url') {
      return send(res, 404, { message: "Endpoint '" + url.pathname + "' does not exist" });
    }
    if (limits.monthlyQuota !== undefined && used >= limits.monthlyQuota) {
      return send(res, 429, { message: monthlyQuotaMessage(plan) }, rateHeaders());
    }
    const now = Date.now();
    recent = recent.filter((t) => now - t < SECOND_MS);
    if (limits.ratePerSecond !== undefined && recent.length >= limits.ratePerSecond) {
      return send(res, 429, { message: rateLimitMessage(plan) }, rateHeaders());
    }
    recent.push(now);
    used += 1;
    if (limits.latencyMs) await new Promise((done) => setTimeout(done, limits.latencyMs));
    if (limits.outage) {
      return send(res, 502, {
        messages: 'The API is unreachable, please contact the API provider',
        info: 'Your Client (working) ---> Gateway (working) ---> API (not working)',
      });
    }
    const target = url.searchParams.get('url');
    const slug = target ? profileSlug(target) : undefined;
    if (!target || slug === undefined) {
      return send(res, 400, { success: false, message: 'Invalid LinkedIn profile URL', data: null }, rateHeaders());
    }
    const found = PRIVATE_PROFILE_SLUGS.includes(slug) ? undefined : PROFILES_BY_SLUG.get(slug);
    if (!found) return send(res, 404, PROFILE_NOT_FOUND, rateHeaders());
    return send(res, 200, found, rateHeaders());
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('profile-data sandbox:', error instanceof Error ? error.message : error);
      if (!res.headersSent) send(res, 500, { message: 'Internal Server Error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    key,
    apiHost,
    configure(next) {
      Object.assign(limits, next, { key: next.key ?? limits.key, apiHost: next.apiHost ?? limits.apiHost });
    },
    usage: () => used,
    reset() {
      used = 0;
      recent = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

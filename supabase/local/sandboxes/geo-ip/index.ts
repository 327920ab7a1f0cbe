/**
 * The geo-IP sandbox: answers "which country is this visitor in?" in the shape of ipapi.co's
 * `GET /json/` (`{ip, country_code, country_name, currency, …}`), so the account screen's
 * currency rule (EUR countries, else USD) can be tested without a network.
 *
 * - The country is, in order: the request's `X-Sandbox-Country` header (per request), the one set
 *   with `setCountry()` or `PUT /_sandbox/country {"country_code": "FR"}` (per test), else `US`.
 * - `setFailure(status)` (or `PUT /_sandbox/failure {"status": 503}`) makes lookups fail, to test
 *   the fallback to USD; `setFailure(undefined)` / `{"status": null}` restores them.
 * - CORS is open (the browser calls it directly, as it calls ipapi.co).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';

export const DEFAULT_COUNTRY = 'US';

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  FR: 'France',
  DE: 'Germany',
  GB: 'United Kingdom',
  ES: 'Spain',
  IT: 'Italy',
  NL: 'Netherlands',
  CA: 'Canada',
};
const CURRENCIES: Record<string, string> = { US: 'USD', GB: 'GBP', CA: 'CAD', CH: 'CHF', JP: 'JPY' };
const EURO_AREA = 'AT BE CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES HR'.split(' ');

const countrySchema = z.strictObject({ country_code: z.string().regex(/^[A-Za-z]{2}$/) });
const failureSchema = z.strictObject({ status: z.number().int().min(400).max(599).nullable() });

export interface GeoIpSandbox {
  url: string;
  /** The country answered from now on (a two-letter code); `undefined` goes back to `US`. */
  setCountry(code: string | undefined): void;
  /** Makes lookups answer this HTTP status (an error body); `undefined` restores them. */
  setFailure(status: number | undefined): void;
  stop(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'x-sandbox-country, content-type',
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...CORS });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return undefined;
  }
}

function lookup(code: string, ip: string) {
  return {
    ip,
    network: null,
    version: ip.includes(':') ? 'IPv6' : 'IPv4',
    country: code,
    country_code: code,
    country_name: COUNTRY_NAMES[code] ?? code,
    in_eu: EURO_AREA.includes(code),
    currency: EURO_AREA.includes(code) ? 'EUR' : (CURRENCIES[code] ?? 'USD'),
  };
}

export async function startGeoIpSandbox(options: { host?: string; port?: number } = {}): Promise<GeoIpSandbox> {
  let country: string | undefined;
  let failure: number | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://geo').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (req.method === 'PUT' && path === '/_sandbox/country') {
      const parsed = countrySchema.safeParse(await readJson(req));
      if (!parsed.success) return send(res, 400, { error: true, reason: 'Send {"country_code": "FR"}.' });
      country = parsed.data.country_code.toUpperCase();
      return send(res, 200, { country_code: country });
    }
    if (req.method === 'PUT' && path === '/_sandbox/failure') {
      const parsed = failureSchema.safeParse(await readJson(req));
      if (!parsed.success) return send(res, 400, { error: true, reason: 'Send {"status": 503} or {"status": null}.' });
      failure = parsed.data.status ?? undefined;
      return send(res, 200, { status: failure ?? null });
    }
    if (req.method !== 'GET' || !/^\/(?:[^/]+\/)?json\/?$/.test(path)) {
      return send(res, 404, { error: true, reason: 'Not Found' });
    }
    if (failure) return send(res, failure, { error: true, reason: 'RateLimited', message: 'Sandbox failure.' });
    const header = req.headers['x-sandbox-country'];
    const code = (
      typeof header === 'string' && /^[A-Za-z]{2}$/.test(header) ? header : (country ?? DEFAULT_COUNTRY)
    ).toUpperCase();
    return send(res, 200, lookup(code, req.socket.remoteAddress ?? '127.0.0.1'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: true, reason: 'Internal error' }));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    setCountry: (code) => {
      country = code?.toUpperCase();
    },
    setFailure: (status) => {
      failure = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

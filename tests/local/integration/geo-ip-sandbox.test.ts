/**
 * The geo-IP sandbox: ipapi.co's `GET /json/` shape with `country_code`, US by default, the
 * country set per request (header), per test (in process or over HTTP), and failures on demand.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startGeoIpSandbox } from '../../../supabase/local/sandboxes/geo-ip/index.ts';

let geo: Awaited<ReturnType<typeof startGeoIpSandbox>>;
beforeAll(async () => {
  geo = await startGeoIpSandbox();
});
afterAll(() => geo?.stop());

const lookup = async (headers: Record<string, string> = {}) => {
  const response = await fetch(`${geo.url}/json/`, { headers });
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as Record<string, unknown>,
  };
};

test('US by default, with CORS open', async () => {
  const answer = await lookup();
  expect([answer.status, answer.cors, answer.body.country_code, answer.body.currency]).toEqual([200, '*', 'US', 'USD']);
});

test('per request (X-Sandbox-Country), per test in process and over HTTP, then back to US', async () => {
  expect((await lookup({ 'x-sandbox-country': 'fr' })).body).toMatchObject({
    country_code: 'FR',
    currency: 'EUR',
    in_eu: true,
  });
  geo.setCountry('DE');
  expect((await lookup()).body.country_code).toBe('DE');
  const put = await fetch(`${geo.url}/_sandbox/country`, {
    method: 'PUT',
    body: JSON.stringify({ country_code: 'GB' }),
  });
  expect(put.status).toBe(200);
  expect((await lookup()).body.country_code).toBe('GB');
  geo.setCountry(undefined);
  expect((await lookup()).body.country_code).toBe('US');
});

test('failures on demand (the app then falls back to USD)', async () => {
  geo.setFailure(503);
  expect((await lookup()).status).toBe(503);
  geo.setFailure(undefined);
  expect((await lookup()).status).toBe(200);
});

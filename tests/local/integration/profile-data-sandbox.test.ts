/**
 * The profile-data sandbox on its own, as a RapidAPI client sees it: the gateway's key, host
 * and limit errors with RapidAPI's bodies, the fixture profiles in the documented shape, and
 * "not found" for private and unknown profiles. The function tests build on this behaviour.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PUBLIC_PROFILES } from '../../../supabase/local/sandboxes/profile-data/fixtures.ts';
import {
  INVALID_KEY_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  RAPIDAPI_HOST,
  startProfileDataSandbox,
  type ProfileDataSandbox,
} from '../../../supabase/local/sandboxes/profile-data/index.ts';

let sandbox: ProfileDataSandbox;
beforeAll(async () => {
  sandbox = await startProfileDataSandbox();
});
afterAll(() => sandbox?.stop());

async function get(profileUrl: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}/get-profile-data-by-url?url=${encodeURIComponent(profileUrl)}`, {
    headers: { 'x-rapidapi-key': sandbox.key, 'x-rapidapi-host': RAPIDAPI_HOST, ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

test('keys are in RapidAPI format (50 characters)', () => {
  expect(sandbox.key).toMatch(/^[0-9a-f]{10}msh[0-9a-f]{15}p1[0-9a-f]{5}jsn[0-9a-f]{12}$/);
  expect(sandbox.key).toHaveLength(50);
});

test('a wrong or missing key gets 401 and a wrong host 403, with RapidAPI bodies, and neither counts', async () => {
  sandbox.reset();
  const url = 'https://www.linkedin.com/in/ada-lovelace/';
  expect(await get(url, { 'x-rapidapi-key': 'nope' })).toMatchObject({
    status: 401,
    body: { message: INVALID_KEY_MESSAGE },
  });
  const noKey = await fetch(`${sandbox.url}/get-profile-data-by-url?url=${encodeURIComponent(url)}`);
  expect(noKey.status).toBe(401);
  expect(await get(url, { 'x-rapidapi-host': 'linkedin-api8.p.rapidapi.com' })).toMatchObject({
    status: 403,
    body: { message: NOT_SUBSCRIBED_MESSAGE },
  });
  expect(sandbox.usage()).toBe(0);
});

test('every fixture is served at the top level, whatever the URL variant', async () => {
  expect(PUBLIC_PROFILES.length).toBeGreaterThanOrEqual(12);
  for (const fixture of PUBLIC_PROFILES) {
    const { status, body } = await get(`https://www.linkedin.com/in/${fixture.username}/`);
    expect(status).toBe(200);
    expect(body).toEqual(fixture);
  }
  expect((await get('linkedin.com/in/ADA-LOVELACE?trk=public')).body.username).toBe('ada-lovelace');
  expect((await get('https://de.linkedin.com/in/zoe-muller')).body.firstName).toBe('Zoë');
});

test('the fixtures cover the awkward cases', () => {
  const bySlug = new Map(PUBLIC_PROFILES.map((p) => [p.username, p]));
  expect((bySlug.get('long-summary')!.summary as string).length).toBeGreaterThan(2000);
  expect(bySlug.get('no-positions')!.fullPositions).toEqual([]);
  expect(bySlug.get('no-education')!.educations).toEqual([]);
  expect('geo' in bySlug.get('no-geo')!).toBe(false);
  expect(PUBLIC_PROFILES.filter((p) => /[^ -~]/.test(`${p.firstName}${p.lastName}`)).length).toBeGreaterThanOrEqual(6);
});

test('private and unknown profiles are not found', async () => {
  for (const slug of ['private-profile', 'nobody-by-this-name']) {
    expect(await get(`https://www.linkedin.com/in/${slug}/`)).toMatchObject({
      status: 404,
      body: { success: false, message: 'Profile not found', data: null },
    });
  }
});

test('the monthly quota answers RapidAPI MONTHLY 429 once used up, with the rate-limit headers', async () => {
  sandbox.reset();
  sandbox.configure({ monthlyQuota: 2 });
  try {
    const first = await get('https://www.linkedin.com/in/minimal/');
    expect(first.headers.get('x-ratelimit-requests-remaining')).toBe('1');
    await get('https://www.linkedin.com/in/minimal/');
    const refused = await get('https://www.linkedin.com/in/minimal/');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'You have exceeded the MONTHLY quota for Requests on your current plan, BASIC. Upgrade your plan at https://rapidapi.com/rockapis-rockapis-default/api/linkedin-data-api',
    );
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(sandbox.usage()).toBe(2);
  } finally {
    sandbox.configure({ monthlyQuota: undefined });
  }
});

test('more than ratePerSecond requests in a second get the per-second 429 without Retry-After', async () => {
  sandbox.reset();
  sandbox.configure({ ratePerSecond: 2 });
  try {
    const results = await Promise.all([1, 2, 3].map(() => get('https://www.linkedin.com/in/minimal/')));
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.message).toBe(
      'You have exceeded the rate limit per second for your plan, BASIC, by the API provider',
    );
    expect(refused[0].headers.get('retry-after')).toBeNull();
    await new Promise((done) => setTimeout(done, 1100));
    expect((await get('https://www.linkedin.com/in/minimal/')).status).toBe(200);
  } finally {
    sandbox.configure({ ratePerSecond: undefined });
  }
});

test('an outage answers RapidAPI 502 "API unreachable"; a rotated key refuses the old one', async () => {
  sandbox.configure({ outage: true });
  expect(await get('https://www.linkedin.com/in/minimal/')).toMatchObject({
    status: 502,
    body: { messages: 'The API is unreachable, please contact the API provider' },
  });
  sandbox.configure({ outage: false, key: 'another-key' });
  expect((await get('https://www.linkedin.com/in/minimal/')).status).toBe(401);
  expect((await get('https://www.linkedin.com/in/minimal/', { 'x-rapidapi-key': 'another-key' })).status).toBe(200);
  sandbox.configure({ key: sandbox.key });
});

test('the fixture list is published for people trying the sandbox', async () => {
  const list = (await (await fetch(`${sandbox.url}/__sandbox/profiles`)).json()) as {
    public: string[];
    private: string[];
  };
  expect(list.public).toContain('https://www.linkedin.com/in/ada-lovelace/');
  expect(list.private).toEqual(['https://www.linkedin.com/in/private-profile/']);
});

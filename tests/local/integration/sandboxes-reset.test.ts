/**
 * `reset()` of the sandboxes, which browser test files sharing one stack rely on: the next file
 * finds the seed again (pages made, schema changes and data sources added are gone), the knobs
 * it started with (rate limit, failures), an empty request log, Stripe's clock at today with no
 * customers or deliveries, and the geo-IP and Slack sandboxes as new — with the same keys and
 * URLs, which the stack's functions keep.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSandboxes, type RunningSandboxes } from '../../../supabase/local/sandboxes/index.ts';
import { currentNotionClient, DB, PEOPLE_PAGE } from './notion-sandbox-support.ts';
import { stripeClient } from './stripe-sandbox-support.ts';

let dir: string;
let sandboxes: RunningSandboxes;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sidenote-reset-'));
  sandboxes = await startSandboxes({ dataDir: dir, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandboxes?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('after reset the Notion sandbox is its seed again, with the same key, knobs and an empty log', async () => {
  const { notion } = sandboxes.info;
  const client = currentNotionClient(notion.url, notion.demoKey);
  const added = notion.addDataSource(DB.people, 'Leads');
  await client.pages.update({ page_id: PEOPLE_PAGE('max'), properties: { Email: { email: 'changed@example.com' } } });
  notion.configure({ failureRate: 1, failureKinds: ['503'] });
  expect(notion.requestLog().length).toBeGreaterThan(0);

  await sandboxes.info.reset();

  expect(notion.requestLog()).toEqual([]);
  const page = (await client.pages.retrieve({ page_id: PEOPLE_PAGE('max') })) as unknown as {
    properties: { Email: { email: string } };
  };
  expect(page.properties.Email.email).toBe('max@example.com');
  await expect(client.dataSources.retrieve({ data_source_id: added })).rejects.toMatchObject({
    code: 'object_not_found',
  });
  expect(notion.requestLog().map((r) => r.status)).toEqual([200, 404]);
});

test('after reset Stripe is at today with no customers or deliveries; geo-IP says US; Slack holds no message', async () => {
  const { stripe, geoIp, slack } = sandboxes.info;
  const client = stripeClient(stripe.url, stripe.secretKey);
  const customer = await client.customers.create({ email: 'before-reset@example.com' });
  stripe.advanceClock(40 * 86_400);
  geoIp.setCountry('FR');
  geoIp.setFailure(503);
  const posted = await fetch(sandboxes.functionEnv.SLACK_WEBHOOK_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'hello' }),
  });
  expect(posted.status).toBe(200);
  expect(await (await fetch(`${slack.url}/api/messages`)).json()).toHaveLength(1);

  await sandboxes.info.reset();

  expect(Math.abs(stripe.now() - Date.now() / 1000)).toBeLessThan(5);
  await expect(client.customers.retrieve(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });
  expect(stripe.deliveries()).toEqual([]);
  expect(await (await fetch(`${geoIp.url}/json/`)).json()).toMatchObject({ country_code: 'US' });
  expect(await (await fetch(`${slack.url}/api/messages`)).json()).toEqual([]);
  // The same key still opens the sandbox (the functions hold it).
  expect((await client.customers.create({ email: 'after-reset@example.com' })).email).toBe('after-reset@example.com');
});

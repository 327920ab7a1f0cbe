/**
 * What a caller can make the functions read and spend (issue 32, item 8), through the local
 * stack with its sandboxes: every function that reads a JSON body caps it and answers 413 with
 * a clear message (the local gateway would take up to 1 MiB; hosted Supabase more), stripe-webhook
 * too (its unsigned case, refused before the body is read, is tests/deno/request-body.test.ts),
 * and the billing functions that call Stripe for a user share one per-user budget, so one user
 * cannot spend the account's Stripe rate limit for everyone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBillingStack, setUpUser } from './support/billing.ts';
import type { Persona } from './support/personas.ts';
import type { TestStack } from './support/stack.ts';

/** The caps and the budget (supabase/functions/_shared/request-body.ts, billing-http.ts). */
const JSON_CAP = 'The request body is larger than 64 KiB.';
const STRIPE_CALLS_PER_MINUTE = 30;

let stack: TestStack;
let user: Persona;

beforeAll(async () => {
  stack = await startBillingStack();
  user = await setUpUser(stack, 'limits');
});
afterAll(() => stack?.stop());

async function post(name: string, body: string, headers: Record<string, string> = {}, method = 'POST', as = user) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/${name}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${as.accessToken}`,
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** A JSON object of about `kib` KiB. */
const jsonOf = (kib: number) => JSON.stringify({ message: 'x'.repeat(kib * 1024) });

describe('JSON bodies are capped', () => {
  test.each([
    ['slack-notify', { success: false, error: JSON_CAP }],
    ['change-password', { success: false, message: JSON_CAP }],
    ['sync-stripe-subscription', { success: false, error: JSON_CAP }],
    ['stripe-products', { error: JSON_CAP }],
    ['stripe-subscription-status', { error: JSON_CAP }],
  ])('%s: 65 KiB gets 413 with the cap in the message', async (name, expected) => {
    const answer = await post(name, jsonOf(65));
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject(expected);
  });

  test('stripe-webhook: a signed delivery over 512 KiB gets 413 before its signature is checked', async () => {
    const answer = await post('stripe-webhook', jsonOf(600), { 'stripe-signature': 't=1,v1=00' });
    expect([answer.status, answer.body.error]).toEqual([413, 'The request body is larger than 512 KiB.']);
  });

  test("notion-proxy: a write over Notion's 500 KiB gets 413 in Notion's error shape", async () => {
    const answer = await post(
      'notion-proxy/pages/3f5b1d2c00004000800000000000a001',
      JSON.stringify({ properties: { Notes: 'x'.repeat(600 * 1024) } }),
      {},
      'PATCH',
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      object: 'error',
      status: 413,
      code: 'validation_error',
      message: 'The request body is larger than 500 KiB.',
    });
  });
});

test(`past ${STRIPE_CALLS_PER_MINUTE} Stripe-backed billing calls a minute, a user gets 429 with Retry-After from each billing function; another user does not`, async () => {
  const [busy, other] = await Promise.all([setUpUser(stack, 'limits-busy'), setUpUser(stack, 'limits-other')]);
  const statuses: number[] = [];
  for (let i = 0; i < STRIPE_CALLS_PER_MINUTE; i++) {
    statuses.push((await post('stripe-products', '{}', {}, 'POST', busy)).status);
  }
  expect(statuses).toEqual(Array(STRIPE_CALLS_PER_MINUTE).fill(200));
  for (const name of ['stripe-products', 'stripe-subscription-status', 'stripe-customer-portal', 'stripe-checkout']) {
    const refused = await post(name, '{}', {}, 'POST', busy);
    expect([name, refused.status, refused.body.error]).toEqual([
      name,
      429,
      'Too many billing requests. Please retry later.',
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  expect((await post('stripe-products', '{}', {}, 'POST', other)).status).toBe(200);
});

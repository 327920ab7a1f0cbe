/**
 * The gateway's own rules, before any service runs: Kong's API-key check, unknown routes,
 * CORS preflight, the body size limit, a port already taken, and the mail inbox API.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PortInUseError, startStack } from '../../../supabase/local/stack.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

describe('API key (Kong key-auth)', () => {
  test('a request without apikey is refused with Kong’s message', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/anything`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'No API key found in request' });
  });

  test('an apikey that is not one of the project’s keys is refused', async () => {
    const response = await fetch(`${stack.apiUrl}/auth/v1/settings`, { headers: { apikey: 'eyJ.not.ours' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid API key' });
  });

  test('e-mail verify links need no apikey (they are opened from a mail)', async () => {
    const response = await fetch(`${stack.apiUrl}/auth/v1/verify?token=x&type=signup`, { redirect: 'manual' });
    expect(response.status).not.toBe(401);
  });
});

test('an unknown route answers 404 like Kong', async () => {
  const response = await fetch(`${stack.apiUrl}/graphql/v1`, { headers: { apikey: stack.anonKey } });
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
});

test('CORS preflight is answered for the browser app', async () => {
  const response = await fetch(`${stack.apiUrl}/rest/v1/todos`, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
  expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info');
});

test('a body over 1 MiB is refused with 413 before any service sees it', async () => {
  const response = await fetch(`${stack.apiUrl}/rest/v1/todos`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'x'.repeat(1024 * 1024) }),
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ message: 'Request size limit exceeded' });
});

test('a port already in use is reported clearly', async () => {
  const port = Number(new URL(stack.apiUrl).port);
  const attempt = startStack({
    supabaseDir: resolve('supabase'),
    dataDir: resolve('.local/test-port-in-use'),
    pgliteInMemory: true,
    apiPort: port,
    inboxPort: 0,
  });
  await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
  await expect(attempt).rejects.toThrow(`Port ${port} (API gateway) is already in use.`);
});

test('the inbox lists mails as JSON and empties on DELETE', async () => {
  const response = await fetch(`${stack.inboxUrl}/api/messages`);
  expect(response.status).toBe(200);
  expect(Array.isArray(await response.json())).toBe(true);
  const page = await fetch(stack.inboxUrl);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('Local inbox');
  expect((await fetch(`${stack.inboxUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
  expect(await (await fetch(`${stack.inboxUrl}/api/messages`)).json()).toEqual([]);
});

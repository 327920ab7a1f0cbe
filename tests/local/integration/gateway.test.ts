/**
 * The gateway's own rules, before any service runs: Kong's API-key check, unknown routes,
 * CORS preflight, the body size limit, a port already taken, and the mail inbox API.
 */
import { connect, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway } from '../../../supabase/local/gateway/server.ts';
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

describe('clients that go away mid-request', () => {
  /** Sends a request's head and part of its declared body, then cuts the connection off. */
  function cutOffUpload(path: string, reset: boolean): Promise<void> {
    const { port, hostname } = new URL(stack.apiUrl);
    return new Promise((done, fail) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nhost: ${hostname}\r\napikey: ${stack.anonKey}\r\n` +
            `content-type: application/octet-stream\r\ncontent-length: 200000\r\n\r\n`,
        );
        socket.write(Buffer.alloc(50_000, 1), () => {
          if (reset) socket.resetAndDestroy();
          else socket.destroy();
        });
      });
      socket.on('close', () => done());
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? done() : fail(error)));
    });
  }

  test('50 cut-off uploads (storage and REST, closed or reset) leave the stack serving', async () => {
    const paths = ['/storage/v1/object/avatars/cut-off.png', '/rest/v1/todos'];
    for (let i = 0; i < 50; i += 1) await cutOffUpload(paths[i % 2], i % 4 >= 2);

    const health = await fetch(`${stack.apiUrl}/auth/v1/health`, { headers: { apikey: stack.anonKey } });
    expect(health.status).toBe(200);
    const settings = await fetch(`${stack.apiUrl}/auth/v1/settings`, { headers: { apikey: stack.anonKey } });
    expect(settings.status).toBe(200);
    expect(await settings.json()).toHaveProperty('external');
  });
});

describe('a service that throws', () => {
  test('its request is answered 500 with the gateway’s body (GET and POST alike), and the next one is served', async () => {
    let calls = 0;
    const gateway = createGateway(
      [
        {
          prefix: '/boom',
          maxBodyBytes: 1024,
          requiresApiKey: false,
          gatewayCors: true,
          service: async () => {
            calls += 1;
            if (calls <= 2) throw new Error('a bug in the service');
            return { status: 200, body: 'fine' };
          },
        },
      ],
      [],
    );
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/boom`;
    try {
      const get = await fetch(base);
      expect(get.status).toBe(500);
      expect(await get.json()).toEqual({ message: 'An unexpected error occurred' });
      const post = await fetch(base, { method: 'POST', body: JSON.stringify({ a: 1 }) });
      expect(post.status).toBe(500);
      expect(post.headers.get('access-control-allow-origin')).toBe('*');
      const next = await fetch(base);
      expect([next.status, await next.text()]).toEqual([200, 'fine']);
    } finally {
      await new Promise((done) => gateway.close(done));
    }
  });
});

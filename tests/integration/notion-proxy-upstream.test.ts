/**
 * notion-proxy when Notion cannot be reached: a 502 in Notion's error shape (retryable for
 * the outbox), and the key stays out of the error log.
 */
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { setUpUser, type Persona } from './support/personas.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

const KEY = `ntn_${'4'.repeat(11)}${'Q'.repeat(35)}`;
let stack: TestStack;
let user: Persona;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 9;
}

beforeAll(async () => {
  stack = await startTestStack({ functionEnv: { NOTION_API_URL: `http://127.0.0.1:${await closedPort()}` } });
  user = await setUpUser(stack, `notion-upstream-${Date.now()}@example.com`); // a team, so the gate opens
});
afterAll(() => stack?.stop());

test('an unreachable Notion is a 502 service_unavailable, and the key is not logged', async () => {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  try {
    const response = await fetch(`${stack.apiUrl}/functions/v1/notion-proxy/users/me`, {
      headers: { authorization: `Bearer ${user.accessToken}`, 'x-notion-key': KEY },
    });
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(JSON.parse(text)).toEqual({
      object: 'error',
      status: 502,
      code: 'service_unavailable',
      message: 'Could not reach Notion.',
    });
    expect(lines.some((line) => line.includes('[functions:notion-proxy] GET /users/me failed'))).toBe(true);
    expect([text, ...lines].join('\n')).not.toContain(KEY);
  } finally {
    spy.mockRestore();
  }
});

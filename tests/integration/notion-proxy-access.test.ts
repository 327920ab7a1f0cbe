/**
 * Who may use the notion-proxy edge function, through the whole local stack (gateway relay,
 * the function in Deno, the auth server for the session check, the database for the caller's
 * workspaces and team) against the Notion sandbox: the session, the workspace (a raw key is
 * taken only to validate it, GET /users/me), and the subscription gate on every call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../../supabase/functions/_shared/subscription-gate.ts';
import { ALLOWED_CALLS, startProxyFixture, type ProxyFixture } from './support/notionProxy.ts';
import { sql, type Persona } from './support/personas.ts';
import type { TestStack } from './support/stack.ts';
import { createTestUser } from './support/users.ts';

let fixture: ProxyFixture;
let sandbox: NotionSandbox;
let stack: TestStack;
let user: Persona;
let outsider: Persona;
let demoWorkspace: string;
let secondWorkspace: string;
let call: ProxyFixture['call'];

beforeAll(async () => {
  fixture = await startProxyFixture();
  ({ sandbox, stack, user, outsider, demoWorkspace, secondWorkspace, call } = fixture);
});
afterAll(() => fixture?.stop());

describe('who may use it, with which workspace', () => {
  test('no session → 401, and nothing reaches Notion', async () => {
    sandbox.clearRequestLog();
    expect((await call('/users/me', { token: null })).status).toBe(401);
    const anon = await call('/users/me', { token: stack.anonKey });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ object: 'error', code: 'unauthorized' });
    expect(sandbox.requestLog()).toHaveLength(0);
  });

  test('the CORS preflight allows the app’s origin and the workspace and key headers', async () => {
    const response = await fetch(`${stack.apiUrl}/functions/v1/notion-proxy/users/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'authorization, x-sidenote-workspace',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-sidenote-workspace');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-notion-key');
  });

  test('a signed-in user naming no workspace → 400', async () => {
    const response = await call('/search', { method: 'POST', workspace: null, body: {} });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('x-sidenote-workspace'),
    });
  });

  test('a workspace the caller is not in, or none at all → 403, the same answer, before Notion', async () => {
    sandbox.clearRequestLog();
    const answers = [];
    for (const workspace of [secondWorkspace, randomUUID(), 'not-a-workspace']) {
      for (const { method, path, body } of ALLOWED_CALLS) {
        const response = await call(path, { method, body, workspace });
        expect([workspace, method, path, response.status]).toEqual([workspace, method, path, 403]);
        expect(response.headers.get('x-sidenote-proxy')).toBe('refused');
        answers.push(response.body);
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      object: 'error',
      status: 403,
      code: 'restricted_resource',
      message: 'This workspace is not available to you.',
    });
    expect(sandbox.requestLog()).toHaveLength(0);
    // The outsider uses their own workspace.
    expect((await call('/users/me', { token: outsider.accessToken, workspace: secondWorkspace })).status).toBe(200);
  });

  test('a raw key is taken by GET /users/me only; on any other call, even a valid key → 400, before Notion', async () => {
    const validation = await call('/users/me', { key: sandbox.demoKey });
    expect(validation.status).toBe(200);
    expect(validation.body).toMatchObject({ type: 'bot', bot: { workspace_name: 'Sidenote Demo' } });
    sandbox.clearRequestLog();
    for (const { method, path, body } of ALLOWED_CALLS.slice(1)) {
      const response = await call(path, { method, body, key: sandbox.demoKey });
      expect([method, path, response.status, response.body.code]).toEqual([method, path, 400, 'invalid_request']);
    }
    const both = await call('/users/me', { key: sandbox.demoKey, workspace: demoWorkspace });
    expect([both.status, both.body.code]).toEqual([400, 'invalid_request']);
    expect(sandbox.requestLog()).toHaveLength(0);
  });
});

describe('the subscription gate', () => {
  test('a canceled team: every allowed call → 402 with the subscription message, nothing reaches Notion', async () => {
    await sql(stack, "update public.teams set subscription_status = 'canceled', trial_end_date = null where id = $1", [
      user.teamId,
    ]);
    try {
      sandbox.clearRequestLog();
      const calls: ((typeof ALLOWED_CALLS)[number] & { key?: string })[] = [
        ...ALLOWED_CALLS,
        { method: 'GET', path: '/users/me', key: sandbox.demoKey },
      ];
      for (const { method, path, body, key } of calls) {
        const response = await call(path, { method, body, key });
        expect([method, path, response.status]).toEqual([method, path, 402]);
        expect(response.body).toEqual({
          object: 'error',
          status: 402,
          code: 'subscription_inactive',
          message: NO_ACTIVE_SUBSCRIPTION,
        });
      }
      expect(sandbox.requestLog()).toHaveLength(0);
    } finally {
      await sql(stack, "update public.teams set subscription_status = 'active' where id = $1", [user.teamId]);
    }
    expect((await call('/users/me')).status).toBe(200);
  });

  test('a trial still running opens it; a user without a team → 402', async () => {
    await sql(
      stack,
      "update public.teams set subscription_status = 'canceled', trial_end_date = now() + interval '1 day' where id = $1",
      [user.teamId],
    );
    try {
      expect((await call('/users/me')).status).toBe(200);
    } finally {
      await sql(stack, "update public.teams set subscription_status = 'active' where id = $1", [user.teamId]);
    }
    const teamless = await createTestUser(stack, `notion-proxy-teamless-${Date.now()}@example.com`);
    const refused = await call('/users/me', { token: teamless.accessToken, key: sandbox.demoKey });
    expect([refused.status, refused.body.message]).toEqual([402, NO_ACTIVE_SUBSCRIPTION]);
  });
});

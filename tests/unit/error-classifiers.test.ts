/**
 * The classifiers of src/data/errors with real-shaped inputs: the local stack's own error
 * answers (supabase/local/rest/errors.ts for PostgREST, supabase/local/auth/errors.ts for
 * GoTrue, the Notion sandbox's errors.ts) go through the unmodified supabase-js client over
 * a fake fetch, exactly as the app receives them; edge-function bodies are the ones
 * supabase/functions/* answer.
 */
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { functionError, invokeError } from '../../src/data/errors/edgeFunction.ts';
import { authError } from '../../src/data/errors/gotrue.ts';
import { notionError, retryAfterMs } from '../../src/data/errors/notion.ts';
import { postgrestError } from '../../src/data/errors/postgrest.ts';
import type { GatewayResponse } from '../../supabase/local/gateway/http.ts';
import * as gotrue from '../../supabase/local/auth/errors.ts';
import * as rest from '../../supabase/local/rest/errors.ts';
import * as notion from '../../supabase/local/sandboxes/notion/errors.ts';

afterEach(() => vi.unstubAllGlobals());

/** A supabase-js client whose every request is answered by `answer` (or fails like fetch). */
function clientAnswering(answer: (request: Request) => GatewayResponse | Promise<never>) {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const response = await answer(request);
    return new Response(response.body === undefined ? null : String(response.body), {
      status: response.status,
      headers: response.headers,
    });
  };
  return createClient('http://stack.test', 'anon-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 without --experimental-websocket: realtime is never used here, so any constructor will do.
    realtime: { transport: class {} as never },
  });
}

const gatewayRequest = (request: Request) => ({
  method: request.method,
  url: new URL(request.url),
  path: new URL(request.url).pathname,
  headers: Object.fromEntries(request.headers.entries()),
  body: Buffer.alloc(0),
});

describe('PostgREST errors (supabase-js { error, status })', () => {
  const pg = (code: string, message: string, authed = true) =>
    rest.restErrorFromPg(Object.assign(new Error(message), { code }), authed);
  test.each([
    ['unique violation', pg('23505', 'duplicate key value violates unique constraint "settings_name_key"'), 'conflict'],
    ['raised rule (P0001)', pg('P0001', 'A setting with this name already exists'), 'validation'],
    ['no_data_found (P0002)', pg('P0002', 'Team not found'), 'notFound'],
    ['bad uuid (22P02)', pg('22P02', 'invalid input syntax for type uuid: "not-a-uuid"'), 'validation'],
    ['RLS, signed in (42501 → 403)', pg('42501', 'new row violates row-level security policy'), 'forbidden'],
    ['RLS, anonymous (42501 → 401)', pg('42501', 'permission denied for table settings', false), 'unauthorized'],
    ['.single() without a row (PGRST116)', rest.singularity(0), 'notFound'],
    ['JWT rejected (PGRST301)', rest.jwtError('signature', 'a.b.c'), 'unauthorized'],
    ['JWT expired (PGRST303)', rest.jwtError('expired', 'a.b.c'), 'unauthorized'],
    ['unknown column (PGRST204)', rest.columnNotFound('settings', 'nope'), 'validation'],
    ['internal error (XX000)', pg('XX000', 'boom'), 'server'],
  ])('%s → %s', async (_name, restError, kind) => {
    const client = clientAnswering(() => rest.errorResponse(restError));
    const { error, status } = await client.from('settings').select('id').eq('id', 'x').single();
    const classified = postgrestError(error!, status);
    expect(classified.reason.kind).toBe(kind);
    expect(classified.message).toBe(restError.message);
    expect(classified.debug).toMatchObject({ source: 'postgrest', code: restError.code, status: restError.status });
    expect(classified.debug.body).toMatchObject({ code: restError.code, details: restError.details });
  });

  test('a fetch that fails is network, or offline when the browser says so', async () => {
    const client = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const { error, status } = await client.from('settings').insert({ name: 'x' }); // a POST is not retried
    expect(status).toBe(0);
    expect(postgrestError(error!, status).reason).toEqual({ kind: 'network' });
    vi.stubGlobal('navigator', { onLine: false });
    expect(postgrestError(error!, status).reason).toEqual({ kind: 'offline' });
  });
});

describe('GoTrue errors (auth-js AuthError)', () => {
  test.each([
    [gotrue.badRequest('invalid_credentials', 'Invalid login credentials'), 'unauthorized'],
    [gotrue.emailExists(), 'conflict'],
    [gotrue.unprocessable('weak_password', 'Password should be at least 6 characters.'), 'validation'],
    [gotrue.forbidden('email_not_confirmed', 'Email not confirmed'), 'forbidden'],
    [gotrue.userNotFound(), 'notFound'],
    [new gotrue.AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached'), 'rateLimited'],
  ])('%s → %s', async (apiError, kind) => {
    const client = clientAnswering((request) => gotrue.errorResponse(gatewayRequest(request), apiError));
    const { error } = await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'secret1' });
    const classified = authError(error!);
    expect(classified.reason.kind).toBe(kind);
    expect(classified.message).toBe(apiError.message);
    expect(classified.debug).toMatchObject({ source: 'auth', code: apiError.code, status: apiError.status });
  });

  test('a 5xx answer (auth-js drops its code) is server', async () => {
    const failure = new gotrue.AuthApiError(503, 'unexpected_failure', 'Unexpected failure');
    const client = clientAnswering((request) => gotrue.errorResponse(gatewayRequest(request), failure));
    const { error } = await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'secret1' });
    expect(authError(error!)).toMatchObject({ reason: { kind: 'server' }, debug: { status: 503 } });
  });

  test('a failed fetch is a connection failure', async () => {
    const client = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const { error } = await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'secret1' });
    expect(authError(error!).reason).toEqual({ kind: 'network' });
  });
});

describe('Notion error bodies (through notion-proxy)', () => {
  test.each([
    [notion.unauthorized(), 'unauthorized'],
    [notion.notFound('database', 'db-1'), 'notFound'],
    [notion.validation('body failed validation: body.filter should be defined.'), 'validation'],
    [notion.invalidJson(), 'validation'],
    [notion.missingVersion(undefined), 'validation'],
    [notion.conflict(), 'conflict'],
    [notion.internalError(), 'server'],
    [notion.serviceUnavailable(), 'server'],
  ])('%s → %s', (error, kind) => {
    const classified = notionError(error.status, error.body());
    expect(classified.reason.kind).toBe(kind);
    expect(classified.message).toBe(error.message);
    expect(classified.debug).toMatchObject({ source: 'notion', code: error.code, status: error.status });
  });

  test('rate_limited keeps Retry-After in milliseconds', () => {
    const error = notion.rateLimited(3);
    const classified = notionError(error.status, error.body(), error.headers['retry-after']);
    expect(classified.reason).toEqual({ kind: 'rateLimited', retryAfterMs: 3000 });
  });

  test('restricted_resource is forbidden', () => {
    const body = {
      object: 'error',
      status: 403,
      code: 'restricted_resource',
      message: "Given the bearer token used, the client doesn't have permission to perform this operation.",
    };
    expect(notionError(403, body).reason).toEqual({ kind: 'forbidden' });
  });

  test("without a message: 'Notion API returned status N' (spec 1 §8)", () => {
    expect(notionError(502, undefined).message).toBe('Notion API returned status 502');
    expect(notionError(502, undefined).reason).toEqual({ kind: 'server' });
  });

  test('Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('1.5')).toBe(1500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('edge-function bodies', () => {
  test.each([
    [
      403,
      { error: 'Monthly LinkedIn Imports Exceeded', reason: 'import_quota_exceeded', quota: 3, used: 3 },
      { kind: 'quotaExceeded', quota: 'linkedinImports' },
    ],
    [
      429,
      { error: 'Error: Monthly quota exceeded. Please contact your administrator.', reason: 'provider_quota_exceeded' },
      { kind: 'quotaExceeded', quota: 'provider' },
    ],
    [
      429,
      { error: 'Error: Rate limit exceeded. Please try again later.', reason: 'rate_limited' },
      { kind: 'rateLimited', retryAfterMs: 1000 },
    ],
    [
      401,
      { error: 'Authentication required to access LinkedIn API', reason: 'unauthenticated' },
      { kind: 'unauthorized' },
    ],
    [403, { error: "You don't have an active subscription.", reason: 'subscription_inactive' }, { kind: 'forbidden' }],
    [
      400,
      { error: "This doesn't appear to be a LinkedIn profile URL.", reason: 'invalid_url' },
      { kind: 'validation', field: 'url' },
    ],
    [404, { error: 'Failed to retrieve profile data', reason: 'profile_not_found' }, { kind: 'notFound' }],
    [502, { error: 'Failed to fetch profile data from LinkedIn', reason: 'provider_error' }, { kind: 'server' }],
    [500, { error: 'Error processing LinkedIn profile', reason: 'internal_error' }, { kind: 'server' }],
    [400, { success: false, message: 'Current password is incorrect' }, { kind: 'validation' }],
    [401, { success: false, message: 'Your session has expired. Please log in again.' }, { kind: 'unauthorized' }],
  ])('%i %j', (status, body, reason) => {
    const classified = functionError(status, '', body, '1');
    expect(classified.reason).toEqual(reason);
    expect(classified.message).toBe('error' in body ? body.error : body.message);
  });

  test('spec 2 §8 text rules apply without a reason field', () => {
    expect(functionError(500, '', { error: 'upstream says: rate limit hit' }).reason.kind).toBe('rateLimited');
    expect(functionError(429, 'Too Many Requests', null).reason.kind).toBe('rateLimited');
    expect(functionError(500, '', { error: 'Monthly quota exceeded' }).reason).toEqual({
      kind: 'quotaExceeded',
      quota: 'provider',
    });
  });

  test("a body without text: the caller's fallback, else 'API error: {status} {statusText}'", () => {
    expect(functionError(502, 'Bad Gateway', 'not json').message).toBe('API error: 502 Bad Gateway');
    expect(functionError(502, 'Bad Gateway', {}, null, 'Failed to update password').message).toBe(
      'Failed to update password',
    );
  });

  test('supabase-js FunctionsHttpError is read once, with its Retry-After', async () => {
    const client = clientAnswering(() => ({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '2' },
      body: JSON.stringify({ error: 'Error: Rate limit exceeded. Please try again later.', reason: 'rate_limited' }),
    }));
    const { error } = await client.functions.invoke('get-profile-data-by-url?url=x', { method: 'GET' });
    const classified = await invokeError(error);
    expect(classified.reason).toEqual({ kind: 'rateLimited', retryAfterMs: 2000 });
    expect(classified.debug).toMatchObject({ source: 'function', code: 'rate_limited', status: 429 });
  });

  test('a failed invoke fetch is a connection failure', async () => {
    const client = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const { error } = await client.functions.invoke('change-password', { body: {} });
    expect((await invokeError(error)).reason).toEqual({ kind: 'network' });
  });
});

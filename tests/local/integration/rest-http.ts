/**
 * Raw HTTP against `/rest/v1`, for what supabase-js cannot send or hides: malformed bodies,
 * exact headers (Content-Range, Prefer, profiles), statuses of HEAD requests. The REST suites
 * use supabase-js for every call shape it has, and this only where they need the wire.
 * The REST suites run on the conformance schema (fixtures/conformance.sql), not the product's.
 */
import { expect } from 'vitest';
import type { RunningStack } from '../../../supabase/local/stack.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { createTestUser, type TestUser } from '../../integration/support/users.ts';

/** The schema every REST suite starts its stack with (`startTestStack({ fixtures: [CONFORMANCE_SQL] })`). */
export const CONFORMANCE_SQL = 'tests/local/integration/fixtures/conformance.sql';

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json(): unknown;
}

export interface RawRequest {
  method?: string;
  /** Bearer token; the anon key when omitted. */
  token?: string;
  headers?: Record<string, string>;
  body?: string;
}

export async function restRequest(stack: RunningStack, path: string, request: RawRequest = {}): Promise<RawResponse> {
  const response = await fetch(`${stack.apiUrl}/rest/v1${path}`, {
    method: request.method ?? 'GET',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${request.token ?? stack.anonKey}`,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** Rows of a table as the superuser sees them (bypassing RLS), to check what was written. */
export async function tableRows<T = Record<string, unknown>>(
  stack: RunningStack,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const { rows } = await stack.db.transaction((tx) => tx.query<T>(sql, params));
  return rows;
}

/**
 * Known todos for the read suites (explicit ids; the identity continues at 100):
 * alice owns 1–5, bob owns 6.
 */
export async function seedTodos(stack: RunningStack, aliceId: string, bobId: string): Promise<void> {
  await stack.db.exec(`
    insert into public.todos (id, user_id, title, done, priority, tags, meta, inserted_at) values
      (1, '${aliceId}', 'buy milk',   false, 2,    '{home,shop}', '{"due": {"day": "mon"}, "points": 3}', '2026-01-01T10:00:00Z'),
      (2, '${aliceId}', 'walk dog',   false, null, '{home}',      null,                                   '2026-01-02T10:00:00Z'),
      (3, '${aliceId}', 'write PoC',  true,  1,    '{work}',      '{"points": 5}',                        '2026-01-03T10:00:00Z'),
      (4, '${aliceId}', 'Call Mom',   false, 3,    '{}',          '{"due": {"day": "sun"}}',              '2026-01-04T10:00:00Z'),
      (5, '${aliceId}', 'file taxes', true,  null, '{work,home}', null,                                   '2026-01-05T10:00:00Z'),
      (6, '${bobId}',   'bob: secret plan', false, 1, '{}',       null,                                   '2026-01-06T10:00:00Z');
    select setval(pg_get_serial_sequence('public.todos', 'id'), 100);
  `);
}

/** The read suites' stack: the conformance schema, alice and bob, and seedTodos' rows. */
export async function startSeededRestStack(): Promise<{ stack: TestStack; alice: TestUser; bob: TestUser }> {
  const stack = await startTestStack({ fixtures: [CONFORMANCE_SQL] });
  const alice = await createTestUser(stack, 'alice@example.com');
  const bob = await createTestUser(stack, 'bob@example.com');
  await seedTodos(stack, alice.id, bob.id);
  return { stack, alice, bob };
}

/** The ids of a result, to compare row sets compactly (the query must not fail). */
export async function resultIds(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<number[]> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data as { id: number }[]).map((r) => r.id);
}

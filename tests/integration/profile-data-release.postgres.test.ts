/**
 * release_linkedin_import under real concurrency, on PostgreSQL only (PGlite is one connection
 * and serialises everything; vitest.config.ts collects `*.postgres.test.ts` only when
 * SIDENOTE_TEST_DATABASE_URL is set). Parallel calls through supabase-js and the gateway (a pool
 * of concurrent transactions): more releases than imports give back exactly the imports and
 * stop at zero; releases racing with check-and-increments lose no count either way.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { setUpUser, sql, type Persona } from './support/personas.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  expect(stack.db.kind).toBe('postgres');
});
afterAll(() => stack?.stop());

async function userWithImports(email: string, quota: number, used: number): Promise<Persona> {
  const user = await setUpUser(stack, email);
  await sql(stack, 'update public.teams set api_quota = $2 where id = $1', [user.teamId, quota]);
  for (let i = 0; i < used; i++) {
    const { data } = await user.client.rpc('check_and_increment_linkedin_quota', { user_auth_id: user.id });
    expect(data.allowed).toBe(true);
  }
  return user;
}

const importsInRow = async (user: Persona) =>
  (
    await sql<{ used: number }>(stack, 'select linkedin_imports as used from public.monthly_usage where team_id = $1', [
      user.teamId,
    ])
  )[0].used;

it('200 parallel releases of 50 imports give back exactly 50 and stop at zero', async () => {
  const user = await userWithImports('release-racer@example.com', 100, 50);
  const service = stack.serviceClient();
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => service.rpc('release_linkedin_import', { user_auth_id: user.id })),
  );
  expect(answers.filter((a) => a.error)).toEqual([]);
  const released = answers.filter((a) => a.data.released);
  expect(released).toHaveLength(50);
  expect(new Set(released.map((a) => a.data.used)).size).toBe(50);
  expect(answers.filter((a) => !a.data.released).every((a) => a.data.used === 0)).toBe(true);
  expect(await importsInRow(user)).toBe(0);
});

it('100 releases racing with 100 check-and-increments lose no count', async () => {
  const user = await userWithImports('release-mixed@example.com', 1000, 20);
  const service = stack.serviceClient();
  const calls = Array.from({ length: 200 }, (_, i) =>
    i % 2 === 0
      ? user.client.rpc('check_and_increment_linkedin_quota', { user_auth_id: user.id })
      : service.rpc('release_linkedin_import', { user_auth_id: user.id }),
  );
  const answers = await Promise.all(calls);
  expect(answers.filter((a) => a.error)).toEqual([]);
  const taken = answers.filter((a, i) => i % 2 === 0 && a.data.allowed).length;
  const givenBack = answers.filter((a, i) => i % 2 === 1 && a.data.released).length;
  expect(taken).toBe(100);
  expect(await importsInRow(user)).toBe(20 + taken - givenBack);
});

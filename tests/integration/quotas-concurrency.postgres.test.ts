/**
 * The quota counters under real concurrency, on PostgreSQL only (PGlite is one connection and
 * serialises everything, so it could not show a race). vitest.config.ts includes
 * `*.postgres.test.ts` files only when SIDENOTE_TEST_DATABASE_URL is set: on a PGlite run this
 * file is not collected at all, so it is never counted as a pass there.
 *
 * 200 parallel calls through supabase-js and the gateway (a pool of concurrent transactions)
 * against a quota of 50 must allow exactly 50, for Notion page views and LinkedIn imports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { setUpUser, sql, type Persona } from './support/personas.ts';

let stack: TestStack;
let user: Persona;

beforeAll(async () => {
  stack = await startTestStack();
  expect(stack.db.kind).toBe('postgres');
  user = await setUpUser(stack, 'racer@example.com');
  await sql(stack, 'update public.teams set notion_pages_quota = 50, api_quota = 50 where id = $1', [user.teamId]);
});
afterAll(() => stack?.stop());

describe('200 parallel check-and-increment calls against a quota of 50', () => {
  for (const [rpc, column] of [
    ['check_and_increment_notion_quota', 'notion_page_views'],
    ['check_and_increment_linkedin_quota', 'linkedin_imports'],
  ] as const) {
    it(`${rpc} allows exactly 50`, async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => user.client.rpc(rpc, { user_auth_id: user.id })),
      );
      expect(answers.filter((a) => a.error)).toEqual([]);
      const allowed = answers.filter((a) => a.data.allowed);
      expect(allowed).toHaveLength(50);
      expect(new Set(allowed.map((a) => a.data.used)).size).toBe(50);
      expect(answers.filter((a) => !a.data.allowed).every((a) => a.data.used === 50)).toBe(true);
      const [row] = await sql<{ used: number }>(
        stack,
        `select ${column} as used from public.monthly_usage where team_id = $1`,
        [user.teamId],
      );
      expect(row.used).toBe(50);
    });
  }
});

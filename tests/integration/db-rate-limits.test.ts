/**
 * take_rate_limit_slot (migration create_rate_limits): a fixed window per (user, bucket),
 * counted in one statement, answered in seconds to wait — the count slack-notify relies on.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { createTestUser, type TestUser } from './support/users.ts';

let stack: TestStack;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  stack = await startTestStack();
  user = await createTestUser(stack, 'limited@example.com');
  other = await createTestUser(stack, 'unlimited@example.com');
});
afterAll(() => stack?.stop());

async function take(userId: string, bucket: string, limit: number, windowSeconds: number): Promise<number> {
  const { data, error } = await stack.serviceClient().rpc('take_rate_limit_slot', {
    p_auth_user_id: userId,
    p_bucket: bucket,
    p_limit: limit,
    p_window_seconds: windowSeconds,
  });
  if (error) throw new Error(error.message);
  return data as number;
}

test('hits within the limit answer 0; the next one the seconds left in its window', async () => {
  expect(await take(user.id, 'a', 2, 60)).toBe(0);
  expect(await take(user.id, 'a', 2, 60)).toBe(0);
  const wait = await take(user.id, 'a', 2, 60);
  expect(wait).toBeGreaterThanOrEqual(59);
  expect(wait).toBeLessThanOrEqual(60);
});

test('the count is per user and per bucket', async () => {
  expect(await take(user.id, 'b', 1, 60)).toBe(0);
  expect(await take(user.id, 'b', 1, 60)).toBeGreaterThan(0);
  expect(await take(other.id, 'b', 1, 60)).toBe(0);
  expect(await take(user.id, 'c', 1, 60)).toBe(0);
});

test('a new window starts once the old one has passed', async () => {
  expect(await take(user.id, 'd', 1, 1)).toBe(0);
  expect(await take(user.id, 'd', 1, 1)).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect(await take(user.id, 'd', 1, 1)).toBe(0);
});

test('nonsense arguments are refused', async () => {
  const { error } = await stack.serviceClient().rpc('take_rate_limit_slot', {
    p_auth_user_id: user.id,
    p_bucket: 'e',
    p_limit: 0,
    p_window_seconds: 60,
  });
  expect(error?.code).toBe('22023');
});

/**
 * claim_profile_add under real concurrency, on PostgreSQL only (PGlite is one connection and
 * serialises everything, so it could not show a race; vitest.config.ts collects
 * `*.postgres.test.ts` only when SIDENOTE_TEST_DATABASE_URL is set).
 *
 * 100 parallel claims on one (database, profile) from two users sharing the database, through
 * supabase-js and the gateway, grant exactly one; after its release, 100 more grant exactly one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { joinTeam, settingOn, setUpUser, type Persona } from './support/personas.ts';

let stack: TestStack;
let first: Persona;
let second: Persona;
const DB = '99999999-8888-7777-6666-555555555555';
const JOHN = 'https://www.linkedin.com/in/john';

beforeAll(async () => {
  stack = await startTestStack();
  expect(stack.db.kind).toBe('postgres');
  first = await setUpUser(stack, 'claim-racer-1@example.com');
  second = await setUpUser(stack, 'claim-racer-2@example.com');
  await joinTeam(stack, second, first.teamId);
  await settingOn(first, DB, 'r');
  await settingOn(second, DB, 's');
});
afterAll(() => stack?.stop());

const race = () =>
  Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      (i % 2 ? first : second).client.rpc('claim_profile_add', { database_id: DB, canonical_url: JOHN }),
    ),
  );

describe('100 parallel claims on one profile', () => {
  it('grant exactly one, and exactly one again after its release', async () => {
    const answers = await race();
    expect(answers.filter((a) => a.error)).toEqual([]);
    const granted = answers.filter((a) => a.data!.granted);
    expect(granted).toHaveLength(1);
    const winner = answers.indexOf(granted[0]) % 2 ? first : second;
    const released = await winner.client.rpc('release_profile_add', {
      database_id: DB,
      canonical_url: JOHN,
      token: granted[0].data!.token!,
    });
    expect(released.data).toBe(true);
    const again = await race();
    expect(again.filter((a) => a.error)).toEqual([]);
    expect(again.filter((a) => a.data!.granted)).toHaveLength(1);
  });
});

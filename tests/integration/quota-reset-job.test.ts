/**
 * The daily quota reset job (migration 20261124200100_schedule_jobs.sql; issue 19) as the local
 * stack runs it and as pg_cron runs it on hosted Supabase: teams whose quota month has ended
 * (next_quota_reset moved into the past, as time passing would) start a new month — once per
 * month however many runs — and every run writes one quota_reset_logs row. Also: where pg_cron
 * does not run this database's jobs (PGlite; on PostgreSQL, any database but cron.database_name's)
 * the migrations apply and schedule nothing, and the schedules live in private.job_schedules.
 * Runs on PGlite and on PostgreSQL; pg_cron itself: scheduled-jobs-pg-cron.postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runJob } from '../../supabase/local/jobs/run.ts';
import { setUpUser, sql, type Persona } from './support/personas.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

let stack: TestStack;
let ended: Persona; // its month ended an hour ago, with 3 imports in it
let late: Persona; // its month ended 40 days ago: the job was down for more than a month
let current: Persona; // its month runs on

interface LogRow {
  status: string;
  teams_affected: number;
  run_type: string;
  error: string | null;
}

const snapshot = () =>
  sql(
    stack,
    `select t.id, t.next_quota_reset::text as next_quota_reset, t.updated_at::text as updated_at,
            (select coalesce(json_agg(u order by u.period_start), '[]') from public.monthly_usage u where u.team_id = t.id)::text as usage
       from public.teams t order by t.id`,
  );
const logs = () =>
  sql<LogRow>(stack, 'select status, teams_affected, run_type, error from public.quota_reset_logs order by id');
const pastDue = async () =>
  (await sql<{ id: string }>(stack, 'select id from public.teams where next_quota_reset <= now() order by id')).map(
    (r) => r.id,
  );
const nextReset = async (who: Persona) =>
  (
    await sql<{ at: string }>(stack, 'select next_quota_reset::text as at from public.teams where id = $1', [
      who.teamId,
    ])
  )[0].at;
const plusMonths = async (at: string, months: number) =>
  (
    await sql<{ at: string }>(stack, 'select ($1::timestamptz + make_interval(months => $2))::text as at', [at, months])
  )[0].at;
const linkedinUsed = async (who: Persona) =>
  ((await who.client.rpc('get_linkedin_quota_for_user', { auth_user_id: who.id })).data as { api_calls_used: number })
    .api_calls_used;

/** Ends `who`'s quota month at now() - `ago`, the month's counters moving with it. */
async function endMonth(who: Persona, ago: string) {
  await sql(
    stack,
    `with old as (select next_quota_reset from public.teams where id = $1)
     update public.monthly_usage u set period_start = now() - $2::interval - interval '1 month'
       from old where u.team_id = $1 and u.period_start = old.next_quota_reset - interval '1 month'`,
    [who.teamId, ago],
  );
  await sql(stack, 'update public.teams set next_quota_reset = now() - $2::interval where id = $1', [who.teamId, ago]);
}

const runAsScheduler = () =>
  runJob('reset-monthly-quotas', { apiUrl: stack.apiUrl, serviceRoleKey: stack.serviceRoleKey }, 'scheduled');

beforeAll(async () => {
  stack = await startTestStack();
  [ended, late, current] = await Promise.all(
    ['reset-ended', 'reset-late', 'reset-current'].map((name) => setUpUser(stack, `${name}@example.com`)),
  );
  for (let i = 0; i < 3; i++) {
    const { error } = await ended.client.rpc('check_and_increment_linkedin_quota', { user_auth_id: ended.id });
    expect(error).toBeNull();
  }
  expect(await linkedinUsed(ended)).toBe(3);
  await endMonth(ended, '1 hour');
  await endMonth(late, '40 days');
}, 60_000);
afterAll(() => stack?.stop());

describe('the schedules', () => {
  test('private.job_schedules holds both jobs; without pg_cron the migration scheduled nothing', async () => {
    expect(await sql(stack, 'select job, schedule from private.job_schedules order by job')).toEqual([
      { job: 'reset-monthly-quotas', schedule: '5 0 * * *' },
      { job: 'sync-stripe-cron', schedule: '0 3 * * 1' },
    ]);
    expect(await sql(stack, "select to_regnamespace('cron') is null as absent")).toEqual([{ absent: true }]);
  });
});

describe('reset_monthly_quotas as the scheduled job', () => {
  test('the teams whose month ended start a new one; the others do not move; one log row', async () => {
    expect(await pastDue()).toEqual([ended.teamId, late.teamId].sort());
    const endedAt = await nextReset(ended);
    const lateAt = await nextReset(late);
    const currentAt = await nextReset(current);
    const before = (await logs()).length;

    expect(await runAsScheduler()).toMatchObject({
      status: 'success',
      teams_affected: 2,
      run_type: 'scheduled',
      error: null,
    });

    expect(await nextReset(ended)).toBe(await plusMonths(endedAt, 1));
    expect(await nextReset(late)).toBe(await plusMonths(lateAt, 2)); // one month was missed whole
    expect(await nextReset(current)).toBe(currentAt);
    expect(await pastDue()).toEqual([]);
    expect(await linkedinUsed(ended)).toBe(0);
    expect((await logs()).slice(before)).toEqual([
      { status: 'success', teams_affected: 2, run_type: 'scheduled', error: null },
    ]);
  });

  test('a second run in the same month changes nothing and logs a run with 0 teams', async () => {
    const teams = await snapshot();
    const before = (await logs()).length;
    expect(await runAsScheduler()).toMatchObject({ status: 'success', teams_affected: 0, run_type: 'scheduled' });
    expect(await snapshot()).toEqual(teams);
    expect((await logs()).slice(before)).toEqual([
      { status: 'success', teams_affected: 0, run_type: 'scheduled', error: null },
    ]);
  });

  test('pg_cron’s own command (SQL as the database owner, no JWT) is a third no-op run', async () => {
    const teams = await snapshot();
    const before = (await logs()).length;
    await stack.db.exec('select public.reset_monthly_quotas()');
    expect(await snapshot()).toEqual(teams);
    expect((await logs()).slice(before)).toEqual([
      { status: 'success', teams_affected: 0, run_type: 'scheduled', error: null },
    ]);
  });

  test('the next month’s end is reset once more, and only that team', async () => {
    await endMonth(current, '1 minute');
    const currentAt = await nextReset(current);
    const others = (await snapshot()).filter((t) => t.id !== current.teamId);
    expect(await runAsScheduler()).toMatchObject({ status: 'success', teams_affected: 1 });
    expect(await nextReset(current)).toBe(await plusMonths(currentAt, 1));
    expect((await snapshot()).filter((t) => t.id !== current.teamId)).toEqual(others);
    expect(await runAsScheduler()).toMatchObject({ status: 'success', teams_affected: 0 });
  });
});

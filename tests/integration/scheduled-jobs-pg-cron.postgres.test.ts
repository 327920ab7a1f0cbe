/**
 * The production scheduling path on PostgreSQL 15 with Debian's pg_cron (issue 32, operations):
 * the migrations, run for real on the database pg_cron runs jobs in (the server's
 * `cron.database_name`, set up by scripts/install-system-deps.sh), leave the two schedules of
 * private.job_schedules in `cron.job`; the quota reset's command, run as pg_cron runs it (SQL as
 * the database owner, no JWT), resets the teams whose month ended and logs the run as the local
 * scheduler's run does; the Stripe sync's command posts what the local scheduler posts.
 *
 * pg_net is NOT packaged for Debian: its `net.http_post` here is a test-only stand-in (a schema
 * `net` whose function records its arguments), and Supabase Vault's `vault.decrypted_secrets` a
 * test-only table; both are made in the database before the migrations run. What this proves of
 * the sync is the job's SQL and what it hands pg_net, not pg_net's HTTP.
 *
 * PostgreSQL only (`*.postgres.test.ts`). pg_cron missing is a failure, never a skip: the message
 * says to run the install script. The cron database is emptied, never dropped (dropping it stops
 * pg_cron's scheduler until the server restarts), then migrated from scratch; the suite holds an
 * advisory lock meanwhile, so two runs on one server take turns, and unschedules the jobs at the
 * end, so nothing fires on the machine afterwards.
 */
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openPostgres } from '../../supabase/local/db/database.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { runJob } from '../../supabase/local/jobs/run.ts';
import { databaseUrl, serverUrl } from './support/database.ts';

const SUITE_LOCK = "hashtext('sidenote pg_cron suite')";
const PROJECT_URL = 'https://project-ref.supabase.co';
const SERVICE_ROLE_KEY = 'stand-in-service-role-key';
const USER_ID = '33333333-3333-4333-8333-333333333333';

let admin: pg.Client;
let cron: pg.Client;
let cronDatabase: string;

interface CronJob {
  jobname: string;
  schedule: string;
  command: string;
  database: string;
  active: boolean;
}

const query = async <T>(client: pg.Client, text: string, params: unknown[] = []) =>
  (await client.query(text, params)).rows as T[];
const jobs = () =>
  query<CronJob>(cron, 'select jobname, schedule, command, database, active from cron.job order by jobname');
const commandOf = async (name: string) => (await jobs()).find((job) => job.jobname === name)!.command;

/** The server's pg_cron setup, or why this suite cannot run. */
async function cronDatabaseOf(client: pg.Client): Promise<string> {
  const [settings] = await query<{ preloaded: string | null; database: string | null; available: boolean }>(
    client,
    `select (select setting from pg_settings where name = 'shared_preload_libraries') as preloaded,
            (select setting from pg_settings where name = 'cron.database_name') as database,
            exists (select 1 from pg_available_extensions where name = 'pg_cron') as available`,
  );
  const loaded = (settings.preloaded ?? '').split(',').map((name) => name.trim());
  if (!settings.available || !loaded.includes('pg_cron') || !settings.database) {
    throw new Error(
      `pg_cron is not loaded by the PostgreSQL under test (pg_cron installed: ${settings.available}, ` +
        `shared_preload_libraries = '${settings.preloaded ?? ''}'): the scheduled jobs' proof did NOT run. ` +
        'Run `bash scripts/install-system-deps.sh` (installs postgresql-15-cron and restarts the cluster with it).',
    );
  }
  return settings.database;
}

/** Back to an empty database: pg_cron's extension (its schedules) and every schema go. */
const EMPTY_DATABASE = `
  do $$
  declare v_schema text;
  begin
    drop extension if exists pg_cron cascade;
    for v_schema in select nspname from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema' loop
      execute format('drop schema %I cascade', v_schema);
    end loop;
    create schema public authorization pg_database_owner;
    grant usage on schema public to public;
  end;
  $$;
`;

/** The test-only stand-ins for pg_net's net.http_post (records its arguments) and Supabase Vault. */
const STAND_INS = `
  create schema net;
  create table net.http_post_calls (
    id bigint generated always as identity primary key,
    url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer);
  create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds integer default 5000)
    returns bigint language sql as $$
      insert into net.http_post_calls (url, body, params, headers, timeout_milliseconds)
      values (url, body, params, headers, timeout_milliseconds) returning id
    $$;
  create schema vault;
  create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
`;

/** Why the suite could not be set up: every test fails with it (a missing pg_cron is never a skip). */
let unavailable: unknown;
const ready = () => {
  if (unavailable) throw unavailable;
};

beforeAll(async () => {
  try {
    await setUp();
  } catch (error) {
    unavailable = error;
  }
}, 120_000);

async function setUp() {
  const server = serverUrl();
  if (!server) throw new Error('SIDENOTE_TEST_DATABASE_URL is unset: this suite runs on PostgreSQL only.');
  admin = new pg.Client({ connectionString: server });
  await admin.connect();
  cronDatabase = await cronDatabaseOf(admin);
  await admin.query(`select pg_advisory_lock(${SUITE_LOCK})`);
  const exists = await query(admin, 'select 1 from pg_database where datname = $1', [cronDatabase]);
  if (exists.length === 0) await admin.query(`create database ${pg.escapeIdentifier(cronDatabase)}`);
  cron = new pg.Client({ connectionString: databaseUrl(server, cronDatabase) });
  await cron.connect();
  await cron.query(EMPTY_DATABASE);
  await cron.query(STAND_INS);
  const db = await openPostgres(databaseUrl(server, cronDatabase));
  try {
    await migrate(db, resolve('supabase'));
  } finally {
    await db.close();
  }
}

afterAll(async () => {
  // Nothing stays scheduled on the machine: the database stays (pg_cron's scheduler connects to it).
  await cron?.query('select cron.unschedule(jobid) from cron.job').catch(() => undefined);
  await cron?.end();
  await admin?.end(); // releases the advisory lock
});

describe('the scheduling migration on PostgreSQL 15 with pg_cron', () => {
  test('cron.job holds the two schedules of private.job_schedules, in this database, active', async () => {
    ready();
    const schedules = await query<{ job: string; schedule: string }>(
      cron,
      'select job, schedule from private.job_schedules order by job',
    );
    expect(schedules.map(({ job }) => job)).toEqual(['reset-monthly-quotas', 'sync-stripe-cron']);
    expect(
      (await jobs()).map(({ jobname, schedule, database, active }) => ({ jobname, schedule, database, active })),
    ).toEqual(schedules.map(({ job, schedule }) => ({ jobname: job, schedule, database: cronDatabase, active: true })));
  });

  test("pg_cron's scheduler runs on this database", async () => {
    ready();
    await expect
      .poll(async () =>
        query<{ datname: string }>(
          admin,
          "select datname from pg_stat_activity where backend_type = 'pg_cron launcher'",
        ),
      )
      .toEqual([{ datname: cronDatabase }]);
  });

  test("the quota reset's command resets the teams whose month ended and logs a scheduled run", async () => {
    ready();
    await cron.query('insert into auth.users (id, email) values ($1, $2)', [USER_ID, 'cron-reset@example.com']);
    await cron.query('begin');
    await cron.query(`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`);
    const [{ team }] = await query<{ team: string }>(cron, 'select (public.setup_new_user($1)).team_id as team', [
      USER_ID,
    ]);
    await cron.query('commit');
    await cron.query("update public.teams set next_quota_reset = now() - interval '1 hour' where id = $1", [team]);
    const [{ due }] = await query<{ due: number }>(
      cron,
      'select count(*)::int as due from public.teams where next_quota_reset <= now()',
    );
    const [{ before }] = await query<{ before: number }>(
      cron,
      'select coalesce(max(id), 0)::int as before from public.quota_reset_logs',
    );

    await cron.query(await commandOf('reset-monthly-quotas')); // as pg_cron runs it: no JWT

    expect(
      await query(cron, 'select next_quota_reset > now() as moved from public.teams where id = $1', [team]),
    ).toEqual([{ moved: true }]);
    expect(await query(cron, 'select count(*)::int as due from public.teams where next_quota_reset <= now()')).toEqual([
      { due: 0 },
    ]);
    expect(
      await query(
        cron,
        'select status, teams_affected, run_type, error from public.quota_reset_logs where id > $1 order by id',
        [before],
      ),
    ).toEqual([{ status: 'success', teams_affected: due, run_type: 'scheduled', error: null }]);
  });

  test("the Stripe sync's command hands the stand-in for net.http_post what the local scheduler posts", async () => {
    ready();
    await cron.query(
      "insert into vault.decrypted_secrets (name, decrypted_secret) values ('project_url', $1), ('service_role_key', $2)",
      [PROJECT_URL, SERVICE_ROLE_KEY],
    );

    await cron.query(await commandOf('sync-stripe-cron'));

    const calls = await query<{ url: string; body: unknown; headers: Record<string, string>; timeout: number }>(
      cron,
      'select url, body, headers, timeout_milliseconds as timeout from net.http_post_calls order by id',
    );
    const local = vi.fn(async (..._: Parameters<typeof fetch>) => new Response('{}'));
    vi.stubGlobal('fetch', local);
    try {
      await runJob('sync-stripe-cron', { apiUrl: PROJECT_URL, serviceRoleKey: SERVICE_ROLE_KEY }, 'scheduled');
    } finally {
      vi.unstubAllGlobals();
    }
    const [url, init] = local.mock.calls[0];
    const localHeaders = init?.headers as Record<string, string>;
    expect(calls).toEqual([
      {
        url: String(url),
        body: JSON.parse(String(init?.body)),
        headers: { 'content-type': localHeaders['content-type'], authorization: localHeaders.authorization },
        timeout: 150_000,
      },
    ]);
    expect(calls[0]).toMatchObject({
      url: `${PROJECT_URL}/functions/v1/sync-stripe-cron`,
      body: { run_type: 'scheduled' },
      headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
  });
});

-- The two scheduled jobs of the operators' side (document 2 §3 "Quota reset log", "Stripe sync
-- log"; §7 sync-stripe-cron; issue 19): the daily quota reset and the weekly Stripe sync.
--
-- private.job_schedules is the one source of their cron expressions (UTC, as pg_cron reads
-- them): on hosted Supabase the block below hands them to pg_cron; the Docker-free local stack
-- (supabase/local/jobs) reads the same rows and runs the same jobs on the same schedule.

create table private.job_schedules (
  job text primary key check (job ~ '^[a-z][a-z-]*$'),
  schedule text not null check (schedule ~ '^\S+( \S+){4}$')
);
comment on table private.job_schedules is
  'The scheduled jobs and their cron expressions (five fields, UTC). reset-monthly-quotas: '
  'select public.reset_monthly_quotas() (one quota_reset_logs row per run); sync-stripe-cron: '
  'POST /functions/v1/sync-stripe-cron {run_type: scheduled} with the service role key (one '
  'stripe_sync_logs row per run). Read by this migration''s pg_cron block (hosted) and by the '
  'local stack''s scheduler; nobody writes it through the API.';
revoke all on private.job_schedules from public;

insert into private.job_schedules (job, schedule) values
  ('reset-monthly-quotas', '5 0 * * *'), -- daily
  ('sync-stripe-cron', '0 3 * * 1');     -- weekly, on Monday

-- pg_cron and pg_net exist only where the server preloads them (hosted Supabase does). On
-- PGlite and on a plain PostgreSQL 15 they are absent from pg_available_extensions, or
-- installed as packages but missing from shared_preload_libraries (where CREATE EXTENSION would
-- fail or never run a job): then this block only says so in a notice and the migration still
-- applies; the local stack runs the jobs itself. shared_preload_libraries is read through
-- pg_settings, which hides it (null) from a role that may not read it, as hosted Supabase's
-- postgres role: there, availability decides.
--
-- The Stripe sync calls the edge function over HTTP with pg_net, as Supabase's "Scheduling Edge
-- Functions" guide does. Its URL and key come from Supabase Vault, set once per project
-- (never in a migration, never logged):
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
do $$
declare
  v_preloaded text[] := string_to_array(replace(
    (select setting from pg_catalog.pg_settings where name = 'shared_preload_libraries'), ' ', ''), ',');
  v_missing text[] := array(
    select e.name from unnest(array['pg_cron', 'pg_net']) as e(name)
     where not exists (select 1 from pg_catalog.pg_available_extensions a where a.name = e.name)
        or not (exists (select 1 from pg_catalog.pg_extension x where x.extname = e.name)
                or v_preloaded is null or e.name = any (v_preloaded)));
begin
  if cardinality(v_missing) > 0 then
    raise notice 'Not scheduling the jobs: % not available here (the local stack runs them itself).',
      array_to_string(v_missing, ', ');
    return;
  end if;
  create extension if not exists pg_cron with schema pg_catalog;
  create extension if not exists pg_net with schema extensions;
  -- cron.schedule replaces a job of the same name, so re-running this block changes nothing.
  perform cron.schedule('reset-monthly-quotas',
    (select schedule from private.job_schedules where job = 'reset-monthly-quotas'),
    'select public.reset_monthly_quotas()');
  perform cron.schedule('sync-stripe-cron',
    (select schedule from private.job_schedules where job = 'sync-stripe-cron'),
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
             || '/functions/v1/sync-stripe-cron',
      headers := jsonb_build_object(
        'content-type', 'application/json',
        'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := jsonb_build_object('run_type', 'scheduled'),
      timeout_milliseconds := 150000)
    $job$);
end;
$$;

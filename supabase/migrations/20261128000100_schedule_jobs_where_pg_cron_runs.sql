-- The scheduled jobs handed to pg_cron wherever pg_cron runs this database's jobs (issue 32,
-- operations). 20261124200100_schedule_jobs.sql scheduled nothing unless pg_cron AND pg_net were
-- both there, so a server with pg_cron alone (Debian packages pg_cron, not pg_net) ran neither
-- job, and the block had never run anywhere. private.schedule_jobs() replaces it, re-runnable
-- by an operator (`select private.schedule_jobs()`, e.g. once pg_net is installed):
--
-- - no pg_cron (PGlite, a plain PostgreSQL), pg_cron not preloaded, or this database not the one
--   pg_cron runs jobs in (cron.database_name): a notice, nothing scheduled, the migration
--   applies; the local stack runs the jobs itself (supabase/local/jobs). cron.database_name and
--   shared_preload_libraries are read through pg_settings, which hides them (null) from a role
--   that may not read them, as hosted Supabase's postgres role: there, availability decides;
-- - pg_cron: the quota reset is scheduled (it needs nothing else);
-- - the Stripe sync calls the edge function with pg_net's net.http_post, as Supabase's
--   "Scheduling Edge Functions" guide does: scheduled only where net.http_post exists (pg_net,
--   created here when available), else a notice. Its URL and key come from Supabase Vault, set
--   once per project (never in a migration, never logged):
--     select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--     select vault.create_secret('<service role key>', 'service_role_key');
--
-- private.job_schedules stays the one source of the cron expressions; cron.schedule replaces a
-- job of the same name, so running this again (or after the old block) changes nothing.
-- Proven on PostgreSQL 15 with Debian's pg_cron by tests/integration/scheduled-jobs-pg-cron.postgres.test.ts.

create function private.schedule_jobs() returns setof text
language plpgsql set search_path = '' as $$
declare
  v_preloaded text[] := string_to_array(replace(
    (select setting from pg_catalog.pg_settings where name = 'shared_preload_libraries'), ' ', ''), ',');
  v_cron_database text := (select setting from pg_catalog.pg_settings where name = 'cron.database_name');
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'No jobs scheduled: pg_cron is not installed here (the local stack runs them itself).';
    return;
  end if;
  if not (exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron')
          or v_preloaded is null or 'pg_cron' = any (v_preloaded)) then
    raise notice 'No jobs scheduled: pg_cron is not in shared_preload_libraries (the local stack runs them itself).';
    return;
  end if;
  if v_cron_database is not null and v_cron_database <> pg_catalog.current_database() then
    raise notice 'No jobs scheduled: pg_cron runs the jobs of database %, not of %.',
      v_cron_database, pg_catalog.current_database();
    return;
  end if;

  create extension if not exists pg_cron with schema pg_catalog;
  perform cron.schedule('reset-monthly-quotas',
    (select schedule from private.job_schedules where job = 'reset-monthly-quotas'),
    'select public.reset_monthly_quotas()');
  return next 'reset-monthly-quotas';

  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if not exists (select 1 from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
                  where n.nspname = 'net' and p.proname = 'http_post') then
    raise notice 'sync-stripe-cron not scheduled: pg_net is not installed here (no net.http_post).';
    return;
  end if;
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
  return next 'sync-stripe-cron';
end;
$$;
comment on function private.schedule_jobs() is
  'Hands private.job_schedules to pg_cron where pg_cron runs this database''s jobs: the quota '
  'reset always, the Stripe sync where net.http_post exists (pg_net). Answers the jobs it '
  'scheduled; anywhere else a notice and nothing (the local stack runs the jobs). Safe to re-run.';
revoke all on function private.schedule_jobs() from public;

comment on table private.job_schedules is
  'The scheduled jobs and their cron expressions (five fields, UTC). reset-monthly-quotas: '
  'select public.reset_monthly_quotas() (one quota_reset_logs row per run); sync-stripe-cron: '
  'POST /functions/v1/sync-stripe-cron {run_type: scheduled} with the service role key (one '
  'stripe_sync_logs row per run). Read by private.schedule_jobs() (pg_cron) and by the local '
  'stack''s scheduler; nobody writes it through the API.';

select private.schedule_jobs();

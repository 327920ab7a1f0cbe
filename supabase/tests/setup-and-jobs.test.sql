-- SQL-level behaviour that no API client can reach: the auth.users trigger, the quota job run
-- by the database itself (pg_cron has no JWT), and what deleting an auth user cascades to.
-- Run by tests/integration/database-sql.test.ts in a transaction that is rolled back.

insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'sql-b@example.com');

do $$
declare
  r public.setup_result;
  log public.quota_reset_logs;
  team uuid;
begin
  assert (select profile_state from public.profiles where auth_id = '22222222-2222-4222-8222-222222222222')
    = 'empty_profile', 'the auth.users trigger creates an empty_profile profile';

  -- Without a JWT (a database job or psql), setup_new_user refuses: it is for the user or the service role.
  begin
    perform public.setup_new_user('22222222-2222-4222-8222-222222222222');
    assert false, 'setup_new_user without a caller must fail';
  exception when insufficient_privilege then null;
  end;

  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  r := public.setup_new_user('22222222-2222-4222-8222-222222222222');
  assert r.state = 'setup_complete' and r.success, 'the service role sets up any user';
  team := r.team_id;
  perform set_config('request.jwt.claims', '', true);

  -- The monthly reset as pg_cron runs it: no JWT at all.
  update public.teams set next_quota_reset = now() - interval '65 days' where id = team;
  log := public.reset_monthly_quotas();
  assert log.status = 'success' and log.teams_affected >= 1 and log.run_type = 'scheduled', 'the job runs and records itself';
  assert (select next_quota_reset > now() and next_quota_reset <= now() + interval '1 month'
            from public.teams where id = team), 'an ended quota month moves to the current one, not further';

  -- A signed-in non-admin cannot run it.
  perform set_config('request.jwt.claims',
    '{"role": "authenticated", "sub": "22222222-2222-4222-8222-222222222222"}', true);
  begin
    perform public.reset_monthly_quotas('manual');
    assert false, 'a non-admin must not reset quotas';
  exception when insufficient_privilege then null;
  end;
  perform set_config('request.jwt.claims', '', true);

  -- Deleting the auth user removes the profile, the personal team, its members and counters.
  insert into public.monthly_usage (team_id, period_start, notion_page_views) values (team, now(), 3);
  delete from auth.users where id = '22222222-2222-4222-8222-222222222222';
  assert not exists (select 1 from public.profiles where auth_id = '22222222-2222-4222-8222-222222222222'), 'profile gone';
  assert not exists (select 1 from public.teams where id = team), 'personal team gone';
  assert not exists (select 1 from public.team_members where team_id = team), 'memberships gone';
  assert not exists (select 1 from public.monthly_usage where team_id = team), 'counters gone';
end;
$$;

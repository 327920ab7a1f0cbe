-- Bad states the schema makes impossible, checked at the SQL level (as the superuser, so no
-- policy is involved): each statement must fail with the named SQLSTATE.
-- Run by tests/integration/database-sql.test.ts in a transaction that is rolled back.

create function pg_temp.expect_error(statement text, expected_state text) returns void
language plpgsql as $$
begin
  execute statement;
  raise exception 'expected % from: %', expected_state, statement;
exception when others then
  if sqlstate <> expected_state then
    raise exception 'expected % but got % (%) from: %', expected_state, sqlstate, sqlerrm, statement;
  end if;
end;
$$;

insert into auth.users (id, email) values ('11111111-1111-4111-8111-111111111111', 'sql-a@example.com');
select set_config('request.jwt.claims', '{"role": "service_role"}', true);
select public.setup_new_user('11111111-1111-4111-8111-111111111111');
select set_config('request.jwt.claims', '', true);

select pg_temp.expect_error($q$insert into public.teams (name, owner_id)
  select 'second personal team', p.id from public.profiles p where p.auth_id = '11111111-1111-4111-8111-111111111111'$q$, '23505');
select pg_temp.expect_error($q$insert into public.billing_config (id) values (false)$q$, '23514');
select pg_temp.expect_error($q$insert into public.billing_config default values$q$, '23505');
select pg_temp.expect_error($q$update public.teams set api_quota = -1$q$, '23514');
select pg_temp.expect_error($q$update public.teams set subscription_status = 'gold'$q$, '23514');
select pg_temp.expect_error($q$update public.teams set billing_cycle = 'weekly'$q$, '23514');
select pg_temp.expect_error($q$update public.teams set stripe_customer_id = 'not-a-customer'$q$, '23514');
select pg_temp.expect_error($q$update public.teams set subscription_start_date = now(), subscription_end_date = now() - interval '1 day'$q$, '23514');
select pg_temp.expect_error($q$update public.profiles set role = 'superuser'$q$, '23514');
select pg_temp.expect_error($q$update public.profiles set profile_state = 'done'$q$, '23514');
select pg_temp.expect_error($q$insert into public.profiles (auth_id) values ('11111111-1111-4111-8111-111111111111')$q$, '23505');
select pg_temp.expect_error($q$insert into public.profiles (auth_id) values (gen_random_uuid())$q$, '23503');
select pg_temp.expect_error($q$insert into public.monthly_usage (team_id, period_start, notion_page_views)
  select id, now(), -1 from public.teams limit 1$q$, '23514');
select pg_temp.expect_error($q$insert into public.quota_reset_logs (status) values ('error')$q$, '23514');
select pg_temp.expect_error($q$insert into public.quota_reset_logs (status, error) values ('success', 'x')$q$, '23514');
select pg_temp.expect_error($q$insert into public.stripe_sync_logs (successful_teams, total_teams) values (3, 2)$q$, '23514');
select pg_temp.expect_error($q$insert into public.stripe_sync_logs (details) values ('[]')$q$, '23514');
select pg_temp.expect_error($q$with w as (insert into public.workspaces (notion_key) values ('ntn_k…kkk') returning id)
  insert into private.workspace_keys select id, ' ntn_' || repeat('k', 46) from w$q$, '23514');
select pg_temp.expect_error($q$with w as (insert into public.workspaces (notion_key) values ('ntn_s…ort') returning id)
  insert into private.workspace_keys select id, 'ntn_short' from w$q$, '23514');
select pg_temp.expect_error($q$insert into public.workspaces (name) values ('no mask')$q$, '23502');
select pg_temp.expect_error($q$insert into public.errors (workspace_id, message) values (gen_random_uuid(), 'x')$q$, '23503');

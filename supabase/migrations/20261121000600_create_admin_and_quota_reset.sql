-- What the admin screens need (document 2 §2 "Admin screens", §3, §6, §7) and nothing more:
-- the Stripe sync log, the monthly quota reset (function + log), user search, complete user
-- deletion, and the environment badge.

create function private.require_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  -- No JWT role at all means SQL run by the database owner (pg_cron, psql), never an API request.
  if coalesce((select auth.role()), 'service_role') <> 'service_role' and not private.is_admin() then
    raise exception using errcode = '42501', message = 'Admins only';
  end if;
end;
$$;
comment on function private.require_admin() is
  'Guard of the admin RPCs: the caller''s profile role is admin, or the caller is the service role '
  'or a database job (no JWT: every API request carries one, at least the anon key''s).';
revoke all on function private.require_admin() from public;

-- ───────────────────────────── stripe_sync_logs ─────────────────────────────
create table public.stripe_sync_logs (
  id bigint generated always as identity primary key,
  run_date timestamptz not null default now(),
  successful_teams integer not null default 0 check (successful_teams >= 0),
  total_teams integer not null default 0 check (total_teams >= 0),
  execution_time_ms integer not null default 0 check (execution_time_ms >= 0),
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  check (successful_teams <= total_teams)
);
create index stripe_sync_logs_run_date_idx on public.stripe_sync_logs (run_date desc);
comment on table public.stripe_sync_logs is
  'One row per Stripe subscription sync run (sync-stripe-cron, service role). details: status '
  '(success/partial/error), success_rate, run_type (manual/scheduled), run_by (admin_user/cron), '
  'team_results[]. Admins read it; nobody writes it through the API.';

alter table public.stripe_sync_logs enable row level security;
revoke all on public.stripe_sync_logs from anon;
revoke insert, update, delete, truncate on public.stripe_sync_logs from authenticated;
create policy "stripe_sync_logs: admins read" on public.stripe_sync_logs for select to authenticated
  using ((select private.is_admin()));

-- ───────────────────────────── quota_reset_logs ─────────────────────────────
create table public.quota_reset_logs (
  id bigint generated always as identity primary key,
  reset_date timestamptz not null default now(),
  status text not null check (status in ('success', 'partial', 'error')),
  teams_affected integer not null default 0 check (teams_affected >= 0),
  duration_ms integer not null default 0 check (duration_ms >= 0),
  run_type text not null default 'scheduled' check (run_type in ('scheduled', 'manual')),
  error text check (length(error) <= 2000),
  check ((status = 'error') = (error is not null))
);
create index quota_reset_logs_reset_date_idx on public.quota_reset_logs (reset_date desc);
comment on table public.quota_reset_logs is
  'One row per run of reset_monthly_quotas(). Admins read it through get_quota_reset_logs (and '
  'select); only the function writes it.';

alter table public.quota_reset_logs enable row level security;
revoke all on public.quota_reset_logs from anon;
revoke insert, update, delete, truncate on public.quota_reset_logs from authenticated;
create policy "quota_reset_logs: admins read" on public.quota_reset_logs for select to authenticated
  using ((select private.is_admin()));

create function public.reset_monthly_quotas(p_run_type text default 'scheduled') returns public.quota_reset_logs
language plpgsql security definer set search_path = '' as $$
declare
  v_started timestamptz := clock_timestamp();
  v_teams integer := 0;
  v_log public.quota_reset_logs;
begin
  perform private.require_admin();
  if p_run_type is null or p_run_type not in ('scheduled', 'manual') then
    raise exception using errcode = '22023', message = format('Unknown run type: %s', p_run_type),
      hint = 'Use scheduled or manual';
  end if;
  begin
    select count(*) into v_teams
      from public.teams t, lateral private.roll_quota_period(t.id) as rolled
     where t.next_quota_reset <= now();
    insert into public.quota_reset_logs (status, teams_affected, duration_ms, run_type)
    values ('success', v_teams, (extract(epoch from clock_timestamp() - v_started) * 1000)::integer, p_run_type)
    returning * into v_log;
  exception when others then
    insert into public.quota_reset_logs (status, teams_affected, duration_ms, run_type, error)
    values ('error', 0, (extract(epoch from clock_timestamp() - v_started) * 1000)::integer, p_run_type, sqlerrm)
    returning * into v_log;
  end;
  return v_log;
end;
$$;
comment on function public.reset_monthly_quotas(text) is
  'Starts a new quota month for every team whose month has ended (moves next_quota_reset; the '
  'counters of the new month start at zero in monthly_usage) and records the run. A failure is '
  'recorded as status error with nothing changed. Run daily by the scheduler (pg_cron on hosted: '
  'cron.schedule(''reset-monthly-quotas'', ''5 0 * * *'', ''select public.reset_monthly_quotas()'') '
  'as postgres) or manually by an admin. Callers: service role or admins.';

create function public.get_quota_reset_logs() returns setof public.quota_reset_logs
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query select * from public.quota_reset_logs order by reset_date desc, id desc;
end;
$$;
comment on function public.get_quota_reset_logs() is 'The reset history, newest first (Daily Quota Reset Log screen). Admins only.';

-- ───────────────────────────── users ─────────────────────────────
create type public.user_search_row as (
  user_id uuid, email text, first_name text, last_name text, company text, avatar_url text,
  user_role text, profile_state text, team_name text, plan_name text, billing_cycle text,
  subscription_status text, api_calls_used integer, api_quota integer, notion_pages_used integer,
  notion_pages_quota integer);
comment on type public.user_search_row is
  'A row of the admin user search (document 2 §3). avatar_url is the object path in the avatars '
  'bucket (public/<id>.<ext>) or null: the app turns it into a public URL. user_role is admin or '
  'member (the spec''s default).';

create function public.search_users_by_email(search_term text) returns setof public.user_search_row
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  if search_term is null or btrim(search_term) = '' then
    raise exception using errcode = '22023', message = 'Please enter a search term';
  end if;
  return query
  select u.id, u.email::text, p.first_name, p.last_name, p.company,
         (select o.name from storage.objects o where o.bucket_id = 'avatars'
             and o.name like 'public/' || u.id::text || '.%' order by o.updated_at desc limit 1),
         case p.role when 'admin' then 'admin' else 'member' end, p.profile_state,
         t.name, t.plan_name, t.billing_cycle, t.subscription_status,
         usage.linkedin_used, usage.api_quota, usage.notion_used, usage.notion_pages_quota
    from auth.users u
    left join public.profiles p on p.auth_id = u.id
    left join lateral private.usage_now(u.id) as usage on true
    left join public.teams t on t.id = usage.team_id
   where u.email ilike '%' || replace(replace(replace(btrim(search_term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
   order by u.email;
end;
$$;
comment on function public.search_users_by_email(text) is
  'Admin user search: e-mail contains the term (case-insensitive, % and _ taken literally), with '
  'profile, active team and this month''s usage. Admins only; a blank term raises 22023.';

create type public.user_deletion as (success boolean, message text);
comment on type public.user_deletion is 'delete_user_complete''s answer {success, message}, one per user.';

create function public.delete_user_complete(target_email text) returns public.user_deletion
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid;
  v_profile uuid;
begin
  perform private.require_admin();
  if target_email is null or btrim(target_email) = '' then
    raise exception using errcode = '22023', message = 'target_email is required';
  end if;
  select id into v_user from auth.users where lower(email) = lower(btrim(target_email));
  if v_user is null then
    return row(false, 'User not found')::public.user_deletion;
  end if;
  if v_user = (select auth.uid()) then
    return row(false, 'You cannot delete your own account')::public.user_deletion;
  end if;
  select id into v_profile from public.profiles where auth_id = v_user;
  -- Workspaces where this user is the last one linked go too (with their settings and errors).
  delete from public.workspaces w
   where exists (select 1 from public.workspace_users l where l.workspace_id = w.id and l.user_id = v_profile)
     and not exists (select 1 from public.workspace_users l where l.workspace_id = w.id and l.user_id <> v_profile);
  -- The avatar's object rows (hosted Storage refuses direct deletes unless this flag is set).
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects where bucket_id = 'avatars' and name like 'public/' || v_user::text || '.%';
  -- Cascades: identities, sessions, profile → owned teams (members, usage), settings, links, api_usage.
  delete from auth.users where id = v_user;
  return row(true, 'User deleted successfully')::public.user_deletion;
end;
$$;
comment on function public.delete_user_complete(text) is
  'Deletes an auth user and everything of theirs: profile, owned teams (with their counters; '
  'other members simply lose the team), settings, workspace links, workspaces where they were '
  'the last user, api_usage, and the avatar''s storage.objects rows. The avatar bytes are the '
  'Storage service''s to remove (an orphaned file, unreachable once its row is gone). Admins only; '
  'unknown e-mail or one''s own account answer success = false.';

-- ───────────────────────────── environment ─────────────────────────────
create type public.database_info as (branch_name text, is_production boolean);
comment on type public.database_info is 'get_database_info''s answer {branch_name, is_production}.';

create function public.get_database_info() returns public.database_info
language plpgsql stable security definer set search_path = '' as $$
declare
  v_branch text := coalesce(nullif(current_setting('app.branch_name', true), ''), 'local');
begin
  perform private.require_admin();
  return row(v_branch, v_branch in ('main', 'production'))::public.database_info;
end;
$$;
comment on function public.get_database_info() is
  'The admin layout''s environment badge. The branch name is the database setting app.branch_name '
  '(set per project: alter database postgres set app.branch_name = ''main''), ''local'' when unset; '
  'main and production count as production. Admins only.';

revoke all on function public.reset_monthly_quotas(text), public.get_quota_reset_logs(),
  public.search_users_by_email(text), public.delete_user_complete(text), public.get_database_info() from public;
grant execute on function public.reset_monthly_quotas(text), public.get_quota_reset_logs(),
  public.search_users_by_email(text), public.delete_user_complete(text), public.get_database_info()
  to authenticated, service_role;

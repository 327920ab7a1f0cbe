-- API usage, the monthly usage counters behind both quotas, and the quota RPCs.
-- Spec: document 2 §3 (quota info, api usage row), §4 (active team), §6 (quotas), §7 (RPCs), §9.

-- ───────────────────────────── api_usage ─────────────────────────────
create table public.api_usage (
  id bigint generated always as identity primary key,
  auth_user_id uuid not null references auth.users (id) on delete cascade,
  team_id uuid references public.teams (id) on delete set null,
  endpoint text not null check (length(endpoint) between 1 and 200),
  method text not null default 'GET' check (method in ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
  successful boolean not null,
  status_code integer check (status_code between 100 and 599),
  created_at timestamptz not null default now()
);
create index api_usage_user_created_idx on public.api_usage (auth_user_id, created_at desc);
comment on table public.api_usage is
  'One row per call to the profile-data (LinkedIn) API, written by the edge function with the '
  'service role. A user reads their own rows (security test screen: latest 10); nobody writes '
  'them through the API, so the log cannot be forged.';

alter table public.api_usage enable row level security;
revoke all on public.api_usage from anon;
revoke insert, update, delete, truncate on public.api_usage from authenticated;
create policy "api_usage: users read their own" on public.api_usage for select to authenticated
  using (auth_user_id = (select auth.uid()));

-- ───────────────────────────── monthly_usage ─────────────────────────────
create table public.monthly_usage (
  team_id uuid not null references public.teams (id) on delete cascade,
  period_start timestamptz not null,
  linkedin_imports integer not null default 0 check (linkedin_imports >= 0),
  notion_page_views integer not null default 0 check (notion_page_views >= 0),
  updated_at timestamptz not null default now(),
  primary key (team_id, period_start)
);
comment on table public.monthly_usage is
  'Usage counters per team and quota month (period_start = teams.next_quota_reset - 1 month). '
  'A new month starts from zero simply by having no row yet: nothing is ever zeroed, so past '
  'months stay as history. Incremented only by the check_and_increment_* functions, which use '
  'insert … on conflict do update … where used < quota: the row lock makes check and increment '
  'one atomic step under any concurrency. Team members read their team''s rows.';
create trigger monthly_usage_touch before update on public.monthly_usage
  for each row execute function private.touch_updated_at();

alter table public.monthly_usage enable row level security;
revoke all on public.monthly_usage from anon;
revoke insert, update, delete, truncate on public.monthly_usage from authenticated;
create policy "monthly_usage: team members read" on public.monthly_usage for select to authenticated
  using ((select private.is_team_member(team_id)));

-- ───────────────────────────── helpers ─────────────────────────────
create function private.team_of_user(p_auth_user_id uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select t.id
    from public.profiles p
    join public.teams t on t.id = p.active_team_id or (t.owner_id = p.id and t.is_personal)
    join public.team_members m on m.team_id = t.id and m.profile_id = p.id
   where p.auth_id = p_auth_user_id
   order by (t.id = p.active_team_id) desc
   limit 1
$$;
comment on function private.team_of_user(uuid) is
  'The team whose quotas apply to a user: their active team if they still belong to it, else '
  'their personal team.';

create function private.authorize_user_arg(p_auth_user_id uuid, p_name text) returns void
language plpgsql stable set search_path = '' as $$
begin
  if p_auth_user_id is null then
    raise exception using errcode = '22004', message = p_name || ' is required';
  end if;
  if (select auth.role()) is distinct from 'service_role' and (select auth.uid()) is distinct from p_auth_user_id then
    raise exception using errcode = '42501', message = 'You can only read or use your own quota';
  end if;
end;
$$;
comment on function private.authorize_user_arg(uuid, text) is
  'Shared guard of the per-user RPCs: the argument is required and must be the caller (or the '
  'caller is the service role, as edge functions are).';

create function private.roll_quota_period(p_team_id uuid) returns timestamptz
language sql security definer set search_path = '' as $$
  with rolled as (
    update public.teams
       set next_quota_reset = next_quota_reset + make_interval(months => 1 + (
             extract(year from age(now(), next_quota_reset)) * 12
             + extract(month from age(now(), next_quota_reset)))::integer)
     where id = p_team_id and next_quota_reset <= now()
    returning next_quota_reset)
  select coalesce((select next_quota_reset from rolled),
                  (select next_quota_reset from public.teams where id = p_team_id))
$$;
comment on function private.roll_quota_period(uuid) is
  'Moves a team''s quota month forward when it has ended (the reset job may be late) and '
  'returns the end of the current month. Concurrent callers re-check the condition after the '
  'row lock, so a month is never skipped twice.';

create type public.quota_check as (allowed boolean, quota integer, used integer);
comment on type public.quota_check is 'check_and_increment_*_quota''s answer: {allowed, quota, used} (spec).';

create function private.check_and_increment(p_auth_user_id uuid, p_kind text) returns public.quota_check
language plpgsql security definer set search_path = '' as $$
declare
  v_team uuid := private.team_of_user(p_auth_user_id);
  v_period timestamptz;
  v_quota integer;
  v_used integer;
begin
  if v_team is null then
    raise exception using errcode = 'P0002', message = 'Team not found';
  end if;
  v_period := private.roll_quota_period(v_team) - interval '1 month';
  select case p_kind when 'notion' then notion_pages_quota else api_quota end
    into v_quota from public.teams where id = v_team;
  if p_kind = 'notion' then
    insert into public.monthly_usage as u (team_id, period_start, notion_page_views)
    select v_team, v_period, 1 where v_quota > 0
    on conflict (team_id, period_start) do update set notion_page_views = u.notion_page_views + 1
      where u.notion_page_views < v_quota
    returning notion_page_views into v_used;
  else
    insert into public.monthly_usage as u (team_id, period_start, linkedin_imports)
    select v_team, v_period, 1 where v_quota > 0
    on conflict (team_id, period_start) do update set linkedin_imports = u.linkedin_imports + 1
      where u.linkedin_imports < v_quota
    returning linkedin_imports into v_used;
  end if;
  if v_used is not null then
    return row(true, v_quota, v_used)::public.quota_check;
  end if;
  select case p_kind when 'notion' then notion_page_views else linkedin_imports end into v_used
    from public.monthly_usage where team_id = v_team and period_start = v_period;
  return row(false, v_quota, coalesce(v_used, 0))::public.quota_check;
end;
$$;
comment on function private.check_and_increment(uuid, text) is
  'Atomic check-and-increment of a team''s monthly counter: counts the use only if it stays '
  'within the quota; otherwise answers allowed = false and writes nothing.';

-- ───────────────────────────── RPCs ─────────────────────────────
create function public.check_and_increment_notion_quota(user_auth_id uuid) returns public.quota_check
language plpgsql security definer set search_path = '' as $$
begin
  perform private.authorize_user_arg(user_auth_id, 'user_auth_id');
  return private.check_and_increment(user_auth_id, 'notion');
end;
$$;
comment on function public.check_and_increment_notion_quota(uuid) is
  'Called on each Notion page view: counts it against the team''s notion_pages_quota for the '
  'month. Never exceeds the quota under concurrency (see monthly_usage).';

create function public.check_and_increment_linkedin_quota(user_auth_id uuid) returns public.quota_check
language plpgsql security definer set search_path = '' as $$
begin
  perform private.authorize_user_arg(user_auth_id, 'user_auth_id');
  return private.check_and_increment(user_auth_id, 'linkedin');
end;
$$;
comment on function public.check_and_increment_linkedin_quota(uuid) is
  'Called by get-profile-data-by-url before each LinkedIn profile import: counts it against the '
  'team''s api_quota for the month, atomically like the Notion counter. Not named in the spec '
  '(server behaviour "not shown"); same argument name and result shape as the Notion one.';

create type public.linkedin_quota as (
  api_calls_used integer, api_quota integer, next_quota_reset timestamptz, team_id uuid);
comment on type public.linkedin_quota is 'LinkedIn quota (spec: api_calls_used, api_quota), plus the renewal date.';
create type public.notion_quota as (
  notion_pages_used integer, notion_pages_quota integer, next_quota_reset timestamptz, team_id uuid);
comment on type public.notion_quota is 'Notion quota (spec: notion_pages_used, notion_pages_quota), plus the renewal date.';

create function private.usage_now(p_auth_user_id uuid)
returns table (team_id uuid, linkedin_used integer, notion_used integer, api_quota integer,
               notion_pages_quota integer, next_quota_reset timestamptz)
language sql stable security definer set search_path = '' as $$
  select t.id,
         case when t.next_quota_reset > now() then coalesce(u.linkedin_imports, 0) else 0 end,
         case when t.next_quota_reset > now() then coalesce(u.notion_page_views, 0) else 0 end,
         t.api_quota, t.notion_pages_quota,
         case when t.next_quota_reset > now() then t.next_quota_reset
              else t.next_quota_reset + make_interval(months => 1 + (extract(year from age(now(), t.next_quota_reset)) * 12
                     + extract(month from age(now(), t.next_quota_reset)))::integer) end
    from public.teams t
    left join public.monthly_usage u on u.team_id = t.id and u.period_start = t.next_quota_reset - interval '1 month'
   where t.id = private.team_of_user(p_auth_user_id)
$$;
comment on function private.usage_now(uuid) is
  'Read-only view of a user''s team usage this month; a month that ended (job late) reads as 0 used.';

create function public.get_linkedin_quota_for_user(auth_user_id uuid) returns public.linkedin_quota
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  perform private.authorize_user_arg(auth_user_id, 'auth_user_id');
  select * into r from private.usage_now(auth_user_id);
  if not found then
    raise exception using errcode = 'P0002', message = 'Team not found';
  end if;
  return row(r.linkedin_used, r.api_quota, r.next_quota_reset, r.team_id)::public.linkedin_quota;
end;
$$;
comment on function public.get_linkedin_quota_for_user(uuid) is 'The user''s team LinkedIn import usage this month. Self or service role.';

create function public.get_notion_quota_for_user(auth_user_id uuid) returns public.notion_quota
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  perform private.authorize_user_arg(auth_user_id, 'auth_user_id');
  select * into r from private.usage_now(auth_user_id);
  if not found then
    raise exception using errcode = 'P0002', message = 'Team not found';
  end if;
  return row(r.notion_used, r.notion_pages_quota, r.next_quota_reset, r.team_id)::public.notion_quota;
end;
$$;
comment on function public.get_notion_quota_for_user(uuid) is 'The user''s team Notion page-view usage this month. Self or service role.';

create function public.get_user_active_team() returns setof public.teams
language sql stable security invoker set search_path = '' as $$
  select t.* from public.teams t where t.id = private.team_of_user((select auth.uid()))
$$;
comment on function public.get_user_active_team() is
  'The caller''s active team (else their personal team) as a list of at most one row (spec: '
  '"list, first item is team"). Security invoker: teams RLS applies as well.';

revoke all on function private.team_of_user(uuid), private.authorize_user_arg(uuid, text),
  private.roll_quota_period(uuid), private.check_and_increment(uuid, text), private.usage_now(uuid) from public;
grant execute on function private.team_of_user(uuid), private.authorize_user_arg(uuid, text)
  to authenticated, service_role;
revoke all on function public.check_and_increment_notion_quota(uuid), public.check_and_increment_linkedin_quota(uuid),
  public.get_linkedin_quota_for_user(uuid), public.get_notion_quota_for_user(uuid), public.get_user_active_team()
  from public;
grant execute on function public.check_and_increment_notion_quota(uuid), public.check_and_increment_linkedin_quota(uuid),
  public.get_linkedin_quota_for_user(uuid), public.get_notion_quota_for_user(uuid), public.get_user_active_team()
  to authenticated, service_role;

-- Profiles, personal teams and their membership, the billing switch, and the helpers every
-- later policy uses. Spec: document 1 §3 (profiles), document 2 §3–§4 (teams, profile states).

-- Helpers live in `private`: PostgREST exposes only `public`, so they are never callable as RPCs.
create schema if not exists private;
comment on schema private is
  'Helpers for policies and RPCs. Not exposed by the API: callable only from SQL (policies, functions).';
grant usage on schema private to anon, authenticated, service_role;

create function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.touch_updated_at() is 'Keeps updated_at true on every update, whoever writes.';

-- ───────────────────────────── billing_config ─────────────────────────────
create table public.billing_config (
  id boolean primary key default true check (id),
  stripe_enabled boolean not null default false,
  free_plan_name text not null default 'free' check (length(free_plan_name) between 1 and 50),
  free_api_quota integer not null default 10 check (free_api_quota >= 0),
  free_notion_pages_quota integer not null default 50 check (free_notion_pages_quota >= 0),
  updated_at timestamptz not null default now()
);
comment on table public.billing_config is
  'How this installation bills, one row (id is always true). stripe_enabled = false (the default, '
  'and what a self-hosted install without Stripe keeps) makes setup_new_user finish on the free '
  'plan without the Stripe states; the Stripe deployment sets it to true in the same change that '
  'configures the Stripe secrets. Free-plan quotas: 50 Notion page views (spec) and 10 LinkedIn '
  'imports a month (spec silent; our choice). Readable and writable only by the service role.';
comment on column public.billing_config.stripe_enabled is
  'The single answer to "is billing configured?": read by setup_new_user, written by operators.';
insert into public.billing_config default values;
alter table public.billing_config enable row level security;
revoke all on public.billing_config from anon, authenticated;

-- ───────────────────────────── teams ─────────────────────────────
create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  owner_id uuid not null,
  is_personal boolean not null default true,
  subscription_status text check (subscription_status in (
    'active', 'trialing', 'canceled', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired',
    'paused', 'pro', 'startup', 'enterprise', 'free')),
  plan_name text check (length(plan_name) between 1 and 100),
  billing_cycle text not null default 'monthly' check (billing_cycle in ('monthly', 'yearly')),
  stripe_customer_id text unique check (stripe_customer_id like 'cus\_%'),
  stripe_subscription_id text unique check (stripe_subscription_id like 'sub\_%'),
  subscription_start_date timestamptz,
  subscription_end_date timestamptz,
  trial_end_date timestamptz,
  next_quota_reset timestamptz not null default (date_trunc('month', now()) + interval '1 month'),
  api_quota integer not null default 10 check (api_quota >= 0),
  notion_pages_quota integer not null default 50 check (notion_pages_quota >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (subscription_end_date is null or subscription_start_date is null
         or subscription_end_date >= subscription_start_date)
);
comment on table public.teams is
  'A subscription holder with monthly quotas. Every user owns one personal team (created by '
  'setup_new_user); members are in team_members. Written only by setup_new_user and the billing '
  'functions (service role); members read their teams.';
comment on column public.teams.owner_id is 'The owning profile (profiles.id). Deleting the owner deletes the team.';
comment on column public.teams.is_personal is
  'Personal teams are unique per owner (teams_one_personal_team_per_owner): concurrent setup '
  'calls cannot create a second one.';
comment on column public.teams.subscription_status is
  'Stripe status, or a plan keyword (pro, startup, enterprise, free). null counts as active (spec). '
  'The free plan is written as status active with plan_name free, so the subscription gate opens.';
comment on column public.teams.next_quota_reset is
  'End of the current quota month; the current month starts one month earlier. Moved forward by '
  'reset_monthly_quotas() (and lazily by the quota RPCs if the job is late).';
comment on column public.teams.api_quota is 'LinkedIn profile imports allowed per quota month.';
comment on column public.teams.notion_pages_quota is 'Notion page views/edits allowed per quota month (default 50).';

-- ───────────────────────────── profiles ─────────────────────────────
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  auth_id uuid not null unique references auth.users (id) on delete cascade,
  first_name text check (length(first_name) <= 100),
  last_name text check (length(last_name) <= 100),
  company text check (length(company) <= 200),
  role text not null default 'other' check (role in ('admin', 'other')),
  profile_state text not null default 'empty_profile' check (profile_state in (
    'empty_profile', 'team_created', 'personal_team_owner', 'team_activated',
    'stripe_customer_created', 'stripe_free_subscribed', 'setup_complete',
    'error', 'setup_in_progress', 'setup_failed')),
  active_setting_id uuid,
  active_team_id uuid references public.teams (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'One per auth user (created by a trigger on auth.users, or by setup_new_user, or by the app '
  'when missing). A user reads and edits only their own. Column grants: a user inserts auth_id, '
  'names and state, and updates names, state and the active ids; never role, id or auth_id.';
comment on column public.profiles.role is 'admin or other. Changed only by an operator (SQL / service role).';
comment on column public.profiles.profile_state is
  'Setup state machine (document 2 §4), advanced by setup_new_user and the billing functions. '
  'Through the API a user may only report error / setup_in_progress / setup_failed, or '
  'setup_complete once their team is activated (guard_profile_write).';
comment on column public.profiles.active_setting_id is
  'The active Notion setting; foreign key and ownership check added with the settings table.';
comment on column public.profiles.active_team_id is 'The active team; must be a team the user belongs to.';

alter table public.teams
  add constraint teams_owner_id_fkey foreign key (owner_id) references public.profiles (id) on delete cascade;
create unique index teams_one_personal_team_per_owner on public.teams (owner_id) where is_personal;

create table public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (team_id, profile_id)
);
create index team_members_profile_id_idx on public.team_members (profile_id);
comment on table public.team_members is
  'Who belongs to which team. The owner (teams.owner_id) is also a member. Written by '
  'setup_new_user and the service role only.';

create trigger teams_touch before update on public.teams
  for each row execute function private.touch_updated_at();
create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

-- ───────────────────────────── helpers ─────────────────────────────
create function private.current_profile_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select id from public.profiles where auth_id = (select auth.uid())
$$;
comment on function private.current_profile_id() is
  'The caller''s profile id (null for anon). Security definer so policies need no profiles RLS pass.';

create function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select role = 'admin' from public.profiles where auth_id = (select auth.uid())), false)
$$;
comment on function private.is_admin() is 'True when the caller''s profile has role admin (spec: admin check reads role).';

create function private.is_team_member(p_team_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
      join public.profiles p on p.id = m.profile_id
     where m.team_id = p_team_id and p.auth_id = (select auth.uid()))
$$;
comment on function private.is_team_member(uuid) is 'Whether the caller belongs to the team (owner included).';

revoke all on function private.current_profile_id(), private.is_admin(), private.is_team_member(uuid) from public;
grant execute on function private.current_profile_id(), private.is_admin(), private.is_team_member(uuid)
  to authenticated, service_role;

-- ───────────────────────────── RLS: teams, members, profiles ─────────────────────────────
alter table public.teams enable row level security;
revoke all on public.teams from anon;
revoke insert, update, delete, truncate on public.teams from authenticated;
create policy "teams: members read" on public.teams for select to authenticated
  using ((select private.is_team_member(id)));

alter table public.team_members enable row level security;
revoke all on public.team_members from anon;
revoke insert, update, delete, truncate on public.team_members from authenticated;
create policy "team_members: members read their teams" on public.team_members for select to authenticated
  using ((select private.is_team_member(team_id)));

alter table public.profiles enable row level security;
revoke all on public.profiles from anon;
revoke insert, update, delete, truncate on public.profiles from authenticated;
grant insert (auth_id, first_name, last_name, company, profile_state) on public.profiles to authenticated;
grant update (first_name, last_name, company, profile_state, active_setting_id, active_team_id)
  on public.profiles to authenticated;
create policy "profiles: owner reads" on public.profiles for select to authenticated
  using (auth_id = (select auth.uid()));
create policy "profiles: owner inserts" on public.profiles for insert to authenticated
  with check (auth_id = (select auth.uid()));
create policy "profiles: owner updates" on public.profiles for update to authenticated
  using (auth_id = (select auth.uid())) with check (auth_id = (select auth.uid()));

create function private.guard_profile_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  ordered constant text[] := array['empty_profile', 'team_created', 'personal_team_owner',
    'team_activated', 'stripe_customer_created', 'stripe_free_subscribed', 'setup_complete'];
begin
  -- Only API callers are restricted; security definer RPCs and the service role pass.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.profile_state <> 'empty_profile' then
      raise exception using errcode = '42501',
        message = 'A new profile starts as empty_profile; setup_new_user advances it';
    end if;
    return new;
  end if;
  if new.profile_state is distinct from old.profile_state
     and new.profile_state not in ('error', 'setup_in_progress', 'setup_failed')
     and not (new.profile_state = 'setup_complete'
              and coalesce(array_position(ordered, old.profile_state), 0) >= 4) then
    raise exception using errcode = '42501',
      message = format('profile_state cannot be set to %s by the user', new.profile_state);
  end if;
  if new.active_team_id is distinct from old.active_team_id and new.active_team_id is not null
     and not private.is_team_member(new.active_team_id) then
    raise exception using errcode = '42501', message = 'You are not a member of this team';
  end if;
  return new;
end;
$$;
comment on function private.guard_profile_write() is
  'Keeps API writes to profiles honest: no skipping setup states, no active team one does not belong to.';
create trigger profiles_guard before insert or update on public.profiles
  for each row execute function private.guard_profile_write();

-- A profile for every new auth user, so the app always finds one (state empty_profile).
create function private.create_profile_for_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (auth_id) values (new.id) on conflict (auth_id) do nothing;
  return new;
end;
$$;
comment on function private.create_profile_for_new_user() is
  'Trigger on auth.users: the empty_profile row of the setup state machine, created with the user.';
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

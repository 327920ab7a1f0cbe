-- Notion workspaces (one row per integration key), who is linked to them, the users' saved
-- settings (mapping + display config) and the per-workspace error log.
-- Spec: document 1 §3, §4, §5, §7; document 2 §3 (display_config, customize_help), §7.

-- ───────────────────────────── workspaces ─────────────────────────────
create table public.workspaces (
  id uuid primary key default gen_random_uuid(),
  notion_internal_key text not null unique
    check (notion_internal_key = btrim(notion_internal_key) and length(notion_internal_key) between 45 and 55),
  notion_key text generated always as (left(notion_internal_key, 5) || '…' || right(notion_internal_key, 3)) stored,
  notion_workspace_id text check (length(notion_workspace_id) <= 100),
  notion_workspace_name text check (length(notion_workspace_name) <= 200),
  name text check (length(name) <= 200),
  health text not null default 'Healthy' check (health in ('Healthy', 'Error')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.workspaces is
  'A Notion workspace reached through one internal integration key. The key is stored once, in '
  'notion_internal_key (unique; trimmed, 45–55 characters). Rows — key included — are visible '
  'only to the users linked in workspace_users. Created and linked only by '
  'create_workspace_with_association, removed only by secure_workspace_management.';
comment on column public.workspaces.notion_key is
  'Masked key for display (first 5 and last 3 characters, like the setting-details view): '
  'derived from notion_internal_key, so the secret itself exists only once.';
comment on column public.workspaces.name is 'The integration (key) name Notion reports; notion_workspace_name is the workspace''s.';
create trigger workspaces_touch before update on public.workspaces
  for each row execute function private.touch_updated_at();

create table public.workspace_users (
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
create index workspace_users_user_id_idx on public.workspace_users (user_id);
comment on table public.workspace_users is
  'Links users (profile ids) to workspaces. Written only by the workspace RPCs, so the "last user '
  'removed deletes the workspace" rule cannot be bypassed.';

create function private.is_workspace_user(p_workspace_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.workspace_users w
                  where w.workspace_id = p_workspace_id and w.user_id = private.current_profile_id())
$$;
comment on function private.is_workspace_user(uuid) is 'Whether the caller is linked to the workspace.';
revoke all on function private.is_workspace_user(uuid) from public;
grant execute on function private.is_workspace_user(uuid) to authenticated, service_role;

alter table public.workspaces enable row level security;
revoke all on public.workspaces from anon;
revoke insert, update, delete, truncate on public.workspaces from authenticated;
create policy "workspaces: linked users read" on public.workspaces for select to authenticated
  using ((select private.is_workspace_user(id)));

alter table public.workspace_users enable row level security;
revoke all on public.workspace_users from anon;
revoke insert, update, delete, truncate on public.workspace_users from authenticated;
create policy "workspace_users: linked users read the workspace's links" on public.workspace_users
  for select to authenticated using ((select private.is_workspace_user(workspace_id)));

-- ───────────────────────────── settings ─────────────────────────────
create function private.all_distinct(p_values text[]) returns boolean
language sql immutable set search_path = '' as $$
  select count(v) = count(distinct v) from unnest(p_values) as v
$$;
comment on function private.all_distinct(text[]) is 'True when the non-null values are pairwise different.';
grant execute on function private.all_distinct(text[]) to anon, authenticated, service_role;

create table public.settings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  name text not null check (length(name) between 3 and 50),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  notion_db_id text not null check (notion_db_id ~ '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$'),
  health text not null default 'Healthy' check (health in ('Healthy', 'Error')),
  profile_url text not null check (length(profile_url) between 1 and 100),
  full_name text not null check (length(full_name) between 1 and 100),
  first_name text check (length(first_name) between 1 and 100),
  last_name text check (length(last_name) between 1 and 100),
  company text check (length(company) between 1 and 100),
  headline text check (length(headline) between 1 and 100),
  summary text check (length(summary) between 1 and 100),
  education text check (length(education) between 1 and 100),
  country text check (length(country) between 1 and 100),
  city text check (length(city) between 1 and 100),
  display_config jsonb check (display_config is null or (
    jsonb_typeof(display_config) = 'object'
    and coalesce(jsonb_typeof(display_config -> 'alwaysVisible') = 'array', false)
    and coalesce(jsonb_typeof(display_config -> 'toggleable') = 'array', false))),
  customize_help boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint settings_property_mapped_once check (private.all_distinct(array[profile_url, full_name,
    first_name, last_name, company, headline, summary, education, country, city]))
);
create unique index settings_name_unique_per_user on public.settings (user_id, lower(name));
create unique index settings_database_unique_per_user
  on public.settings (user_id, lower(replace(notion_db_id, '-', '')));
create index settings_workspace_id_idx on public.settings (workspace_id);
comment on table public.settings is
  'A user''s saved Notion setting: one workspace, one database, the profile-field → property-id '
  'mapping, and the display preferences. Owned by its user (user_id = profile id); the workspace '
  'must be one the user is linked to.';
comment on index public.settings_name_unique_per_user is
  'Setting names are unique per user in any letter case (spec: "A setting with this name already exists").';
comment on index public.settings_database_unique_per_user is
  'One database per user across settings (spec: "This database is already used in an existing '
  'setting."), with or without the dashes of the Notion id.';
comment on column public.settings.name is 'Trimmed on write (settings_normalize); 3–50 characters after trimming.';
comment on column public.settings.profile_url is
  'Mapping columns hold the Notion property id mapped to each profile field; profile_url and '
  'full_name are required, and no property id may serve two fields (settings_property_mapped_once).';
comment on column public.settings.display_config is
  '{alwaysVisible: [property ids], toggleable: [property ids]} or null (not customised yet).';

create function private.normalize_setting() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := btrim(new.name);
  return new;
end;
$$;
comment on function private.normalize_setting() is 'Stores setting names trimmed, so the length and uniqueness rules apply to what users see.';
create trigger settings_normalize before insert or update on public.settings
  for each row execute function private.normalize_setting();
create trigger settings_touch before update on public.settings
  for each row execute function private.touch_updated_at();

alter table public.settings enable row level security;
revoke all on public.settings from anon;
revoke truncate on public.settings from authenticated;
create policy "settings: owner reads" on public.settings for select to authenticated
  using (user_id = (select private.current_profile_id()));
create policy "settings: owner inserts on a linked workspace" on public.settings for insert to authenticated
  with check (user_id = (select private.current_profile_id()) and (select private.is_workspace_user(workspace_id)));
create policy "settings: owner updates on a linked workspace" on public.settings for update to authenticated
  using (user_id = (select private.current_profile_id()))
  with check (user_id = (select private.current_profile_id()) and (select private.is_workspace_user(workspace_id)));
create policy "settings: owner deletes" on public.settings for delete to authenticated
  using (user_id = (select private.current_profile_id()));

-- The profile's active setting: a real foreign key now, and it must be the user's own.
alter table public.profiles add constraint profiles_active_setting_id_fkey
  foreign key (active_setting_id) references public.settings (id) on delete set null;
comment on constraint profiles_active_setting_id_fkey on public.profiles is
  'Deleting the active setting clears it on the profile (spec: "first sets the active setting to null").';

create function private.guard_active_setting() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.active_setting_id is not null and new.active_setting_id is distinct from old.active_setting_id
     and not exists (select 1 from public.settings s where s.id = new.active_setting_id and s.user_id = new.id) then
    raise exception using errcode = '42501', message = 'This setting does not belong to you';
  end if;
  return new;
end;
$$;
comment on function private.guard_active_setting() is 'A profile''s active setting is always one of its own settings.';
create trigger profiles_active_setting_guard before update of active_setting_id on public.profiles
  for each row execute function private.guard_active_setting();

-- ───────────────────────────── errors ─────────────────────────────
create table public.errors (
  id bigint generated always as identity primary key,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  message text not null check (length(message) between 1 and 2000),
  status integer check (status between 100 and 599),
  endpoint text check (length(endpoint) <= 500),
  created_at timestamptz not null default now()
);
create index errors_workspace_created_idx on public.errors (workspace_id, created_at desc);
comment on table public.errors is
  'Notion API errors per workspace (debug mode shows the latest 10). Linked users read them and '
  'may log new ones for their workspaces, as themselves; rows are never edited or deleted '
  'through the API.';

alter table public.errors enable row level security;
revoke all on public.errors from anon;
revoke update, delete, truncate on public.errors from authenticated;
create policy "errors: linked users read" on public.errors for select to authenticated
  using ((select private.is_workspace_user(workspace_id)));
create policy "errors: linked users log, as themselves" on public.errors for insert to authenticated
  with check ((select private.is_workspace_user(workspace_id)) and user_id = (select auth.uid()));

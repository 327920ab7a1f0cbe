-- Debug mode as a per-user grant (issue 20; spec 1 §4 "Debug mode", spec 2 §6 "Debug mode
-- (separate flag)"): who may turn debug mode on is decided by an admin, not by a query string.
-- The user reads their own grant (profiles: owner reads); nobody grants it to themselves: the
-- column is outside the authenticated role's insert and update column grants (20261121000100),
-- and only set_debug_mode_allowed (admins, service role) or an operator's SQL changes it.

alter table public.profiles add column debug_mode_allowed boolean not null default false;
comment on column public.profiles.debug_mode_allowed is
  'Whether the user may turn debug mode on (debug panels, info button, diagnostics, debug-only '
  'routes). Read by the user at sign-in; set only by set_debug_mode_allowed (admins) or an '
  'operator: no API column grant lets a user write it.';

-- The admin user search shows the grant (the user details dialog's switch reads it).
alter type public.user_search_row add attribute debug_mode_allowed boolean;

create or replace function public.search_users_by_email(search_term text) returns setof public.user_search_row
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
         usage.linkedin_used, usage.api_quota, usage.notion_used, usage.notion_pages_quota,
         coalesce(p.debug_mode_allowed, false)
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
  'profile (debug_mode_allowed included), active team and this month''s usage. Admins only; a '
  'blank term raises 22023.';

create function public.set_debug_mode_allowed(target_user_id uuid, allowed boolean) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_allowed boolean;
begin
  perform private.require_admin();
  if target_user_id is null or allowed is null then
    raise exception using errcode = '22023', message = 'target_user_id and allowed are required';
  end if;
  update public.profiles set debug_mode_allowed = allowed where auth_id = target_user_id
  returning debug_mode_allowed into v_allowed;
  if v_allowed is null then
    raise exception using errcode = 'P0002', message = 'User not found';
  end if;
  return v_allowed;
end;
$$;
comment on function public.set_debug_mode_allowed(uuid, boolean) is
  'Grants (true) or withdraws (false) debug mode for the user with this auth id; answers the new '
  'value. The user sees it at their next sign-in or app start. Admins and the service role only; '
  'an unknown user raises P0002.';
revoke all on function public.set_debug_mode_allowed(uuid, boolean) from public, anon;
grant execute on function public.set_debug_mode_allowed(uuid, boolean) to authenticated, service_role;

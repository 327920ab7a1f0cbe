-- Giving back a LinkedIn import that was counted but not delivered. get-profile-data-by-url
-- takes one import from the team's month (check_and_increment_linkedin_quota) before it calls
-- the provider, so that concurrent calls can never go over the quota; when the provider then
-- gives the user no profile, the function gives the import back with this RPC.
-- Spec: document 2 §6 (quotas), §7 (RPCs), §8 (provider errors).

create type public.quota_release as (released boolean, quota integer, used integer);
comment on type public.quota_release is
  'release_linkedin_import''s answer: {released, quota, used}, the shape of quota_check with '
  'released (one import was given back) in place of allowed.';

create function public.release_linkedin_import(user_auth_id uuid) returns public.quota_release
language plpgsql security definer set search_path = '' as $$
declare
  v_team uuid;
  v_period timestamptz;
  v_quota integer;
  v_used integer;
begin
  if user_auth_id is null then
    raise exception using errcode = '22004', message = 'user_auth_id is required';
  end if;
  -- The grants already keep every API role but service_role out; this keeps the rule if a grant
  -- is ever widened. Only SQL outside any API request (no request.jwt.claims: psql, a job) skips
  -- it; a request whose JWT names no role is refused.
  if nullif(current_setting('request.jwt.claims', true), '') is not null
     and (select auth.role()) is distinct from 'service_role' then
    raise exception using errcode = '42501', message = 'Only the service role can give back an import';
  end if;
  v_team := private.team_of_user(user_auth_id);
  if v_team is null then
    raise exception using errcode = 'P0002', message = 'Team not found';
  end if;
  v_period := private.roll_quota_period(v_team) - interval '1 month';
  select api_quota into v_quota from public.teams where id = v_team;
  update public.monthly_usage as u
     set linkedin_imports = u.linkedin_imports - 1
   where u.team_id = v_team and u.period_start = v_period and u.linkedin_imports > 0
  returning u.linkedin_imports into v_used;
  if v_used is not null then
    return row(true, v_quota, v_used)::public.quota_release;
  end if;
  select u.linkedin_imports into v_used
    from public.monthly_usage u where u.team_id = v_team and u.period_start = v_period;
  return row(false, v_quota, coalesce(v_used, 0))::public.quota_release;
end;
$$;
comment on function public.release_linkedin_import(uuid) is
  'Gives back one LinkedIn import of the user''s team (the team check_and_increment_linkedin_quota '
  'counts against) in the current quota month: called by get-profile-data-by-url when the '
  'provider delivered no profile (outage, refused key or host, provider rate limit or monthly '
  'quota, network failure, timeout, private or unknown profile), so an import counts only when '
  'the user receives one. Decrements linkedin_imports by one, never below zero: the update locks '
  'the row and re-checks linkedin_imports > 0, so concurrent releases and increments never lose '
  'a count. released = false, with nothing written, when the counter is already 0. The month is '
  'the current one: an import taken just before the month ended comes back from the new month '
  '(if it has any to give). Service role only.';

revoke all on function public.release_linkedin_import(uuid) from public, anon, authenticated;
grant execute on function public.release_linkedin_import(uuid) to service_role;

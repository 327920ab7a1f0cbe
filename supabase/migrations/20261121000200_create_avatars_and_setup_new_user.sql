-- The avatars bucket, the sign-up e-mail check and the account-setup state machine.
-- Spec: document 1 §3 (avatar file), §5 (avatar rules), §7 (storage calls);
-- document 2 §3–§4 (setup result, profile states), §5 (sign-up e-mail check), §7 (RPCs).

-- ───────────────────────────── avatars ─────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152,
        array['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);
-- Public bucket: public URLs serve without a token. 2 MB = 2097152 bytes (spec). SVG is left out
-- on purpose: a public SVG can carry script; the app uploads its 200x200 canvas output anyway.

create policy "avatars: anyone reads" on storage.objects for select to anon, authenticated
  using (bucket_id = 'avatars');
create policy "avatars: users add their own" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and storage.foldername(name) = array['public']
    and split_part(storage.filename(name), '.', 1) = (select auth.uid()::text)
    and storage.extension(name) in ('jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'));
create policy "avatars: users replace their own" on storage.objects for update to authenticated
  using (
    bucket_id = 'avatars'
    and storage.foldername(name) = array['public']
    and split_part(storage.filename(name), '.', 1) = (select auth.uid()::text))
  with check (
    bucket_id = 'avatars'
    and storage.foldername(name) = array['public']
    and split_part(storage.filename(name), '.', 1) = (select auth.uid()::text)
    and storage.extension(name) in ('jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'));
create policy "avatars: users delete their own" on storage.objects for delete to authenticated
  using (
    bucket_id = 'avatars'
    and storage.foldername(name) = array['public']
    and split_part(storage.filename(name), '.', 1) = (select auth.uid()::text));
-- An avatar is exactly public/<auth uid>.<image extension>: one name per user and extension.

-- ───────────────────────────── check_email_exists ─────────────────────────────
create function public.check_email_exists(email_to_check text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if email_to_check is null or btrim(email_to_check) = '' then
    raise exception using errcode = '22023', message = 'email_to_check is required';
  end if;
  return exists (select 1 from auth.users where lower(email) = lower(btrim(email_to_check)));
end;
$$;
comment on function public.check_email_exists(text) is
  'Sign-up pre-check (spec: "This email is already registered…"). Callable by anon because the '
  'register screen needs it before any session; it answers only true/false, case-insensitively. '
  'It does reveal whether an address has an account, as the spec''s message does anyway.';
revoke all on function public.check_email_exists(text) from public;
grant execute on function public.check_email_exists(text) to anon, authenticated, service_role;

-- ───────────────────────────── setup_new_user ─────────────────────────────
create type public.setup_result as (
  state text,
  original_state text,
  states_progressed text[],
  team_id uuid,
  success boolean,
  error text
);
comment on type public.setup_result is 'setup_new_user''s answer (document 2 §3 "Setup result").';

create function public.setup_new_user(auth_user_id uuid) returns public.setup_result
language plpgsql security definer set search_path = '' as $$
declare
  ordered constant text[] := array['empty_profile', 'team_created', 'personal_team_owner',
    'team_activated', 'stripe_customer_created', 'stripe_free_subscribed', 'setup_complete'];
  billing public.billing_config;
  v_email text;
  v_profile public.profiles;
  v_team uuid;
  v_rank integer;
  v_target text;
  v_progressed text[] := '{}';
begin
  if auth_user_id is null then
    raise exception using errcode = '22004', message = 'auth_user_id is required';
  end if;
  if (select auth.role()) is distinct from 'service_role' and (select auth.uid()) is distinct from auth_user_id then
    raise exception using errcode = '42501', message = 'You can only set up your own account';
  end if;
  select email into v_email from auth.users where id = auth_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'User not found';
  end if;
  select * into billing from public.billing_config;

  -- One caller at a time per user: the profile row lock serialises concurrent calls, so
  -- 20 parallel calls run the steps once and the other 19 see the finished state.
  insert into public.profiles (auth_id) values (auth_user_id) on conflict (auth_id) do nothing;
  select * into v_profile from public.profiles where auth_id = auth_user_id for update;
  v_rank := coalesce(array_position(ordered, v_profile.profile_state), 0);

  -- Steps 1–3 re-check the data, not only the state, so error/setup_failed states recover.
  select id into v_team from public.teams where owner_id = v_profile.id and is_personal;
  if v_team is null then
    insert into public.teams (name, owner_id, is_personal, api_quota, notion_pages_quota)
    values (coalesce(nullif(btrim(v_profile.first_name), ''), split_part(v_email, '@', 1), 'My') || '''s team',
            v_profile.id, true, billing.free_api_quota, billing.free_notion_pages_quota)
    returning id into v_team;
  end if;
  insert into public.team_members (team_id, profile_id) values (v_team, v_profile.id)
    on conflict do nothing;
  if not billing.stripe_enabled then
    -- No billing configured: the team is on the free plan from here (spec: self-hosted install).
    update public.teams
       set subscription_status = 'active', plan_name = billing.free_plan_name,
           subscription_start_date = coalesce(subscription_start_date, now())
     where id = v_team and subscription_status is null;
  end if;
  update public.profiles set active_team_id = coalesce(active_team_id, v_team) where id = v_profile.id;

  v_target := case
    when v_rank >= 7 then 'setup_complete'
    when not billing.stripe_enabled then 'setup_complete'
    when v_rank = 6 then 'setup_complete'          -- stripe_free_subscribed: billing is done
    when v_rank >= 4 then v_profile.profile_state   -- waiting for the billing functions
    else 'team_activated' end;
  for i in (v_rank + 1) .. array_position(ordered, v_target) loop
    continue when not billing.stripe_enabled and ordered[i] like 'stripe\_%';
    v_progressed := v_progressed || ordered[i];
  end loop;
  if v_target is distinct from v_profile.profile_state then
    update public.profiles set profile_state = v_target where id = v_profile.id;
  end if;
  return row(v_target, v_profile.profile_state, v_progressed, v_team, true, null)::public.setup_result;
end;
$$;
comment on function public.setup_new_user(uuid) is
  'Idempotent account setup (document 2 §4): empty_profile → team_created → personal_team_owner → '
  'team_activated in one call (personal team, owner membership, active team). With billing '
  'configured (billing_config.stripe_enabled) it stops at team_activated; the billing functions '
  'write stripe_customer_created and stripe_free_subscribed, and the next call completes. Without '
  'billing the team gets the free plan and the state goes straight to setup_complete (the Stripe '
  'states are skipped and not listed in states_progressed). Callers: the user themself or the '
  'service role; bad input raises (22004 null, 42501 another user, P0002 unknown user).';
revoke all on function public.setup_new_user(uuid) from public;
grant execute on function public.setup_new_user(uuid) to authenticated, service_role;

-- Local development data, applied once to a fresh database after the migrations: by the
-- local stack and `supabase db reset`, and also by Supabase Branching on every hosted preview
-- branch. So nothing here may hold a privilege behind a published password (issue 32): one
-- confirmed account, so `npm start` can be tried without reading any mail:
--   demo@sidenote.dev / sidenote-demo     a user, granted debug mode (issue 20)
-- The local admin (admin@sidenote.dev) is created by the local stack alone, after this file
-- (supabase/local/db/local-admin.sql); on a hosted project an operator sets profiles.role.

insert into auth.users (
  id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-4000-8000-00000000d3e0', 'authenticated', 'authenticated', 'demo@sidenote.dev',
  extensions.crypt('sidenote-demo', extensions.gen_salt('bf', 10)), now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (
  '00000000-0000-4000-8000-00000000d3e0', '00000000-0000-4000-8000-00000000d3e0',
  '{"sub": "00000000-0000-4000-8000-00000000d3e0", "email": "demo@sidenote.dev", "email_verified": true}',
  'email', now(), now()
);

-- Set the account up as the app would (profile → personal team → free plan), so it can
-- capture profiles right away. setup_new_user answers the service role or the user only.
do $$
begin
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  perform public.setup_new_user('00000000-0000-4000-8000-00000000d3e0');
end
$$;

-- Debug mode is a per-user grant (issue 20) an admin sets; the demo account has it, so the
-- debug panels can be tried locally.
update public.profiles set debug_mode_allowed = true where auth_id = '00000000-0000-4000-8000-00000000d3e0';

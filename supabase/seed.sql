-- Local development data, applied once to a fresh local database after the migrations
-- (`supabase db reset` does the same on a developer's machine; hosted projects never run it).
-- Two confirmed accounts, so `npm start` can be tried without reading any mail:
--   demo@sidenote.dev / sidenote-demo     a user, granted debug mode (issue 20)
--   admin@sidenote.dev / sidenote-admin   an admin (the /admin screens); only ever created here

insert into auth.users (
  id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-4000-8000-00000000d3e0', 'authenticated', 'authenticated', 'demo@sidenote.dev',
  extensions.crypt('sidenote-demo', extensions.gen_salt('bf', 10)), now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
), (
  '00000000-0000-4000-8000-0000000ad310', 'authenticated', 'authenticated', 'admin@sidenote.dev',
  extensions.crypt('sidenote-admin', extensions.gen_salt('bf', 10)), now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (
  '00000000-0000-4000-8000-00000000d3e0', '00000000-0000-4000-8000-00000000d3e0',
  '{"sub": "00000000-0000-4000-8000-00000000d3e0", "email": "demo@sidenote.dev", "email_verified": true}',
  'email', now(), now()
), (
  '00000000-0000-4000-8000-0000000ad310', '00000000-0000-4000-8000-0000000ad310',
  '{"sub": "00000000-0000-4000-8000-0000000ad310", "email": "admin@sidenote.dev", "email_verified": true}',
  'email', now(), now()
);

-- Set both accounts up as the app would (profile → personal team → free plan), so they can
-- capture profiles right away. setup_new_user answers the service role or the user only.
do $$
begin
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  perform public.setup_new_user('00000000-0000-4000-8000-00000000d3e0');
  perform public.setup_new_user('00000000-0000-4000-8000-0000000ad310');
end
$$;

-- Admin is a profile role no API grants: an operator sets it, as here.
update public.profiles set role = 'admin' where auth_id = '00000000-0000-4000-8000-0000000ad310';

-- Debug mode is a per-user grant (issue 20) an admin sets; the demo account has it, so the
-- debug panels can be tried locally.
update public.profiles set debug_mode_allowed = true where auth_id = '00000000-0000-4000-8000-00000000d3e0';

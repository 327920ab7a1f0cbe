-- The local stack's admin, for the /admin screens under `npm start` (README):
--   admin@sidenote.dev / sidenote-admin
-- Run by the local stack alone (local-accounts.ts), once, on a fresh database after
-- supabase/seed.sql, and never from seed.sql: Supabase Branching runs seed.sql on every hosted
-- preview branch, where an admin behind a published password would be anyone's (issue 32).

insert into auth.users (
  id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-4000-8000-0000000ad310', 'authenticated', 'authenticated', 'admin@sidenote.dev',
  extensions.crypt('sidenote-admin', extensions.gen_salt('bf', 10)), now(),
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (
  '00000000-0000-4000-8000-0000000ad310', '00000000-0000-4000-8000-0000000ad310',
  '{"sub": "00000000-0000-4000-8000-0000000ad310", "email": "admin@sidenote.dev", "email_verified": true}',
  'email', now(), now()
);

-- Set up as the app would (profile → personal team → free plan).
do $$
begin
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  perform public.setup_new_user('00000000-0000-4000-8000-0000000ad310');
end
$$;

-- Admin is a profile role no API grants: an operator sets it, as here.
update public.profiles set role = 'admin' where auth_id = '00000000-0000-4000-8000-0000000ad310';

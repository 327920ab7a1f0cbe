-- Two privileges that were wider than the app needs.
--
-- 1. Listing the avatars bucket with the anon key returned every `public/<user id>.<ext>`, so
--    every user's id. Avatar files are served by public URL without any select policy (the
--    bucket is public), the admin search reads storage as a security-definer function, and the
--    profile screen lists `public/` searching its own id; so reading rows is needed only for a
--    user's own file (upsert reads it too).
drop policy "avatars: anyone reads" on storage.objects;
create policy "avatars: users read their own" on storage.objects for select to authenticated
  using (
    bucket_id = 'avatars'
    and storage.foldername(name) = array['public']
    and split_part(storage.filename(name), '.', 1) = (select auth.uid()::text));

-- 2. Functions are executable by PUBLIC from creation unless revoked; the default privileges
--    of 20261121000700 only removed anon's own grant. From now on a new function created by
--    the migration role starts with no EXECUTE for anyone, and must grant it explicitly.
alter default privileges revoke execute on functions from public;

-- 3. The admin guard treated a request whose JWT carried no role as a database job. Only the
--    absence of request claims (pg_cron, psql) is a job; every API request has claims.
create or replace function private.require_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if nullif(current_setting('request.jwt.claims', true), '') is null then
    return;
  end if;
  if (select auth.role()) = 'service_role' or private.is_admin() then
    return;
  end if;
  raise exception using errcode = '42501', message = 'Admins only';
end;
$$;
comment on function private.require_admin() is
  'Guard of the admin RPCs: the caller''s profile role is admin, or the caller is the service '
  'role, or the SQL runs outside any API request (no request.jwt.claims: a database job).';

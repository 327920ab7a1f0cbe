-- Claims on adding a profile (issue 13, "A lookup that cannot miss"): two devices adding the
-- same person to the same Notion database at the same moment create one page. Before it creates
-- the page an add takes the claim keyed by (database, canonical profile URL); a second add that
-- finds the claim held does not create: it waits and looks the page up again. Just before it
-- creates, the holder renews its claim (and creates only if it still holds it). A create Notion
-- refused gives the claim back; a successful one, or one whose outcome is unknown, keeps it
-- until it expires, so a late second device still waits for the page to show in Notion's query
-- instead of creating another.
-- Spec: document 2 §4 ("Adding"); ARCHITECTURE §3 "Adding a profile is idempotent".
--
-- What must stay true:
-- - the table lives in `private` (not exposed by the API) with RLS on and no policy: only the
--   three functions below reach it, and they touch only the caller's key, or the caller's claim;
-- - a caller claims only for a database one of their own settings uses;
-- - a claim expires `private.profile_add_claim_ttl()` after it was taken or last renewed (a
--   crashed tab blocks nobody for longer); taking a key is one insert … on conflict, so two
--   concurrent callers can never both be granted;
-- - a renewal succeeds only while the row still holds the caller's token: then nobody else has
--   been granted the key since (a takeover replaces the token, a sweep deletes the row).

create function private.profile_add_claim_ttl() returns interval
language sql immutable set search_path = '' as $$ select interval '60 seconds' $$;
comment on function private.profile_add_claim_ttl() is 'How long a claim on adding a profile holds.';

create table private.profile_add_claims (
  database_id text not null check (database_id ~ '^[0-9a-f]{32}$'),
  canonical_url text not null check (canonical_url like 'https://www.linkedin.com/in/%' and length(canonical_url) <= 2048),
  token uuid not null,
  claimed_by uuid not null references public.profiles (id) on delete cascade,
  claimed_at timestamptz not null,
  primary key (database_id, canonical_url)
);
create index profile_add_claims_claimed_at_idx on private.profile_add_claims (claimed_at);
comment on table private.profile_add_claims is
  'Who is adding which profile to which Notion database right now. database_id is the Notion id '
  'lower-case without dashes; canonical_url is the profile''s canonical URL. Reached only through '
  'claim_profile_add, renew_profile_add and release_profile_add.';
alter table private.profile_add_claims enable row level security;
revoke all on private.profile_add_claims from public, anon, authenticated;

create type public.profile_add_claim as (granted boolean, token uuid, age_ms integer, ttl_ms integer);
comment on type public.profile_add_claim is
  'claim_profile_add''s answer: granted with the token that releases it, or not granted with the '
  'age of the claim someone else holds; ttl_ms is how long any claim holds.';

create function private.normalized_database_id(p_database_id text) returns text
language sql immutable set search_path = '' as $$ select lower(replace(p_database_id, '-', '')) $$;

create function public.claim_profile_add(database_id text, canonical_url text) returns public.profile_add_claim
language plpgsql security definer set search_path = '' as $$
declare
  v_profile uuid := private.current_profile_id();
  v_database text := private.normalized_database_id(database_id);
  v_token uuid := gen_random_uuid();
  v_taken uuid;
  v_claimed_at timestamptz;
  v_ttl_ms integer := (extract(epoch from private.profile_add_claim_ttl()) * 1000)::integer;
begin
  if v_profile is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if database_id is null or canonical_url is null then
    raise exception using errcode = '22004', message = 'database_id and canonical_url are required';
  end if;
  if not exists (select 1 from public.settings s
                  where s.user_id = v_profile and private.normalized_database_id(s.notion_db_id) = v_database) then
    raise exception using errcode = '42501', message = 'No setting of yours uses this database';
  end if;
  delete from private.profile_add_claims c where c.claimed_at < now() - private.profile_add_claim_ttl();
  insert into private.profile_add_claims as c (database_id, canonical_url, token, claimed_by, claimed_at)
  values (v_database, claim_profile_add.canonical_url, v_token, v_profile, now())
  on conflict on constraint profile_add_claims_pkey do update
     set token = excluded.token, claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at
   where c.claimed_at < now() - private.profile_add_claim_ttl()
  returning c.token into v_taken;
  if v_taken = v_token then
    return row(true, v_token, 0, v_ttl_ms)::public.profile_add_claim;
  end if;
  select c.claimed_at into v_claimed_at from private.profile_add_claims c
   where c.database_id = v_database and c.canonical_url = claim_profile_add.canonical_url;
  return row(false, null, greatest(0, (extract(epoch from now() - v_claimed_at) * 1000)::integer), v_ttl_ms)
    ::public.profile_add_claim;
end;
$$;
comment on function public.claim_profile_add(text, text) is
  'Takes the claim on adding canonical_url to the Notion database database_id (with or without '
  'dashes) for the caller, who must have a setting on that database (else 42501). Granted (with '
  'the token release_profile_add needs) when nobody holds it or the last claim is older than '
  'ttl_ms; otherwise not granted, with the held claim''s age. Expired claims are removed.';

create function public.release_profile_add(database_id text, canonical_url text, token uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_profile uuid := private.current_profile_id();
begin
  if v_profile is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  delete from private.profile_add_claims c
   where c.database_id = private.normalized_database_id(release_profile_add.database_id)
     and c.canonical_url = release_profile_add.canonical_url
     and c.token = release_profile_add.token
     and c.claimed_by = v_profile;
  return found;
end;
$$;
comment on function public.release_profile_add(text, text, uuid) is
  'Gives back the caller''s claim (the token claim_profile_add granted) when it creates nothing; '
  'true when it was held and is now released, false when it was not (expired, taken over, or '
  'someone else''s).';

create function public.renew_profile_add(database_id text, canonical_url text, token uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_profile uuid := private.current_profile_id();
begin
  if v_profile is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  update private.profile_add_claims c set claimed_at = now()
   where c.database_id = private.normalized_database_id(renew_profile_add.database_id)
     and c.canonical_url = renew_profile_add.canonical_url
     and c.token = renew_profile_add.token
     and c.claimed_by = v_profile;
  return found;
end;
$$;
comment on function public.renew_profile_add(text, text, uuid) is
  'Just before creating the page: true when the caller still holds the claim (the token '
  'claim_profile_add granted), which then runs ttl_ms from now; false when it does not (taken '
  'over after it expired, swept, released, or someone else''s) — the add must claim again.';

revoke all on function public.claim_profile_add(text, text), public.renew_profile_add(text, text, uuid),
  public.release_profile_add(text, text, uuid) from public, anon;
grant execute on function public.claim_profile_add(text, text), public.renew_profile_add(text, text, uuid),
  public.release_profile_add(text, text, uuid) to authenticated;
revoke all on function private.profile_add_claim_ttl(), private.normalized_database_id(text) from public;

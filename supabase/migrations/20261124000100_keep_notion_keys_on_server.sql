-- Notion integration keys leave everything a signed-in user can read (issue 13, "The Notion key
-- stays on the server"). Until now any user linked to a workspace could SELECT its
-- notion_internal_key, so the app kept it in IndexedDB and sent it on every proxied call.
--
-- From here on:
-- - the key lives in private.workspace_keys, which no API role can read or write; only the
--   security-definer RPCs below touch it;
-- - public.workspaces keeps notion_key, the mask (first 5 + '…' + last 3 characters) for the
--   debug views, now a plain column written with the key;
-- - create_workspace_with_association answers without the key, and the duplicate check of the
--   workspace modal is an RPC (linked_workspace_for_key) that answers without it too;
-- - notion_proxy_access (service role only) gives the notion-proxy edge function the key of a
--   workspace the caller is linked to, with the caller's team for the subscription gate.
-- secure_workspace_management is unchanged: deleting a workspace cascades to its key.

-- ───────────────────────────── private.workspace_keys ─────────────────────────────
create table private.workspace_keys (
  workspace_id uuid primary key references public.workspaces (id) on delete cascade,
  notion_internal_key text not null unique
    check (notion_internal_key = btrim(notion_internal_key) and length(notion_internal_key) between 45 and 55)
);
comment on table private.workspace_keys is
  'The Notion integration key of each workspace, stored once (unique). Readable by no API role: '
  'only create_workspace_with_association, linked_workspace_for_key and notion_proxy_access '
  '(security definer) use it. Deleted with its workspace.';
revoke all on private.workspace_keys from public, anon, authenticated;
alter table private.workspace_keys enable row level security;

insert into private.workspace_keys (workspace_id, notion_internal_key)
select id, notion_internal_key from public.workspaces;

-- The mask stays readable; it no longer derives from a readable key.
alter table public.workspaces alter column notion_key drop expression;
alter table public.workspaces drop column notion_internal_key;
alter table public.workspaces alter column notion_key set not null;
comment on column public.workspaces.notion_key is
  'Masked key for display (first 5 and last 3 characters, like the setting-details view), '
  'written with the key by create_workspace_with_association. The key itself is in '
  'private.workspace_keys.';
comment on table public.workspaces is
  'A Notion workspace reached through one internal integration key (kept in '
  'private.workspace_keys; only its mask is here). Rows are visible only to the users linked in '
  'workspace_users. Created and linked only by create_workspace_with_association, removed only '
  'by secure_workspace_management.';

create function private.mask_notion_key(p_key text) returns text
language sql immutable set search_path = '' as $$
  select left(p_key, 5) || '…' || right(p_key, 3)
$$;
comment on function private.mask_notion_key(text) is 'The displayed form of a key: first 5 and last 3 characters.';
revoke all on function private.mask_notion_key(text) from public;

create function private.workspace_summary(p_ws public.workspaces) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('id', p_ws.id, 'name', p_ws.name, 'notion_workspace_name', p_ws.notion_workspace_name,
                            'notion_workspace_id', p_ws.notion_workspace_id, 'notion_key', p_ws.notion_key,
                            'health', p_ws.health, 'created_at', p_ws.created_at)
$$;
comment on function private.workspace_summary(public.workspaces) is 'A workspace as the RPCs answer it: never a key, the mask only.';
revoke all on function private.workspace_summary(public.workspaces) from public;

-- ───────────────────────────── create_workspace_with_association ─────────────────────────────
create or replace function public.create_workspace_with_association(
  notion_key text, notion_workspace_id text, workspace_name text, notion_key_name text, auth_user_id uuid)
returns public.workspace_creation
language plpgsql security definer set search_path = '' as $$
declare
  v_profile uuid := private.require_caller(auth_user_id, 'auth_user_id');
  v_key text := btrim(notion_key);
  v_ws public.workspaces;
  v_existing uuid;
begin
  if v_key is null or v_key = '' then
    raise exception using errcode = '22023', message = 'Please enter a valid Notion API key';
  end if;
  if length(v_key) not between 45 and 55 then
    raise exception using errcode = '22023', message = 'Incorrect key length';
  end if;
  if workspace_name is null or btrim(workspace_name) = '' then
    raise exception using errcode = '22023', message = 'workspace_name is required';
  end if;

  insert into public.workspaces (notion_key, notion_workspace_id, notion_workspace_name, name)
  values (private.mask_notion_key(v_key), nullif(btrim(notion_workspace_id), ''), btrim(workspace_name),
          nullif(btrim(notion_key_name), ''))
  returning * into v_ws;
  -- A concurrent call with the same key waits here for the other transaction, then skips.
  insert into private.workspace_keys (workspace_id, notion_internal_key) values (v_ws.id, v_key)
  on conflict (notion_internal_key) do nothing;

  if not found then
    -- The key exists already: drop the row just made and use the stored workspace.
    delete from public.workspaces w where w.id = v_ws.id;
    select k.workspace_id into v_existing from private.workspace_keys k where k.notion_internal_key = v_key;
    select * into v_ws from public.workspaces w where w.id = v_existing for update;
    if exists (select 1 from public.workspace_users u where u.workspace_id = v_ws.id and u.user_id = v_profile) then
      return row(false,
        jsonb_build_object('id', v_ws.id, 'name', v_ws.name, 'notion_workspace_name', v_ws.notion_workspace_name),
        format('This API key is already associated with workspace "%s". Each key must be unique.',
               coalesce(v_ws.notion_workspace_name, v_ws.name)))::public.workspace_creation;
    end if;
  end if;

  insert into public.workspace_users (workspace_id, user_id) values (v_ws.id, v_profile) on conflict do nothing;
  return row(true, private.workspace_summary(v_ws), null)::public.workspace_creation;
end;
$$;
comment on function public.create_workspace_with_association(text, text, text, text, uuid) is
  'Stores a workspace for an integration key (the key in private.workspace_keys, its mask in '
  'workspaces.notion_key) and links the caller, in one transaction; never answers with the key. '
  'When the key is already stored and the caller is linked, the answer is success = false with '
  'the spec''s duplicate message naming the workspace, and new_workspace holding its id and '
  'names (what the modal shows). When another user stored it, the caller proves access by '
  'holding the key and is linked to the existing workspace (this is how a workspace gets several '
  'users). Invalid input raises: 22023 empty key / wrong length / no name, 22004 no user, 42501 '
  'another user, P0002 no profile.';

-- ───────────────────────────── linked_workspace_for_key ─────────────────────────────
create function public.linked_workspace_for_key(notion_key text)
returns table (id uuid, name text, notion_workspace_name text)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, w.notion_workspace_name
    from private.workspace_keys k
    join public.workspaces w on w.id = k.workspace_id
   where k.notion_internal_key = btrim(linked_workspace_for_key.notion_key)
     and exists (select 1 from public.workspace_users u
                  where u.workspace_id = w.id and u.user_id = private.current_profile_id())
$$;
comment on function public.linked_workspace_for_key(text) is
  'The workspace modal''s duplicate check (spec 1 §5 "A key already stored"): the id and names of '
  'the workspace holding this key, when the caller is linked to it; no row otherwise. Never '
  'returns a key.';

-- ───────────────────────────── notion_proxy_access ─────────────────────────────
create type public.notion_proxy_access as (
  has_team boolean, subscription_status text, trial_end_date timestamptz, notion_internal_key text);
comment on type public.notion_proxy_access is 'notion_proxy_access''s answer.';

create function public.notion_proxy_access(p_auth_user_id uuid, p_workspace_id uuid default null)
returns public.notion_proxy_access
language sql stable security definer set search_path = '' as $$
  select t.id is not null, t.subscription_status, t.trial_end_date, k.notion_internal_key
    from (select 1) as one
    left join public.teams t on t.id = private.team_of_user(p_auth_user_id)
    left join private.workspace_keys k on k.workspace_id = p_workspace_id
     and exists (select 1 from public.workspace_users u
                   join public.profiles p on p.id = u.user_id
                  where u.workspace_id = p_workspace_id and p.auth_id = p_auth_user_id)
$$;
comment on function public.notion_proxy_access(uuid, uuid) is
  'For the notion-proxy edge function (service role only): the user''s team (the one '
  'get_user_active_team answers, for the subscription gate) and, when p_workspace_id is given '
  'and the user is linked to that workspace, its Notion key; null key for a workspace the user '
  'is not linked to or that does not exist.';

revoke all on function public.linked_workspace_for_key(text), public.notion_proxy_access(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.linked_workspace_for_key(text) to authenticated, service_role;
grant execute on function public.notion_proxy_access(uuid, uuid) to service_role;

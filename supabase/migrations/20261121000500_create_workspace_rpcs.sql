-- The two workspace RPCs of document 1 §7: adding a workspace (with its link) and removing a
-- user from one (the last user's removal deletes the workspace and its settings).

create function private.require_caller(p_auth_user_id uuid, p_name text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_profile uuid;
begin
  if p_auth_user_id is null then
    raise exception using errcode = '22004', message = p_name || ' is required';
  end if;
  if (select auth.role()) is distinct from 'service_role' and (select auth.uid()) is distinct from p_auth_user_id then
    raise exception using errcode = '42501', message = 'You can only act for yourself';
  end if;
  select id into v_profile from public.profiles where auth_id = p_auth_user_id;
  if v_profile is null then
    raise exception using errcode = 'P0002', message = 'Profile not found for this user';
  end if;
  return v_profile;
end;
$$;
comment on function private.require_caller(uuid, text) is
  'Guard of the RPCs that take the caller''s auth id: required, must be the caller (or the service '
  'role), must have a profile. Returns the profile id.';
revoke all on function private.require_caller(uuid, text) from public;

-- ───────────────────────────── create_workspace_with_association ─────────────────────────────
create type public.workspace_creation as (success boolean, new_workspace jsonb, error text);
comment on type public.workspace_creation is 'create_workspace_with_association''s answer {success, new_workspace, error}.';

create function public.create_workspace_with_association(
  notion_key text, notion_workspace_id text, workspace_name text, notion_key_name text, auth_user_id uuid)
returns public.workspace_creation
language plpgsql security definer set search_path = '' as $$
declare
  v_profile uuid := private.require_caller(auth_user_id, 'auth_user_id');
  v_key text := btrim(notion_key);
  v_ws public.workspaces;
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

  insert into public.workspaces (notion_internal_key, notion_workspace_id, notion_workspace_name, name)
  values (v_key, nullif(btrim(notion_workspace_id), ''), btrim(workspace_name), nullif(btrim(notion_key_name), ''))
  on conflict (notion_internal_key) do nothing
  returning * into v_ws;

  if v_ws.id is null then
    -- The key exists already (perhaps inserted by a concurrent call a moment ago).
    select * into v_ws from public.workspaces w where w.notion_internal_key = v_key for update;
    if exists (select 1 from public.workspace_users u where u.workspace_id = v_ws.id and u.user_id = v_profile) then
      return row(false,
        jsonb_build_object('id', v_ws.id, 'name', v_ws.name, 'notion_workspace_name', v_ws.notion_workspace_name),
        format('This API key is already associated with workspace "%s". Each key must be unique.',
               coalesce(v_ws.notion_workspace_name, v_ws.name)))::public.workspace_creation;
    end if;
  end if;

  insert into public.workspace_users (workspace_id, user_id) values (v_ws.id, v_profile) on conflict do nothing;
  return row(true, to_jsonb(v_ws), null)::public.workspace_creation;
end;
$$;
comment on function public.create_workspace_with_association(text, text, text, text, uuid) is
  'Stores a workspace for an integration key and links the caller, in one transaction. The key '
  'is stored once: when it is already stored and the caller is linked, the answer is success = '
  'false with the spec''s duplicate message naming the workspace, and new_workspace holding its '
  'id and names (what the modal shows). When another user stored it, the caller proves access by '
  'holding the key and is linked to the existing workspace (this is how a workspace gets several '
  'users). Invalid input raises: 22023 empty key / wrong length / no name, 22004 no user, 42501 '
  'another user, P0002 no profile.';

-- ───────────────────────────── secure_workspace_management ─────────────────────────────
create type public.workspace_management as (
  success boolean, user_count integer, workspace_removed boolean, settings_removed integer, error text);
comment on type public.workspace_management is
  'secure_workspace_management''s answer {success, user_count, workspace_removed, settings_removed, error}.';

create function public.secure_workspace_management(p_operation text, p_workspace_id uuid, p_auth_user_id uuid)
returns public.workspace_management
language plpgsql security definer set search_path = '' as $$
declare
  v_profile uuid;
  v_users integer;
  v_settings integer := 0;
  v_more integer;
begin
  if p_operation is null then
    raise exception using errcode = '22004', message = 'p_operation is required';
  end if;
  if p_operation not in ('get_user_count', 'remove_user') then
    raise exception using errcode = '22023', message = format('Unknown operation: %s', p_operation),
      hint = 'Use get_user_count or remove_user';
  end if;
  if p_workspace_id is null then
    raise exception using errcode = '22004', message = 'p_workspace_id is required';
  end if;
  v_profile := private.require_caller(p_auth_user_id, 'p_auth_user_id');
  -- Lock the workspace: concurrent removals decide "last user" one after the other.
  perform 1 from public.workspaces where id = p_workspace_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'Workspace not found';
  end if;
  if not exists (select 1 from public.workspace_users where workspace_id = p_workspace_id and user_id = v_profile) then
    raise exception using errcode = '42501', message = 'You are not linked to this workspace';
  end if;

  if p_operation = 'get_user_count' then
    select count(*) into v_users from public.workspace_users where workspace_id = p_workspace_id;
    return row(true, v_users, false, 0, null)::public.workspace_management;
  end if;

  -- remove_user: the user's settings on this workspace go with the link (they lose the key).
  delete from public.settings where workspace_id = p_workspace_id and user_id = v_profile;
  get diagnostics v_settings = row_count;
  delete from public.workspace_users where workspace_id = p_workspace_id and user_id = v_profile;
  select count(*) into v_users from public.workspace_users where workspace_id = p_workspace_id;
  if v_users > 0 then
    return row(true, v_users, false, v_settings, null)::public.workspace_management;
  end if;
  delete from public.settings where workspace_id = p_workspace_id;
  get diagnostics v_more = row_count;
  delete from public.workspaces where id = p_workspace_id;
  return row(true, 0, true, v_settings + v_more, null)::public.workspace_management;
end;
$$;
comment on function public.secure_workspace_management(text, uuid, uuid) is
  'get_user_count: how many users are linked. remove_user: unlinks the caller and deletes their '
  'settings on the workspace (an active one is cleared on the profile by the foreign key); the '
  'last user''s removal deletes the workspace, its settings and errors. Only a linked caller may '
  'ask. Bad input raises: 22004 null, 22023 unknown operation, 42501 another user or not linked, '
  'P0002 unknown workspace.';

revoke all on function public.create_workspace_with_association(text, text, text, text, uuid),
  public.secure_workspace_management(text, uuid, uuid) from public;
grant execute on function public.create_workspace_with_association(text, text, text, text, uuid),
  public.secure_workspace_management(text, uuid, uuid) to authenticated, service_role;

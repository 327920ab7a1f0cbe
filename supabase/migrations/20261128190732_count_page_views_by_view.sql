-- Page views counted by their view (issue 32, item 1; spec 2 §4 "Each page view calls the quota
-- check", §6, §7). notion-proxy counts each page view it serves for the page screen, so the
-- monthly Notion quota no longer depends on the app calling check_and_increment_notion_quota.
-- A view carries an id the page screen draws (the x-sidenote-page-view header): the first call
-- naming an id checks and counts it, in one transaction; later calls naming it (the view's
-- revalidation, a retry, the app's own count of the same view) answer without counting again.

create table private.notion_page_views (
  auth_user_id uuid not null references auth.users (id) on delete cascade,
  view_id uuid not null,
  counted_at timestamptz not null default now(),
  constraint notion_page_views_pkey primary key (auth_user_id, view_id)
);
create index notion_page_views_user_counted_idx on private.notion_page_views (auth_user_id, counted_at);
comment on table private.notion_page_views is
  'The page views already counted against the Notion quota, by the id the page screen gave the '
  'view; kept for private.page_view_memory() (a view is counted again after that). Written only '
  'by count_notion_page_view. Not exposed through the API: private schema, RLS on and no policy.';
alter table private.notion_page_views enable row level security;
revoke all on private.notion_page_views from public, anon, authenticated;

create function private.page_view_memory() returns interval
language sql immutable set search_path = '' as $$ select interval '1 day' $$;
comment on function private.page_view_memory() is
  'How long a counted view id is remembered: its revalidations within this time are not counted '
  'again; a screen left open longer counts once more when it revalidates.';

create function public.count_notion_page_view(user_auth_id uuid, view_id uuid) returns public.quota_check
language plpgsql security definer set search_path = '' as $$
declare
  v_new boolean;
  v_check public.quota_check;
  r record;
begin
  perform private.authorize_user_arg(user_auth_id, 'user_auth_id');
  if count_notion_page_view.view_id is null then
    raise exception using errcode = '22004', message = 'view_id is required';
  end if;
  delete from private.notion_page_views v
   where v.auth_user_id = user_auth_id and v.counted_at < now() - private.page_view_memory();
  -- The claim and the count commit together: a concurrent call naming the same id waits on this
  -- row and then finds it (not counted twice), or finds nothing if this view was refused.
  insert into private.notion_page_views as v (auth_user_id, view_id)
  values (user_auth_id, count_notion_page_view.view_id)
  on conflict on constraint notion_page_views_pkey do nothing
  returning true into v_new;
  if v_new is null then
    select * into r from private.usage_now(user_auth_id);
    if not found then
      raise exception using errcode = 'P0002', message = 'Team not found';
    end if;
    return row(true, r.notion_pages_quota, r.notion_used)::public.quota_check;
  end if;
  v_check := private.check_and_increment(user_auth_id, 'notion');
  if not v_check.allowed then
    delete from private.notion_page_views v
     where v.auth_user_id = user_auth_id and v.view_id = count_notion_page_view.view_id;
  end if;
  return v_check;
end;
$$;
comment on function public.count_notion_page_view(uuid, uuid) is
  'Counts the page view view_id against the team''s notion_pages_quota for the month, as '
  'check_and_increment_notion_quota does, the first time the id is named; a view already counted '
  '(within private.page_view_memory()) answers allowed with the month''s count and counts '
  'nothing. Called by notion-proxy (service role) on each page read the page screen makes, and by '
  'the app (the user) for views made offline. Self or service role.';

revoke all on function private.page_view_memory() from public;
revoke all on function public.count_notion_page_view(uuid, uuid) from public, anon;
grant execute on function public.count_notion_page_view(uuid, uuid) to authenticated, service_role;

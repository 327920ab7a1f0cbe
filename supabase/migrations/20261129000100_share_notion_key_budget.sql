-- One Notion rate budget per key, shared by every notion-proxy instance (issue 31, item 6).
-- Notion allows an integration an average of 3 requests/s. The proxy paced each key in its own
-- memory, so on hosted Supabase every function instance (and every member of a team sharing the
-- workspace's key, served by whichever instance) spent those 3/s on its own. The key's schedule
-- lives here instead: a GCRA token bucket (a theoretical arrival time per key) taken in one
-- locked row, by the key's SHA-256 digest — the key itself never reaches this table.

create table private.notion_key_budgets (
  key_digest text primary key check (key_digest ~ '^[0-9a-f]{64}$'),
  -- When the key's next request would be due if requests went exactly one interval apart; a
  -- request may start once next_at minus the burst tolerance has come.
  next_at timestamptz not null
);
comment on table private.notion_key_budgets is
  'The shared Notion rate schedule per key (SHA-256 digest of the key, never the key), written '
  'only by take_notion_key_slot and hold_notion_key. Not exposed through the API: private '
  'schema, RLS on and no policy.';
alter table private.notion_key_budgets enable row level security;
revoke all on private.notion_key_budgets from public, anon, authenticated;

create function public.take_notion_key_slot(
  p_key_digest text, p_requests_per_second numeric, p_burst integer, p_max_wait_ms integer)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_interval interval;
  v_tolerance interval;
  v_now timestamptz;
  v_arrival timestamptz;
  v_start timestamptz;
  v_wait_ms integer;
begin
  if p_key_digest is null or p_key_digest !~ '^[0-9a-f]{64}$'
     or coalesce(p_requests_per_second, 0) <= 0 or coalesce(p_burst, 0) < 1 or coalesce(p_max_wait_ms, -1) < 0 then
    raise exception using errcode = '22023',
      message = 'a key digest (64 hex digits), a positive rate, a burst of at least 1 and a maximum wait are required';
  end if;
  v_interval := make_interval(secs => 1 / p_requests_per_second);
  v_tolerance := v_interval * (p_burst - 1);
  insert into private.notion_key_budgets (key_digest, next_at) values (p_key_digest, '-infinity')
  on conflict (key_digest) do nothing;
  -- Every instance taking a slot of this key waits here for the one before it: the row lock is
  -- what makes the budget one.
  select b.next_at into v_arrival from private.notion_key_budgets b where b.key_digest = p_key_digest for update;
  v_now := clock_timestamp();
  v_arrival := greatest(v_now, v_arrival);
  v_start := greatest(v_now, v_arrival - v_tolerance);
  v_wait_ms := ceil(extract(epoch from (v_start - v_now)) * 1000)::integer;
  if v_wait_ms > p_max_wait_ms then
    return v_wait_ms;
  end if;
  update private.notion_key_budgets b set next_at = v_arrival + v_interval where b.key_digest = p_key_digest;
  return v_wait_ms;
end;
$$;
comment on function public.take_notion_key_slot(text, numeric, integer, integer) is
  'Takes the next start of the Notion key p_key_digest (its SHA-256) under a token bucket of '
  'p_requests_per_second on average with bursts of p_burst, shared by every caller: answers the '
  'milliseconds to wait before sending. An answer over p_max_wait_ms took no slot (the queue is '
  'too long: answer Retry-After instead). Service role only (notion-proxy).';

create function public.hold_notion_key(
  p_key_digest text, p_retry_after_seconds integer, p_requests_per_second numeric, p_burst integer)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_resume timestamptz;
begin
  if p_key_digest is null or p_key_digest !~ '^[0-9a-f]{64}$' or coalesce(p_retry_after_seconds, -1) < 0
     or coalesce(p_requests_per_second, 0) <= 0 or coalesce(p_burst, 0) < 1 then
    raise exception using errcode = '22023',
      message = 'a key digest (64 hex digits), a Retry-After of 0 or more seconds, a positive rate and a burst of at least 1 are required';
  end if;
  -- The first start after the hold is at v_resume, the next ones one interval apart (no burst).
  v_resume := clock_timestamp() + make_interval(secs => p_retry_after_seconds)
    + make_interval(secs => 1 / p_requests_per_second) * (p_burst - 1);
  insert into private.notion_key_budgets as b (key_digest, next_at) values (p_key_digest, v_resume)
  on conflict (key_digest) do update set next_at = greatest(b.next_at, excluded.next_at);
end;
$$;
comment on function public.hold_notion_key(text, integer, numeric, integer) is
  'Notion answered 429 with Retry-After for the key p_key_digest: no slot of take_notion_key_slot '
  '(same rate and burst) starts before p_retry_after_seconds from now. Service role only '
  '(notion-proxy).';

revoke all on function public.take_notion_key_slot(text, numeric, integer, integer) from public, anon, authenticated;
revoke all on function public.hold_notion_key(text, integer, numeric, integer) from public, anon, authenticated;
grant execute on function public.take_notion_key_slot(text, numeric, integer, integer) to service_role;
grant execute on function public.hold_notion_key(text, integer, numeric, integer) to service_role;

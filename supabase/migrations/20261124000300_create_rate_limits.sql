-- Per-user rate limits for edge functions that act on a user's behalf (slack-notify first).
-- A function runs in many isolates at once on the hosted platform, so a counter in its memory
-- would limit nothing: the count lives here, taken in one statement.

create table private.rate_limit_windows (
  auth_user_id uuid not null references auth.users (id) on delete cascade,
  bucket text not null check (length(bucket) between 1 and 64),
  window_start timestamptz not null,
  hits integer not null check (hits >= 1),
  primary key (auth_user_id, bucket)
);
comment on table private.rate_limit_windows is
  'Fixed-window hit counters per (user, bucket), written only by take_rate_limit_slot. Not exposed '
  'through the API: private schema, RLS on and no policy.';
alter table private.rate_limit_windows enable row level security;
revoke all on private.rate_limit_windows from public, anon, authenticated;

create function public.take_rate_limit_slot(
  p_auth_user_id uuid, p_bucket text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_window interval := make_interval(secs => p_window_seconds);
  v_row private.rate_limit_windows;
begin
  if p_auth_user_id is null or p_bucket is null or coalesce(p_limit, 0) < 1 or coalesce(p_window_seconds, 0) < 1 then
    raise exception using errcode = '22023', message = 'a user, a bucket, a positive limit and a positive window are required';
  end if;
  insert into private.rate_limit_windows as w (auth_user_id, bucket, window_start, hits)
  values (p_auth_user_id, p_bucket, v_now, 1)
  on conflict (auth_user_id, bucket) do update
    set window_start = case when w.window_start + v_window <= v_now then v_now else w.window_start end,
        hits = case when w.window_start + v_window <= v_now then 1 else w.hits + 1 end
  returning * into v_row;
  if v_row.hits <= p_limit then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (v_row.window_start + v_window - v_now)))::integer);
end;
$$;
comment on function public.take_rate_limit_slot(uuid, text, integer, integer) is
  'Counts one hit for (user, bucket) in a fixed window of p_window_seconds; answers 0 when the hit '
  'is within p_limit, else the seconds until the window ends (for Retry-After). Service role only.';
revoke all on function public.take_rate_limit_slot(uuid, text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit_slot(uuid, text, integer, integer) to service_role;

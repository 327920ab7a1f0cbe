-- Operator notifications sent once per user (issue 19 "a new user"; spec 1 "new user
-- registered"): slack-notify claims the notice here before posting it, in one statement, so
-- retries, several tabs or isolates calling at once still give the operators one message.

create table private.operator_notices (
  auth_user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('new_user')),
  sent_at timestamptz not null default now(),
  primary key (auth_user_id, kind)
);
comment on table private.operator_notices is
  'The once-per-user operator notifications already sent (kind new_user), written only by '
  'claim_operator_notice. Not exposed through the API: private schema, RLS on and no policy.';
alter table private.operator_notices enable row level security;
revoke all on private.operator_notices from public, anon, authenticated;

create function public.claim_operator_notice(p_auth_user_id uuid, p_kind text)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_claimed boolean;
begin
  insert into private.operator_notices (auth_user_id, kind)
  values (p_auth_user_id, p_kind)
  on conflict (auth_user_id, kind) do nothing
  returning true into v_claimed;
  return coalesce(v_claimed, false);
end;
$$;
comment on function public.claim_operator_notice(uuid, text) is
  'Records that the notice p_kind about p_auth_user_id is being sent: true the first time, false '
  'ever after (the caller then sends nothing). Service role only (slack-notify).';
revoke all on function public.claim_operator_notice(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_operator_notice(uuid, text) to service_role;

-- Operator alerts once per provider incident (issue 32, item 3): get-profile-data-by-url posted
-- one Slack alert per failed request, so a provider answering 429 to a busy hour was hundreds of
-- posts. An incident is a run of failures of one kind (p_incident, e.g. 'LinkedIn:rate:429')
-- with no gap longer than the caller's quiet time; only its first failure is alerted. The state
-- lives here, not in a function's memory: hosted functions run in many isolates.

create table private.provider_incidents (
  incident text primary key check (length(incident) between 1 and 100),
  opened_at timestamptz not null,
  last_failure_at timestamptz not null,
  failures integer not null check (failures >= 1)
);
comment on table private.provider_incidents is
  'Each kind of provider failure: when its current incident opened, its last failure and how '
  'many failures it has had. Written only by claim_provider_incident. Not exposed through the '
  'API: private schema, RLS on and no policy.';
alter table private.provider_incidents enable row level security;
revoke all on private.provider_incidents from public, anon, authenticated;

create function public.claim_provider_incident(p_incident text, p_quiet_seconds integer)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_quiet interval;
  v_failures integer;
begin
  if p_incident is null or coalesce(p_quiet_seconds, 0) < 1 then
    raise exception using errcode = '22023', message = 'an incident and a positive quiet time are required';
  end if;
  v_quiet := make_interval(secs => p_quiet_seconds);
  insert into private.provider_incidents as i (incident, opened_at, last_failure_at, failures)
  values (p_incident, v_now, v_now, 1)
  on conflict (incident) do update
    set opened_at = case when i.last_failure_at + v_quiet <= v_now then v_now else i.opened_at end,
        failures = case when i.last_failure_at + v_quiet <= v_now then 1 else i.failures + 1 end,
        last_failure_at = v_now
  returning failures into v_failures;
  return v_failures = 1;
end;
$$;
comment on function public.claim_provider_incident(text, integer) is
  'Records one failure of p_incident: true when it opens a new incident (none before, or the '
  'last failure is p_quiet_seconds old or more) — the caller then alerts the operators —, false '
  'while the incident goes on. One statement, so concurrent failures open it once. Service role '
  'only (get-profile-data-by-url).';
revoke all on function public.claim_provider_incident(text, integer) from public, anon, authenticated;
grant execute on function public.claim_provider_incident(text, integer) to service_role;

-- Issue 18, the Stripe webhook and the subscription syncs (stripe-webhook, sync-stripe-subscription,
-- sync-stripe-cron). Two things only the service role touches:
-- 1. the ids of the Stripe events already processed, so a replayed event is answered and ignored;
-- 2. on each team, when the Stripe state written there was read, so a state read earlier (a slow
--    webhook racing a newer one, a sync overlapping a webhook) never overwrites one read later.

-- ───────────────────────────── stripe_webhook_events ─────────────────────────────
create table public.stripe_webhook_events (
  id text primary key check (id like 'evt\_%' and length(id) <= 255),
  type text not null check (length(type) between 1 and 100),
  event_created timestamptz not null,
  processed_at timestamptz not null default now(),
  outcome text not null check (length(outcome) between 1 and 500)
);
create index stripe_webhook_events_processed_at_idx on public.stripe_webhook_events (processed_at);
comment on table public.stripe_webhook_events is
  'Stripe events stripe-webhook has processed (one row each, written after the event''s change is '
  'in the database): a delivery whose id is here is answered 200 and changes nothing. Rows older '
  'than 30 days are pruned by sync-stripe-cron (Stripe stops retrying after 3 days; a signature '
  'older than 300 s is refused anyway). Service role only: RLS on, no policy.';
comment on column public.stripe_webhook_events.event_created is 'The event''s `created` (Stripe''s clock).';
comment on column public.stripe_webhook_events.outcome is
  'What processing did: the team synced, or why nothing was (no team for the customer, type not used).';

alter table public.stripe_webhook_events enable row level security;
revoke all on public.stripe_webhook_events from anon, authenticated;

-- ───────────────────────────── teams.stripe_synced_at ─────────────────────────────
alter table public.teams add column stripe_synced_at timestamptz;
comment on column public.teams.stripe_synced_at is
  'When the billing columns'' Stripe state was read (the start of the read, by the function that '
  'wrote it). A write whose read started earlier than this one is refused: the newer read wins. '
  'Null until the first write from Stripe.';

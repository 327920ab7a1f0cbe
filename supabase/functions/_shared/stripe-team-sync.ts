/**
 * "Team from subscription": the one way a team's billing columns are written from Stripe, used by
 * stripe-webhook (on each subscription or checkout event), sync-stripe-subscription (a user's
 * refresh) and sync-stripe-cron (every team); create-stripe-customer writes the subscription it
 * made through the same guarded write (writeTeamBilling). The event body is never trusted for
 * the state: the customer's subscriptions are read from Stripe now, and the one in force is
 * written (_shared/stripe-team-state.ts chooses and maps).
 *
 * What must stay true:
 * - order-insensitive and idempotent: whichever event arrives, late or twice, the team gets the
 *   state Stripe has at the time of the read — an older event cannot bring back an older state;
 * - a read that started earlier never overwrites one that started later (two deliveries or a
 *   sync racing): the write carries the read's start time into teams.stripe_synced_at and
 *   applies only where the stored one is not later;
 * - the team is the one whose stripe_customer_id is the customer. Only when no team has it yet
 *   (an event that overtook the write of create-stripe-customer) is `metadata.team_id` (on the
 *   event's object, or on the Stripe customer) used, and only for a team with no customer yet:
 *   the customer is then linked to it. Metadata is set by our functions, never by users, and the
 *   customer is read from Stripe itself;
 * - Stripe's or the database's failures are thrown (the caller answers 5xx, so Stripe retries);
 *   a customer Stripe does not know is an outcome, not a failure;
 * - a free subscription a running paid one replaced is retired by the same read
 *   (retireFreeSubscriptions): the webhook does it as soon as the paid one runs — on the
 *   checkout's or the payment's event — so the $0 plan does not linger until the account screen
 *   is opened; an incomplete paid one retires nothing. The choice of the subscription in force
 *   does not change by it (a running paid plan is already ahead of the free one).
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { isMissingInStripe, retireFreeSubscriptions, subscriptionsOf } from './billing-stripe.ts';
import type { BillingTeam } from './billing-team.ts';
import type { Stripe } from './stripe.ts';
import { subscriptionInForce, teamBillingOf, type TeamBilling } from './stripe-team-state.ts';

/** A team as the syncs name it (the columns of TEAM_REF). */
export type TeamRef = Pick<BillingTeam, 'id' | 'name' | 'stripe_customer_id'>;

/**
 * updated: the team now has the state read; unchanged: it already had it (nothing written);
 * stale: a read that started later had already been written (nothing written).
 */
export type WriteResult = 'updated' | 'unchanged' | 'stale';

export type SyncOutcome =
  | { kind: 'synced'; billing: TeamBilling; written: WriteResult; retired: string[] }
  | { kind: 'no_subscription' }
  | { kind: 'unknown_customer' };

const TEAM_REF = 'id, name, stripe_customer_id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every subscription of the customer (any status) with its products; null when Stripe has no such
 * customer (or it was deleted).
 */
async function subscriptionsOfKnown(stripe: Stripe, customerId: string): Promise<Stripe.Subscription[] | null> {
  try {
    const subscriptions = await subscriptionsOf(stripe, customerId);
    if (subscriptions.length > 0) return subscriptions;
    // None: a customer without subscription, or one Stripe does not know (deleted, another account)?
    const customer = await stripe.customers.retrieve(customerId);
    return 'deleted' in customer && customer.deleted ? null : [];
  } catch (error) {
    if (isMissingInStripe(error)) return null;
    throw error;
  }
}

/** Whether the stored row already holds every column of `billing` (timestamps compared as instants). */
function holds(stored: Record<string, unknown>, billing: TeamBilling): boolean {
  return Object.entries(billing).every(([column, value]) => {
    const current = stored[column];
    if (column.endsWith('_date') && typeof value === 'string' && typeof current === 'string') {
      return Date.parse(value) === Date.parse(current);
    }
    return current === value;
  });
}

/**
 * Writes `billing` (read at `readAt`) on the team, linking the customer when asked: unless the row
 * already holds it (nothing written, so an event that brings nothing new changes nothing), or a
 * read that started later already wrote it (stale). The syncs below and create-stripe-customer
 * write through it, so every write of a team's billing carries the same guard.
 */
export async function writeTeamBilling(
  db: SupabaseClient,
  teamId: string,
  billing: TeamBilling,
  readAt: string,
  linkCustomerId?: string,
): Promise<WriteResult> {
  const { data: stored, error: readError } = await db
    .from('teams')
    .select(Object.keys(billing).join(', '))
    .eq('id', teamId)
    .maybeSingle();
  if (readError) throw new Error(`reading team ${teamId} failed: ${readError.message}`);
  if (!stored) return 'stale'; // the team is gone
  if (!linkCustomerId && holds(stored as unknown as Record<string, unknown>, billing)) return 'unchanged';
  const { data, error } = await db
    .from('teams')
    .update({ ...billing, stripe_synced_at: readAt, ...(linkCustomerId && { stripe_customer_id: linkCustomerId }) })
    .eq('id', teamId)
    .or(`stripe_synced_at.is.null,stripe_synced_at.lte."${readAt}"`)
    .select('id');
  if (error) throw new Error(`writing team ${teamId} failed: ${error.message}`);
  return (data ?? []).length > 0 ? 'updated' : 'stale';
}

/**
 * Reads the customer's subscriptions from Stripe and writes the one in force on the team. With
 * `linkCustomer`, the team (which had no customer) gets `customerId` as its customer too.
 */
export async function syncTeamFromStripe(
  db: SupabaseClient,
  stripe: Stripe,
  teamId: string,
  customerId: string,
  options: { linkCustomer?: boolean } = {},
): Promise<SyncOutcome> {
  const readAt = new Date().toISOString();
  const subscriptions = await subscriptionsOfKnown(stripe, customerId);
  if (subscriptions === null) return { kind: 'unknown_customer' };
  const sub = subscriptionInForce(subscriptions);
  if (!sub) return { kind: 'no_subscription' };
  const retired = await retireFreeSubscriptions(stripe, subscriptions);
  const billing = teamBillingOf(sub);
  const written = await writeTeamBilling(db, teamId, billing, readAt, options.linkCustomer ? customerId : undefined);
  return { kind: 'synced', billing, written, retired };
}

async function teamWhere(db: SupabaseClient, column: 'id' | 'stripe_customer_id', value: string) {
  const { data, error } = await db.from('teams').select(TEAM_REF).eq(column, value).maybeSingle();
  if (error) throw new Error(`reading the team failed: ${error.message}`);
  return data as TeamRef | null;
}

/** `metadata.team_id` when it is a team id's shape. */
export function teamIdHint(metadata: Record<string, string> | null | undefined): string | undefined {
  const id = metadata?.team_id?.trim();
  return id && UUID.test(id) ? id : undefined;
}

/**
 * The team of a Stripe customer: by stripe_customer_id; else by a `team_id` hint (the event
 * object's metadata, then the Stripe customer's) naming a team that has no customer yet, in which
 * case `link` is true. Null when no team is the customer's.
 */
export async function teamOfCustomer(
  db: SupabaseClient,
  stripe: Stripe,
  customerId: string,
  hint?: string,
): Promise<{ team: TeamRef; link: boolean } | null> {
  const owned = await teamWhere(db, 'stripe_customer_id', customerId);
  if (owned) return { team: owned, link: false };
  let teamId = hint;
  if (!teamId) {
    try {
      const customer = await stripe.customers.retrieve(customerId);
      teamId = 'deleted' in customer && customer.deleted ? undefined : teamIdHint(customer.metadata);
    } catch (error) {
      if (isMissingInStripe(error)) return null;
      throw error;
    }
  }
  if (!teamId) return null;
  const named = await teamWhere(db, 'id', teamId);
  return named && named.stripe_customer_id === null ? { team: named, link: true } : null;
}

/** A one-line description of an outcome (webhook log, sync results). */
export function describeOutcome(outcome: SyncOutcome): string {
  switch (outcome.kind) {
    case 'synced': {
      const retired = outcome.retired.length > 0 ? `; free plan retired: ${outcome.retired.join(', ')}` : '';
      if (outcome.written === 'stale') return `unchanged: a later read of Stripe had already been written${retired}`;
      return `${outcome.written === 'updated' ? 'synced' : 'unchanged'}: ${outcome.billing.plan_name ?? 'plan ?'} ${outcome.billing.subscription_status}${retired}`;
    }
    case 'no_subscription':
      return 'no subscription for this customer';
    case 'unknown_customer':
      return 'Stripe has no such customer';
  }
}

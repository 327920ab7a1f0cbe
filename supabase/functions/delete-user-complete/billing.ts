/**
 * The billing a user's deletion ends first (issue 32: "a deleted user keeps paying"). The teams
 * that go with the user are the ones they own — teams_owner_id_fkey cascades, so a shared team
 * goes with its owner (delete_user_complete's comment) — and each of their Stripe customers has
 * its live subscriptions canceled now and is then deleted (the API then answers only its id and
 * `deleted: true` — no e-mail, no name — and nothing renews). A team the user only joined keeps
 * its billing.
 *
 * What must stay true:
 * - only the customers stored on those teams (teams.stripe_customer_id) are asked about: every
 *   customer that can carry a paid plan is stored (checkout needs the team's stored customer; the
 *   webhook links one it finds by metadata before it writes), and an installation without Stripe
 *   stores none, so its deletions never call Stripe;
 * - a customer Stripe does not know, or deleted already, is done — not a failure;
 * - any other failure is thrown before anything of the account is touched: the caller stops and
 *   the account stays. Running it again is safe (each step skips what is done).
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { endSubscription, isMissingInStripe, subscriptionsOf } from '../_shared/billing-stripe.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { isLive } from '../_shared/stripe-team-state.ts';

/** The Stripe customers of the teams `userId` (an auth user id) owns. */
export async function customersOfOwnedTeams(db: SupabaseClient, userId: string): Promise<string[]> {
  const profile = await db.from('profiles').select('id').eq('auth_id', userId).maybeSingle();
  if (profile.error) throw new Error(`reading the profile failed: ${profile.error.message}`);
  if (!profile.data) return [];
  const teams = await db.from('teams').select('stripe_customer_id').eq('owner_id', profile.data.id);
  if (teams.error) throw new Error(`reading the owned teams failed: ${teams.error.message}`);
  return (teams.data as { stripe_customer_id: string | null }[]).flatMap((t) =>
    t.stripe_customer_id ? [t.stripe_customer_id] : [],
  );
}

/** Cancels the customer's live subscriptions now, then deletes the customer. */
async function endCustomerBilling(stripe: Stripe, customerId: string): Promise<void> {
  try {
    const customer = await stripe.customers.retrieve(customerId);
    if ('deleted' in customer && customer.deleted) return;
    for (const sub of await subscriptionsOf(stripe, customerId)) {
      if (isLive(sub)) await endSubscription(stripe, sub.id);
    }
    await stripe.customers.del(customerId);
  } catch (error) {
    if (isMissingInStripe(error)) return;
    throw error;
  }
}

/** Ends the billing of each customer in turn; no customer, no Stripe client (no key needed). */
export async function endBillingOf(customerIds: readonly string[]): Promise<void> {
  if (customerIds.length === 0) return;
  const stripe = stripeClient();
  for (const customerId of customerIds) await endCustomerBilling(stripe, customerId);
}

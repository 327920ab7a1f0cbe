/**
 * stripe-webhook: Stripe's events for the teams (spec 2 §5, §7; issue 18). Stripe POSTs each
 * event with `Stripe-Signature: t=…,v1=…`; the subscription and checkout events re-sync the team
 * of the event's customer from Stripe (_shared/stripe-team-sync.ts).
 *
 * Answers:
 * - 400 `{error}` and no change: no signature (refused before the unauthenticated body is
 *   read), a signature that is not the endpoint secret's
 *   HMAC of this exact body, or a timestamp more than 300 s from now (a captured delivery cannot
 *   be replayed later) — checked by the official SDK (constructEventAsync, SubtleCrypto);
 * - 413 `{error}`: a body over STRIPE_EVENT_MAX_BYTES (read no further);
 * - 200 `{received: true, duplicate: true}` and no change: an event id already processed
 *   (public.stripe_webhook_events) — a replay within the 300 s, or Stripe resending after a
 *   lost answer;
 * - 200 `{received: true, outcome}` once processed (the id then recorded): the team synced, or
 *   why not (no team for the customer, an event type we do not use);
 * - 500 when Stripe or the database fails: the id is not recorded, so Stripe's retry runs it again.
 *
 * Ordering: the event's body is not trusted for the state. Whatever the event, the team is
 * written from the customer's subscriptions as Stripe has them when the event is processed, so
 * events arriving late, twice or out of order all leave the latest state; and a read that started
 * earlier never overwrites a later one (teams.stripe_synced_at). Team lookup: see
 * _shared/stripe-team-sync.ts (stripe_customer_id; metadata.team_id only for a team with no
 * customer yet). The relay does not check a JWT (config.toml verify_jwt = false): Stripe sends
 * none; the signature is the authentication. Secrets never reach the logs (redactText).
 */
import { failure, logFailure, METHOD_NOT_ALLOWED } from '../_shared/billing-http.ts';
import { serviceClient } from '../_shared/clients.ts';
import { jsonResponse } from '../_shared/http.ts';
import { PayloadTooLarge, readSignedBody } from '../_shared/request-body.ts';
import { Stripe, stripeClient, stripeWebhookSecret } from '../_shared/stripe.ts';
import { describeOutcome, syncTeamFromStripe, teamIdHint, teamOfCustomer } from '../_shared/stripe-team-sync.ts';

/**
 * The largest event body read (a subscription or checkout event is a few KiB; Stripe names no
 * limit): past it 413, before the signature is checked. Issue 32.
 */
const STRIPE_EVENT_MAX_BYTES = 512 * 1024;

/** Stripe's default tolerance, as the issue asks: the signed timestamp may be at most 300 s old. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The events that can change a team's subscription. */
const TEAM_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'checkout.session.completed',
]);

const cryptoProvider = Stripe.createSubtleCryptoProvider();

type EventObject = { customer?: string | { id: string } | null; metadata?: Record<string, string> | null };

async function verifiedEvent(req: Request): Promise<Stripe.Event | null> {
  const signed = await readSignedBody(req, 'stripe-signature', STRIPE_EVENT_MAX_BYTES);
  if (!signed) return null;
  const { body, signature } = signed;
  try {
    return await stripeClient().webhooks.constructEventAsync(
      body,
      signature,
      stripeWebhookSecret(),
      SIGNATURE_TOLERANCE_SECONDS,
      cryptoProvider,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    throw error;
  }
}

/** What processing the event did, for the answer and the record. */
async function processEvent(event: Stripe.Event): Promise<string> {
  if (!TEAM_EVENTS.has(event.type)) return `ignored: ${event.type} is not used`;
  const object = event.data.object as EventObject;
  const customer = object.customer;
  const customerId = typeof customer === 'string' ? customer : customer?.id;
  if (!customerId) return 'ignored: no customer on the event';
  const db = serviceClient();
  const stripe = stripeClient();
  const found = await teamOfCustomer(db, stripe, customerId, teamIdHint(object.metadata));
  if (!found) return `ignored: no team for customer ${customerId}`;
  const outcome = await syncTeamFromStripe(db, stripe, found.team.id, customerId, { linkCustomer: found.link });
  return `team ${found.team.id}: ${describeOutcome(outcome)}`;
}

async function alreadyProcessed(eventId: string): Promise<boolean> {
  const { data, error } = await serviceClient().from('stripe_webhook_events').select('id').eq('id', eventId);
  if (error) throw new Error(`reading processed events failed: ${error.message}`);
  return (data ?? []).length > 0;
}

async function recordProcessed(event: Stripe.Event, outcome: string): Promise<void> {
  const { error } = await serviceClient()
    .from('stripe_webhook_events')
    .upsert(
      {
        id: event.id,
        type: event.type,
        event_created: new Date(event.created * 1000).toISOString(),
        outcome: outcome.slice(0, 500),
      },
      { onConflict: 'id', ignoreDuplicates: true },
    );
  if (error) throw new Error(`recording event ${event.id} failed: ${error.message}`);
}

async function stripeWebhook(req: Request): Promise<Response> {
  const event = await verifiedEvent(req);
  if (!event) return failure(req, 400, 'Invalid or missing Stripe signature');
  if (await alreadyProcessed(event.id)) return jsonResponse(req, 200, { received: true, duplicate: true });
  const outcome = await processEvent(event);
  await recordProcessed(event, outcome);
  console.log(`stripe-webhook ${event.id} ${event.type}: ${outcome}`);
  return jsonResponse(req, 200, { received: true, outcome });
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return failure(req, 405, METHOD_NOT_ALLOWED);
  try {
    return await stripeWebhook(req);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return failure(req, 413, error.message);
    logFailure('stripe-webhook failed', error);
    return failure(req, 500, 'Webhook processing failed; Stripe will retry');
  }
});

/**
 * stripe-customer-portal: the hosted billing portal for the team's customer (spec 2 §2 "Manage
 * Subscription", §7 `POST stripe-customer-portal {customerId, returnUrl} returns url; default
 * return is the account page`).
 *
 * POST with the session as bearer and optional `{customerId, returnUrl}`. Answers 200
 * `{url, sessionId}`, or `{error}`: 401 'Authentication required'; 400 INVALID_RETURN_URL;
 * 404 'Team not found' (also a customerId that is not the team's); 403 OWNER_ONLY; 409
 * NO_CUSTOMER; 502 'Failed to create customer portal session' when Stripe fails.
 *
 * What must stay true: the portal opens for the caller's active team's customer only, and
 * sends the browser back to `<app origin>/account` (the origin checked as in billing-http.ts;
 * the path is ours).
 */
import { z } from 'npm:zod@4.6.7';
import { appReturnOrigin, failure, INVALID_RETURN_URL, serveBilling } from '../_shared/billing-http.ts';
import { billingCallerOf, namesOwn, OWNER_ONLY, TEAM_NOT_FOUND } from '../_shared/billing-team.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { stripeClient } from '../_shared/stripe.ts';

export const MESSAGES = {
  failed: 'Failed to create customer portal session',
  noCustomer: 'No billing account for this team yet',
} as const;

const PortalBody = z
  .object(
    {
      customerId: z.string({ error: 'customerId must be a string' }).optional(),
      returnUrl: z.string({ error: INVALID_RETURN_URL }).optional(),
    },
    { error: 'The request body must be a JSON object' },
  )
  .optional();

async function customerPortal(req: Request): Promise<Response> {
  const who = await billingCallerOf(req);
  if (!who.ok && who.reason === 'unauthenticated') return failure(req, 401, 'Authentication required');
  const parsed = PortalBody.safeParse(await readJson(req));
  if (!parsed.success) return failure(req, 400, parsed.error.issues[0].message);
  const origin = appReturnOrigin(req, parsed.data?.returnUrl);
  if (!origin) return failure(req, 400, INVALID_RETURN_URL);
  if (!who.ok) return failure(req, 404, TEAM_NOT_FOUND);
  const { team, isOwner } = who.caller;
  if (!namesOwn(parsed.data?.customerId, team.stripe_customer_id)) return failure(req, 404, TEAM_NOT_FOUND);
  if (!isOwner) return failure(req, 403, OWNER_ONLY);
  if (!team.stripe_customer_id) return failure(req, 409, MESSAGES.noCustomer);

  const session = await stripeClient().billingPortal.sessions.create({
    customer: team.stripe_customer_id,
    return_url: `${origin}/account`,
  });
  return jsonResponse(req, 200, { url: session.url, sessionId: session.id });
}

serveBilling('stripe-customer-portal', customerPortal, { failed: MESSAGES.failed });

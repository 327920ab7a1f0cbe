/**
 * Checkout sessions (mode `subscription`, one line item, hosted page at `url`), billing portal
 * sessions (hosted page at `url`) and events (`GET /v1/events[/{id}]`).
 */
import { z } from 'zod';
import type { Handler } from './context.ts';
import { StripeError, unsupported } from './errors.ts';
import { list, render } from './expand.ts';
import { listParams, parse, zBool, zExpand, zInt, zMetadata } from './form.ts';
import { newId } from './ids.ts';
import type { CheckoutSessionRecord, PortalSessionRecord } from './model.ts';

/** Stripe's default: a session can be completed for 24 hours. */
const CHECKOUT_LIFETIME_SECONDS = 24 * 3600;

const checkoutSchema = z.strictObject({
  mode: z.enum(['subscription', 'payment', 'setup']),
  line_items: z.array(z.strictObject({ price: z.string(), quantity: zInt.optional() })).min(1),
  success_url: z.url(),
  cancel_url: z.url().optional(),
  customer: z.string().optional(),
  customer_email: z.string().optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: zMetadata.optional(),
  subscription_data: z
    .strictObject({
      metadata: zMetadata.optional(),
      trial_period_days: zInt.optional(),
      description: z.string().optional(),
    })
    .optional(),
  allow_promotion_codes: zBool.optional(),
  billing_address_collection: z.enum(['auto', 'required']).optional(),
  locale: z.string().optional(),
  payment_method_types: z.array(z.literal('card')).optional(),
  expand: zExpand,
});

export const createCheckoutSession: Handler = ({ store, origin, input }) => {
  const q = parse(checkoutSchema, input);
  if (q.mode !== 'subscription') throw unsupported('mode', `Checkout in mode ${q.mode} (only subscription)`);
  if (q.line_items.length > 1) throw unsupported('line_items', 'more than one line item');
  if ((q.line_items[0].quantity ?? 1) !== 1) throw unsupported('line_items[0][quantity]', 'a quantity other than 1');
  if (q.customer && q.customer_email) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: customer, customer_email.',
      'parameter_invalid',
      'customer_email',
    );
  }
  const price = store.get('prices', q.line_items[0].price, 'price', 'line_items[0][price]');
  if (!price.active)
    throw new StripeError(
      400,
      'invalid_request_error',
      `The price specified is inactive. This field only accepts active prices.`,
      'price_inactive',
      'line_items[0][price]',
    );
  const customer = q.customer ? store.get('customers', q.customer, 'customer', 'customer') : undefined;
  if (customer?.currency && customer.currency !== price.currency) {
    throw new StripeError(
      400,
      'invalid_request_error',
      `The price's currency (${price.currency}) does not match the customer's currency (${customer.currency}).`,
      'currency_mismatch',
      'line_items[0][price]',
    );
  }
  const id = newId('cs_test');
  const now = store.now();
  const session: CheckoutSessionRecord = {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: q.allow_promotion_codes ?? null,
    amount_subtotal: price.unit_amount,
    amount_total: price.unit_amount,
    billing_address_collection: q.billing_address_collection ?? null,
    cancel_url: q.cancel_url ?? null,
    client_reference_id: q.client_reference_id ?? null,
    created: now,
    currency: price.currency,
    customer: customer?.id ?? null,
    customer_creation: customer ? null : 'always',
    customer_details: customer ? { email: customer.email, name: customer.name } : null,
    customer_email: q.customer_email ?? null,
    expires_at: now + CHECKOUT_LIFETIME_SECONDS,
    invoice: null,
    livemode: false,
    locale: q.locale ?? null,
    metadata: q.metadata ?? {},
    mode: 'subscription',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: q.success_url,
    ui_mode: 'hosted',
    url: `${origin}/c/pay/${id}`,
    _sandbox: {
      price: price.id,
      trialDays: q.subscription_data?.trial_period_days,
      subscriptionMetadata: q.subscription_data?.metadata ?? {},
    },
  };
  store.add('checkoutSessions', session);
  return { body: render(store, session, q.expand), changed: true };
};

export const retrieveCheckoutSession: Handler = ({ store, params, input }) => {
  const q = parse(z.strictObject({ expand: zExpand }), input);
  return { body: render(store, store.get('checkoutSessions', params[0], 'checkout.session'), q.expand) };
};

const portalSchema = z.strictObject({
  customer: z.string(),
  return_url: z.url().optional(),
  configuration: z.string().optional(),
  locale: z.string().optional(),
  expand: zExpand,
});

export const createPortalSession: Handler = ({ store, origin, input }) => {
  const q = parse(portalSchema, input);
  const customer = store.get('customers', q.customer, 'customer', 'customer');
  const id = newId('bps');
  const session: PortalSessionRecord = {
    id,
    object: 'billing_portal.session',
    configuration: q.configuration ?? 'bpc_sandboxdefault',
    created: store.now(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: q.locale ?? null,
    on_behalf_of: null,
    return_url: q.return_url ?? null,
    url: `${origin}/p/session/${id}`,
  };
  store.add('portalSessions', session);
  return { body: render(store, session, q.expand), changed: true };
};

const eventsSchema = z.strictObject({
  ...listParams,
  type: z.string().optional(),
  types: z.array(z.string()).optional(),
});

export const listEvents: Handler = ({ store, input }) => {
  const q = parse(eventsSchema, input);
  const typeMatches = (type: string) => {
    if (q.types) return q.types.includes(type);
    if (!q.type) return true;
    return q.type.endsWith('*') ? type.startsWith(q.type.slice(0, -1)) : type === q.type;
  };
  return {
    body: list(
      store,
      store.events().filter((e) => typeMatches(e.type)),
      q,
      '/v1/events',
    ),
  };
};

export const retrieveEvent: Handler = ({ store, params, input }) => {
  const q = parse(z.strictObject({ expand: zExpand }), input);
  return { body: render(store, store.get('events', params[0], 'event'), q.expand) };
};

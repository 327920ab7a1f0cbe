/**
 * Subscriptions: create (one item), retrieve, list (by customer, price, status — by default
 * every status but canceled, `all` and `ended` as Stripe), update (switch the item's price,
 * `cancel_at_period_end`, card, metadata) and cancel (`DELETE`, ends it now).
 */
import { z } from 'zod';
import {
  cancelNow,
  createSubscription,
  setCancelAtPeriodEnd,
  setSubscriptionCard,
  switchPrice,
  updateSubscription,
} from './billing.ts';
import type { Handler } from './context.ts';
import { invalidParameter, unsupported } from './errors.ts';
import { list, render } from './expand.ts';
import { listParams, parse, zBool, zExpand, zInt, zMetadata } from './form.ts';
import type { SubscriptionRecord } from './model.ts';

const STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

const quantityOne = zInt.pipe(z.literal(1, 'the sandbox bills a quantity of 1 only')).optional();
const prorationBehavior = z.enum(['create_prorations', 'none', 'always_invoice']).optional();

const createSchema = z.strictObject({
  customer: z.string(),
  items: z.array(z.strictObject({ price: z.string(), quantity: quantityOne })).min(1),
  trial_period_days: zInt.optional(),
  default_payment_method: z.string().optional(),
  metadata: zMetadata.optional(),
  payment_behavior: z.enum(['allow_incomplete', 'error_if_incomplete', 'default_incomplete']).optional(),
  proration_behavior: prorationBehavior,
  expand: zExpand,
});

export const createSubscriptionRoute: Handler = (ctx) => {
  const q = parse(createSchema, ctx.input);
  if (q.items.length > 1) throw unsupported('items', 'subscriptions with more than one item');
  if (q.payment_behavior === 'default_incomplete')
    throw unsupported('payment_behavior', 'payment_behavior=default_incomplete');
  const customer = ctx.store.get('customers', q.customer, 'customer', 'customer');
  const price = ctx.store.get('prices', q.items[0].price, 'price', 'items[0][price]');
  if (q.default_payment_method)
    ctx.store.get('paymentMethods', q.default_payment_method, 'PaymentMethod', 'default_payment_method');
  const sub = createSubscription(ctx, {
    customer,
    price,
    trialDays: q.trial_period_days,
    metadata: q.metadata,
    defaultPaymentMethod: q.default_payment_method,
    errorIfIncomplete: q.payment_behavior === 'error_if_incomplete',
  });
  return { body: render(ctx.store, sub, q.expand), changed: true };
};

export const retrieveSubscription: Handler = ({ store, params, input }) => {
  const q = parse(z.strictObject({ expand: zExpand }), input);
  return { body: render(store, store.get('subscriptions', params[0], 'subscription'), q.expand) };
};

const listSchema = z.strictObject({
  ...listParams,
  customer: z.string().optional(),
  price: z.string().optional(),
  status: z.enum([...STATUSES, 'all', 'ended']).optional(),
});

export const listSubscriptions: Handler = ({ store, input }) => {
  const q = parse(listSchema, input);
  const statusMatches = (s: SubscriptionRecord) =>
    q.status === 'all' ||
    (q.status === 'ended'
      ? ['canceled', 'incomplete_expired'].includes(s.status)
      : q.status
        ? s.status === q.status
        : s.status !== 'canceled');
  const items = store.state.subscriptions.filter(
    (s) =>
      (!q.customer || s.customer === q.customer) &&
      (!q.price || s.items.data.some((i) => i.price.id === q.price)) &&
      statusMatches(s),
  );
  return { body: list(store, items, q, '/v1/subscriptions') };
};

const updateSchema = z.strictObject({
  cancel_at_period_end: zBool.optional(),
  items: z
    .array(z.strictObject({ id: z.string().optional(), price: z.string().optional(), quantity: quantityOne }))
    .max(1)
    .optional(),
  default_payment_method: z.string().optional(),
  metadata: zMetadata.optional(),
  proration_behavior: prorationBehavior,
  payment_behavior: z.enum(['allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete']).optional(),
  expand: zExpand,
});

export const updateSubscriptionRoute: Handler = (ctx) => {
  const q = parse(updateSchema, ctx.input);
  const { store } = ctx;
  const sub = store.get('subscriptions', ctx.params[0], 'subscription');
  const item = q.items?.[0];
  if (item?.price) {
    if (item.id && item.id !== sub.items.data[0].id)
      throw invalidParameter('items[0][id]', `Invalid subscription_item id: ${item.id}`);
    if (!item.id)
      throw unsupported(
        'items[0][id]',
        'adding a second item to a subscription (pass items[0][id] to switch the price)',
      );
    switchPrice(ctx, sub, store.get('prices', item.price, 'price', 'items[0][price]'));
  }
  if (q.default_payment_method) {
    const pm = store.get('paymentMethods', q.default_payment_method, 'PaymentMethod', 'default_payment_method');
    setSubscriptionCard(ctx, sub, pm.id);
  }
  if (q.cancel_at_period_end !== undefined && q.cancel_at_period_end !== sub.cancel_at_period_end) {
    setCancelAtPeriodEnd(ctx, sub, q.cancel_at_period_end);
  }
  if (q.metadata) {
    const metadata = q.metadata;
    updateSubscription(ctx, sub, (s) => {
      s.metadata = Object.keys(metadata).length ? { ...s.metadata, ...metadata } : {};
    });
  }
  return { body: render(store, sub, q.expand), changed: true };
};

export const cancelSubscriptionRoute: Handler = (ctx) => {
  const q = parse(
    z.strictObject({ expand: zExpand, invoice_now: zBool.optional(), prorate: zBool.optional() }),
    ctx.input,
  );
  const sub = ctx.store.get('subscriptions', ctx.params[0], 'subscription');
  cancelNow(ctx, sub);
  return { body: render(ctx.store, sub, q.expand), changed: true };
};

/**
 * Subscriptions' lifecycle, shared by the API routes, the hosted pages and the test clock:
 * create (trial or first invoice), switch price, cancel at period end or resume, cancel now,
 * change card. Each change is one `customer.subscription.*` event with `previous_attributes`.
 * Periods live on the item (API versions since basil): a month is a calendar month from the
 * anchor, clamped to the month's last day, as Stripe bills.
 */
import type { Core } from './context.ts';
import { StripeError } from './errors.ts';
import { plain } from './expand.ts';
import { newId } from './ids.ts';
import { chargeableCard, invoiceSubscription, retryLatestInvoice } from './invoices.ts';
import type { CustomerRecord, PriceRecord, SubscriptionRecord } from './model.ts';

const DAY_SECONDS = 86_400;

/** `start` plus one billing interval, in unix seconds. */
export function periodEnd(start: number, interval: 'month' | 'year', count = 1): number {
  const date = new Date(start * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

const noPaymentMethod = () =>
  new StripeError(
    400,
    'invalid_request_error',
    'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
    'resource_missing',
  );

function checkCurrency(customer: CustomerRecord, price: PriceRecord): void {
  if (customer.currency && customer.currency !== price.currency) {
    throw new StripeError(
      400,
      'invalid_request_error',
      `You cannot combine currencies on a single customer. This customer has had a subscription or payment in ${customer.currency}, but you are trying to pay in ${price.currency}.`,
      'currency_mismatch',
    );
  }
}

export interface NewSubscription {
  customer: CustomerRecord;
  price: PriceRecord;
  trialDays?: number;
  metadata?: Record<string, string>;
  defaultPaymentMethod?: string | null;
  /** `error_if_incomplete` refuses a failed first charge with a 402; otherwise the subscription is `incomplete`. */
  errorIfIncomplete?: boolean;
}

export function createSubscription(core: Core, spec: NewSubscription): SubscriptionRecord {
  const { store, webhooks } = core;
  const { customer, price } = spec;
  checkCurrency(customer, price);
  const now = store.now();
  const trialEnd = spec.trialDays ? now + spec.trialDays * DAY_SECONDS : null;
  const id = newId('sub');
  const sub: SubscriptionRecord = {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: trialEnd ?? now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: customer.id,
    default_payment_method: spec.defaultPaymentMethod ?? null,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: now,
          current_period_end: trialEnd ?? periodEnd(now, price.recurring.interval),
          current_period_start: now,
          discounts: [],
          metadata: {},
          price: plain(price),
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: spec.metadata ?? {},
    start_date: now,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    trial_end: trialEnd,
    trial_start: trialEnd ? now : null,
  };
  if (!trialEnd && price.unit_amount > 0) {
    const card = chargeableCard(core, sub);
    if (!card) throw noPaymentMethod();
    if (card._sandbox?.failsCharges && spec.errorIfIncomplete) {
      throw new StripeError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
        decline_code: 'generic_decline',
      });
    }
  }
  customer.currency = price.currency;
  store.add('subscriptions', sub);
  webhooks.emit('customer.subscription.created', sub);
  if (!invoiceSubscription(core, sub, 'subscription_create')) {
    sub.status = 'incomplete';
    webhooks.emit('customer.subscription.updated', sub, { status: 'active' });
  }
  return sub;
}

function emitUpdated(core: Core, sub: SubscriptionRecord, before: SubscriptionRecord): void {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(sub[key])) previous[key] = value;
  }
  if (Object.keys(previous).length) core.webhooks.emit('customer.subscription.updated', sub, plain(previous));
}

/** Applies `change` to `sub` and emits `customer.subscription.updated` with what it changed. */
export function updateSubscription(core: Core, sub: SubscriptionRecord, change: (s: SubscriptionRecord) => void) {
  const before = plain(sub);
  change(sub);
  emitUpdated(core, sub, before);
}

/** A live subscription (not canceled or expired) may be changed; others are Stripe's 400. */
export function assertLive(sub: SubscriptionRecord): void {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw new StripeError(
      400,
      'invalid_request_error',
      `A canceled subscription can only update its cancellation_details and metadata.`,
    );
  }
}

/** Switches the plan now; a new interval starts a new period (and invoice) from now, as Stripe does. */
export function switchPrice(core: Core, sub: SubscriptionRecord, price: PriceRecord): void {
  assertLive(sub);
  const customer = core.store.get('customers', sub.customer, 'customer');
  const item = sub.items.data[0];
  if (price.currency !== sub.currency) checkCurrency({ ...customer, currency: sub.currency }, price);
  if (price.unit_amount > 0 && sub.status !== 'trialing' && !chargeableCard(core, sub)) throw noPaymentMethod();
  const newCycle = price.recurring.interval !== item.price.recurring.interval;
  updateSubscription(core, sub, (s) => {
    const now = core.store.now();
    const it = s.items.data[0];
    it.price = plain(price);
    if (newCycle && s.status !== 'trialing') {
      it.current_period_start = now;
      it.current_period_end = periodEnd(now, price.recurring.interval);
      s.billing_cycle_anchor = now;
    }
  });
  if (newCycle && sub.status !== 'trialing' && !invoiceSubscription(core, sub, 'subscription_update')) {
    updateSubscription(core, sub, (s) => {
      s.status = 'past_due';
      s._sandbox = { pastDueSince: core.store.now() };
    });
  }
}

export function setCancelAtPeriodEnd(core: Core, sub: SubscriptionRecord, cancel: boolean): void {
  assertLive(sub);
  updateSubscription(core, sub, (s) => {
    s.cancel_at_period_end = cancel;
    s.cancel_at = cancel ? s.items.data[0].current_period_end : null;
    s.canceled_at = cancel ? core.store.now() : null;
    s.cancellation_details = { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null };
  });
}

/** Ends the subscription now (`customer.subscription.deleted`). */
export function cancelNow(core: Core, sub: SubscriptionRecord, reason = 'cancellation_requested'): void {
  assertLive(sub);
  const now = core.store.now();
  sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
  sub.ended_at = now;
  sub.canceled_at = sub.canceled_at ?? now;
  sub.cancellation_details = { comment: null, feedback: null, reason };
  core.webhooks.emit('customer.subscription.deleted', sub);
}

/** A new default card; a past-due subscription's open invoice is charged to it at once. */
export function setSubscriptionCard(core: Core, sub: SubscriptionRecord, paymentMethodId: string): void {
  updateSubscription(core, sub, (s) => {
    s.default_payment_method = paymentMethodId;
  });
  if ((sub.status === 'past_due' || sub.status === 'incomplete') && retryLatestInvoice(core, sub)) {
    updateSubscription(core, sub, (s) => {
      s.status = 'active';
      delete s._sandbox;
    });
  }
}

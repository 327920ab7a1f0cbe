/**
 * Invoices and charges of subscriptions: one invoice per creation, renewal or retry, in the
 * shape of API versions since basil (the subscription is under `parent.subscription_details`,
 * a line's price under `pricing.price_details`). A charge succeeds when nothing is due or the
 * subscription's (else the customer's default) card can be charged; its outcome becomes
 * `invoice.paid` + `invoice.payment_succeeded`, or `invoice.payment_failed`.
 */
import type { Core } from './context.ts';
import { newId } from './ids.ts';
import type { CustomerRecord, InvoiceRecord, PaymentMethodRecord, SubscriptionRecord } from './model.ts';

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

/** The card a subscription's invoices are charged to, if any. */
export function chargeableCard(core: Core, sub: SubscriptionRecord): PaymentMethodRecord | undefined {
  const customer = core.store.find('customers', sub.customer) as CustomerRecord | undefined;
  const id = sub.default_payment_method ?? customer?.invoice_settings.default_payment_method;
  return id ? core.store.find('paymentMethods', id) : undefined;
}

/** Invoices `sub` for its current period and tries to charge it; true when paid. */
export function invoiceSubscription(core: Core, sub: SubscriptionRecord, reason: BillingReason): boolean {
  const { store, webhooks } = core;
  const item = sub.items.data[0];
  const amount = sub.status === 'trialing' ? 0 : item.price.unit_amount;
  const card = chargeableCard(core, sub);
  const paid = amount === 0 || (card !== undefined && !card._sandbox?.failsCharges);
  const customer = store.find('customers', sub.customer) as CustomerRecord | undefined;
  const now = store.now();
  const invoice: InvoiceRecord = {
    id: newId('in'),
    object: 'invoice',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: amount === 0 ? 0 : 1,
    attempted: amount > 0,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: sub.currency,
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    hosted_invoice_url: null,
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: sub.currency,
          description: `1 × ${String(item.price.nickname ?? 'plan')}`,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            price_details: { price: item.price.id, product: item.price.product },
            type: 'price_details',
            unit_amount_decimal: String(amount),
          },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: false },
          },
          quantity: 1,
        },
      ],
      has_more: false,
      url: '/v1/invoices/upcoming/lines',
    },
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
      quote_details: null,
    },
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, paid_at: paid ? now : null, voided_at: null },
    subtotal: amount,
    total: amount,
  };
  store.add('invoices', invoice);
  sub.latest_invoice = invoice.id;
  if (paid) {
    webhooks.emit('invoice.paid', invoice);
    webhooks.emit('invoice.payment_succeeded', invoice);
  } else {
    webhooks.emit('invoice.payment_failed', invoice);
  }
  return paid;
}

/** Charges a past-due subscription's open invoice again (a retry, or a new card); true when paid. */
export function retryLatestInvoice(core: Core, sub: SubscriptionRecord): boolean {
  const invoice = sub.latest_invoice ? core.store.find('invoices', sub.latest_invoice) : undefined;
  if (!invoice || invoice.status !== 'open') return true;
  const card = chargeableCard(core, sub);
  const attempts = Number(invoice.attempt_count) + 1;
  Object.assign(invoice, { attempt_count: attempts, attempted: true });
  if (!card || card._sandbox?.failsCharges) {
    core.webhooks.emit('invoice.payment_failed', invoice);
    return false;
  }
  const now = core.store.now();
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    status_transitions: { ...(invoice.status_transitions as object), paid_at: now },
  });
  core.webhooks.emit('invoice.paid', invoice);
  core.webhooks.emit('invoice.payment_succeeded', invoice);
  return true;
}

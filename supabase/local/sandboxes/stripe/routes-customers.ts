/**
 * Customers and their cards: create, retrieve, update, delete, list (by email), search
 * (`email:'…'`, `name:'…'`, `metadata['key']:'…'`, joined by AND or OR); payment methods:
 * retrieve, list, attach (a test token such as `pm_card_visa` becomes a saved card), detach.
 *
 * Delete is Stripe's: the customer's live subscriptions end now (`customer.subscription.deleted`
 * each), `customer.deleted` is sent, and the customer then reads as
 * `{id, object: 'customer', deleted: true}`; it is gone from list and search, and any other call
 * naming it (a second delete included) is the 404 "No such customer".
 */
import { z } from 'zod';
import { cardPaymentMethod, TEST_TOKENS } from './cards.ts';
import type { Handler } from './context.ts';
import { invalidParameter, noSuch, StripeError } from './errors.ts';
import { list, render } from './expand.ts';
import { listParams, parse, zExpand, zInt, zMetadata } from './form.ts';
import { cancelNow } from './billing.ts';
import { createCustomerRecord } from './customers.ts';
import type { CustomerRecord, PaymentMethodRecord } from './model.ts';
import type { StripeStore } from './store.ts';

const nullable = z.string().transform((v) => (v === '' ? null : v));

const customerFields = {
  email: nullable.optional(),
  name: nullable.optional(),
  description: nullable.optional(),
  phone: nullable.optional(),
  metadata: zMetadata.optional(),
  preferred_locales: z.array(z.string()).optional(),
  invoice_settings: z.strictObject({ default_payment_method: nullable.optional() }).optional(),
  expand: zExpand,
};

function defaultCard(store: StripeStore, customer: string, id: string | null | undefined): string | null | undefined {
  if (!id) return id;
  const pm = store.get('paymentMethods', id, 'PaymentMethod', 'invoice_settings[default_payment_method]');
  if (pm.customer !== customer) {
    throw invalidParameter(
      'invoice_settings[default_payment_method]',
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
    );
  }
  return id;
}

export const createCustomer: Handler = (ctx) => {
  const q = parse(z.strictObject(customerFields), ctx.input);
  if (q.invoice_settings?.default_payment_method) {
    throw invalidParameter(
      'invoice_settings[default_payment_method]',
      `The customer does not have a payment method with the ID ${q.invoice_settings.default_payment_method}. The payment method must be attached to the customer.`,
    );
  }
  const customer = createCustomerRecord(ctx, {
    email: q.email,
    name: q.name,
    description: q.description,
    phone: q.phone,
    metadata: q.metadata,
    preferredLocales: q.preferred_locales,
  });
  return { body: render(ctx.store, customer, q.expand), changed: true };
};

export const retrieveCustomer: Handler = ({ store, params, input }) => {
  const q = parse(z.strictObject({ expand: zExpand }), input);
  const customer = store.find('customers', params[0]);
  if (!customer) throw noSuch('customer', params[0]);
  if (customer.deleted) return { body: { id: customer.id, object: 'customer', deleted: true } };
  return { body: render(store, customer, q.expand) };
};

export const updateCustomer: Handler = ({ store, webhooks, params, input }) => {
  const q = parse(z.strictObject(customerFields), input);
  const customer = store.get('customers', params[0], 'customer');
  const before = JSON.parse(JSON.stringify(customer)) as CustomerRecord;
  const { expand, invoice_settings, metadata, ...fields } = q;
  Object.assign(customer, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
  if (metadata) customer.metadata = Object.keys(metadata).length ? { ...customer.metadata, ...metadata } : {};
  const pm = defaultCard(store, customer.id, invoice_settings?.default_payment_method);
  if (pm !== undefined) customer.invoice_settings.default_payment_method = pm;
  const previous = Object.fromEntries(
    Object.entries(before).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(customer[k])),
  );
  if (Object.keys(previous).length) webhooks.emit('customer.updated', customer, previous);
  return { body: render(store, customer, expand), changed: true };
};

export const deleteCustomer: Handler = (ctx) => {
  parse(z.strictObject({}), ctx.input);
  const { store, webhooks, params } = ctx;
  const customer = store.get('customers', params[0], 'customer');
  for (const sub of store.state.subscriptions) {
    if (sub.customer === customer.id && sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
      cancelNow(ctx, sub);
    }
  }
  customer.deleted = true;
  webhooks.emit('customer.deleted', customer);
  return { body: { id: customer.id, object: 'customer', deleted: true }, changed: true };
};

const liveCustomers = (store: StripeStore) => store.state.customers.filter((c) => !c.deleted);

export const listCustomers: Handler = ({ store, input }) => {
  const q = parse(z.strictObject({ ...listParams, email: z.string().optional() }), input);
  const items = liveCustomers(store).filter((c) => q.email === undefined || c.email === q.email);
  return { body: list(store, items, q, '/v1/customers') };
};

const CLAUSE = /^(email|name|metadata\['([^']+)'\])(:|~)'((?:[^'\\]|\\.)*)'$/;

function matcher(query: string): (c: CustomerRecord) => boolean {
  const joiner = / OR /.test(query) ? ' OR ' : ' AND ';
  if (/ OR /.test(query) && / AND /.test(query)) {
    throw invalidParameter('query', 'Mixing AND and OR in a search query is not supported.');
  }
  const tests = query.split(joiner).map((clause) => {
    const m = CLAUSE.exec(clause.trim());
    if (!m)
      throw new StripeError(400, 'invalid_request_error', `Invalid search query: ${clause.trim()}`, undefined, 'query');
    const [, field, metaKey, op, raw] = m;
    const value = raw.replace(/\\(.)/g, '$1');
    const read = (c: CustomerRecord) => (metaKey ? c.metadata[metaKey] : (c[field] as string | null)) ?? '';
    return op === ':'
      ? (c: CustomerRecord) => read(c).toLowerCase() === value.toLowerCase()
      : (c: CustomerRecord) => read(c).toLowerCase().includes(value.toLowerCase());
  });
  return joiner === ' OR ' ? (c) => tests.some((t) => t(c)) : (c) => tests.every((t) => t(c));
}

export const searchCustomers: Handler = ({ store, input }) => {
  const q = parse(
    z.strictObject({ query: z.string(), limit: zInt.optional(), page: z.string().optional(), expand: zExpand }),
    input,
  );
  const found = liveCustomers(store).filter(matcher(q.query));
  const start = q.page ? Number(q.page) : 0;
  const limit = q.limit ?? 10;
  const page = found.slice(start, start + limit);
  const more = start + limit < found.length;
  const result = {
    object: 'search_result',
    data: page,
    has_more: more,
    next_page: more ? String(start + limit) : null,
  };
  return { body: { ...render(store, result, q.expand), url: '/v1/customers/search' } };
};

export const retrievePaymentMethod: Handler = ({ store, params, input }) => {
  const q = parse(z.strictObject({ expand: zExpand }), input);
  return { body: render(store, store.get('paymentMethods', params[0], 'PaymentMethod'), q.expand) };
};

export const listPaymentMethods: Handler = ({ store, params, input }) => {
  const q = parse(
    z.strictObject({ ...listParams, customer: z.string().optional(), type: z.string().optional() }),
    input,
  );
  const customer = params[0] ?? q.customer;
  if (customer) store.get('customers', customer, 'customer', 'customer');
  const items = store.state.paymentMethods.filter(
    (pm) => pm.customer !== null && (!customer || pm.customer === customer) && (!q.type || pm.type === q.type),
  );
  return {
    body: list(store, items, q, params[0] ? `/v1/customers/${params[0]}/payment_methods` : '/v1/payment_methods'),
  };
};

export const attachPaymentMethod: Handler = ({ store, webhooks, params, input }) => {
  const q = parse(z.strictObject({ customer: z.string(), expand: zExpand }), input);
  const customer = store.get('customers', q.customer, 'customer', 'customer');
  let pm: PaymentMethodRecord | undefined;
  if (TEST_TOKENS[params[0]]) {
    pm = cardPaymentMethod(store, TEST_TOKENS[params[0]], {
      customer: customer.id,
      email: customer.email,
      name: customer.name,
    });
    if (pm) store.add('paymentMethods', pm);
  } else {
    pm = store.get('paymentMethods', params[0], 'PaymentMethod');
    pm.customer = customer.id;
  }
  webhooks.emit('payment_method.attached', pm!);
  return { body: render(store, pm!, q.expand), changed: true };
};

export const detachPaymentMethod: Handler = ({ store, webhooks, params, input }) => {
  const q = parse(z.strictObject({ expand: zExpand }), input);
  const pm = store.get('paymentMethods', params[0], 'PaymentMethod');
  pm.customer = null;
  webhooks.emit('payment_method.detached', pm);
  return { body: render(store, pm, q.expand), changed: true };
};

/** A new customer in Stripe's shape, stored and announced (`customer.created`). */
import type { Core } from './context.ts';
import { newId } from './ids.ts';
import type { CustomerRecord } from './model.ts';

export interface NewCustomer {
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: Record<string, string>;
  preferredLocales?: string[];
  defaultPaymentMethod?: string | null;
}

export function createCustomerRecord(core: Core, spec: NewCustomer): CustomerRecord {
  const id = newId('cus');
  const customer: CustomerRecord = {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: core.store.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: spec.description ?? null,
    discount: null,
    email: spec.email ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: spec.defaultPaymentMethod ?? null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: spec.metadata ?? {},
    name: spec.name ?? null,
    next_invoice_sequence: 1,
    phone: spec.phone ?? null,
    preferred_locales: spec.preferredLocales ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  core.store.add('customers', customer);
  core.webhooks.emit('customer.created', customer);
  return customer;
}

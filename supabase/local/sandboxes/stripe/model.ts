/**
 * The sandbox's state. Objects are stored in the shape Stripe returns them (API version
 * `API_VERSION`, see versions.ts), references as ids, so answering is a copy plus expansion.
 * What only the sandbox needs (how a test card behaves, since when a subscription is past due)
 * sits under `_sandbox` and is never sent.
 */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface CardBehaviour {
  /** Charges fail (0341: attaching succeeds, payments are declined). */
  failsCharges?: boolean;
}

export type ProductRecord = StripeObject & { active: boolean; name: string; default_price: string | null };

export type PriceRecord = StripeObject & {
  active: boolean;
  product: string;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  recurring: { interval: 'month' | 'year'; interval_count: number } & Record<string, unknown>;
};

export type CustomerRecord = StripeObject & {
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  currency: string | null;
  invoice_settings: { default_payment_method: string | null } & Record<string, unknown>;
  deleted?: true;
};

export type PaymentMethodRecord = StripeObject & {
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } & Record<string, unknown>;
  _sandbox?: CardBehaviour;
};

export interface SubscriptionItemRecord extends StripeObject {
  price: PriceRecord;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
}

export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

export type SubscriptionRecord = StripeObject & {
  status: SubscriptionStatus;
  customer: string;
  currency: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  default_payment_method: string | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItemRecord[]; has_more: false; url: string; total_count: number };
  _sandbox?: { pastDueSince?: number };
};

export type InvoiceRecord = StripeObject & { customer: string; status: string; created: number };

export type CheckoutSessionRecord = StripeObject & {
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  subscription: string | null;
  expires_at: number;
  _sandbox: { price: string; trialDays?: number; subscriptionMetadata: Record<string, string> };
};

export type PortalSessionRecord = StripeObject & { customer: string; return_url: string | null };

export type EventRecord = StripeObject & { type: string; created: number; data: { object: StripeObject } };

/** Where an event stands with the webhook endpoint. */
export interface Delivery {
  eventId: string;
  type: string;
  /** The endpoint it is sent to (fixed when the event is made). */
  url: string;
  attempts: number;
  /** The last HTTP status, 0 for a network error, undefined before the first try. */
  lastStatus?: number;
  delivered: boolean;
  /** Gave up after the last retry. */
  failed: boolean;
}

export interface StripeState {
  secretKey: string;
  webhookSecret: string;
  /** Sandbox time = wall-clock time + this (the test clock moves it forward only). */
  clockOffsetSeconds: number;
  products: ProductRecord[];
  prices: PriceRecord[];
  customers: CustomerRecord[];
  paymentMethods: PaymentMethodRecord[];
  subscriptions: SubscriptionRecord[];
  invoices: InvoiceRecord[];
  checkoutSessions: CheckoutSessionRecord[];
  portalSessions: PortalSessionRecord[];
  events: EventRecord[];
}

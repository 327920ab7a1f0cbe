/**
 * The billing edge functions (spec 2 §7): stripe-products, stripe-subscription-status,
 * stripe-checkout, stripe-customer-portal and create-stripe-customer, each POSTed with the session as bearer
 * (supabase-js adds it). A refusal is thrown as an `AppError` carrying the function's `error`
 * text, else spec 2 §8's text for that call ('Failed to create checkout session', 'Failed to
 * create customer portal session', 'Failed to fetch Stripe products', 'Error getting
 * subscription status: {statusText}').
 *
 * What must stay true: no price, customer or return URL is trusted on the server because the
 * app sent it (the functions re-check them); this module only carries them.
 */
import { FunctionsHttpError } from '@supabase/functions-js';
import * as z from 'zod/mini';
import type { Currency } from '../../domain/billing/currency.ts';
import { parseProducts, type Product } from '../../domain/billing/plans.ts';
import { billingTexts } from '../../domain/errors/messages.ts';
import { AppError } from '../errors/appError.ts';
import { invokeError } from '../errors/edgeFunction.ts';
import { supabase } from '../supabase/client.ts';

/** The catalogue's plans with their prices in `currency`. */
export async function fetchPlans(currency: Currency): Promise<Product[]> {
  const { data, error } = await supabase.functions.invoke<unknown>('stripe-products', { body: { currency } });
  if (error) throw await invokeError(error, billingTexts.productsFailed);
  return parseProducts(data);
}

const text = z.nullish(z.string());

const paymentMethodSchema = z.looseObject({
  brand: text,
  last4: text,
  expiryMonth: z.nullish(z.number()),
  expiryYear: z.nullish(z.number()),
});

const subscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  currentPeriodStart: text,
  currentPeriodEnd: text,
  cancelAtPeriodEnd: z._default(z.boolean(), false),
  trialEnd: text,
  priceId: text,
  productId: text,
  customerId: text,
  planName: text,
  billingCycle: text,
  currency: text,
  paymentMethod: z.nullish(paymentMethodSchema),
});

const statusSchema = z.looseObject({
  subscription: z.nullish(subscriptionSchema),
  hasActiveSubscription: z._default(z.boolean(), false),
});

export type SubscriptionView = z.output<typeof subscriptionSchema>;
export interface SubscriptionStatus {
  subscription: SubscriptionView | null;
  hasActiveSubscription: boolean;
}

/** The team's subscription as the payment provider has it (§3 Subscription); an empty answer is none. */
export async function fetchSubscriptionStatus(): Promise<SubscriptionStatus> {
  const { data, error } = await supabase.functions.invoke<unknown>('stripe-subscription-status', { body: {} });
  if (error) {
    const statusText = error instanceof FunctionsHttpError ? (error.context as Response).statusText : '';
    throw await invokeError(error, billingTexts.statusFailed(statusText));
  }
  const parsed = statusSchema.safeParse(data ?? {});
  if (!parsed.success) {
    throw new AppError({ kind: 'server' }, billingTexts.invalidJson, { source: 'function', body: data });
  }
  return { subscription: parsed.data.subscription ?? null, hasActiveSubscription: parsed.data.hasActiveSubscription };
}

/** Where the browser goes to pay: the hosted checkout page for `priceId`. */
export async function createCheckoutSession(request: {
  priceId: string;
  currency: Currency;
  successUrl: string;
  cancelUrl: string;
}): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('stripe-checkout', { body: request });
  if (error) throw await invokeError(error, billingTexts.checkoutFailed);
  if (!data?.url)
    throw new AppError({ kind: 'server' }, billingTexts.checkoutFailed, { source: 'function', body: data });
  return data.url;
}

/** Where the browser goes to manage the subscription: the hosted portal, returning to `returnUrl`. */
export async function createPortalSession(request: { customerId?: string; returnUrl: string }): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('stripe-customer-portal', {
    body: request,
  });
  if (error) throw await invokeError(error, billingTexts.portalFailed);
  if (!data?.url) throw new AppError({ kind: 'server' }, billingTexts.portalFailed, { source: 'function', body: data });
  return data.url;
}

/**
 * The account setup's billing step (§7 `create-stripe-customer {teamId, userId, currency}`):
 * the team's payment customer and its free plan. A refusal throws with the function's text.
 */
export async function createStripeCustomer(request: {
  teamId: string;
  userId: string;
  currency: Currency;
}): Promise<void> {
  const { error } = await supabase.functions.invoke('create-stripe-customer', { body: request });
  if (error) throw await invokeError(error);
}

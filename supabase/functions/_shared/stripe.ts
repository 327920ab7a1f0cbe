/**
 * The Stripe client of the functions: the official `stripe` SDK (the same version the sandbox's
 * conformance tests use), on the secret key; `STRIPE_API_URL` points it elsewhere than
 * api.stripe.com — locally at the Stripe sandbox, which the local stack sets. The API version
 * is pinned: subscriptions' period dates live on their items (2025-03-31.basil and later).
 *
 * `stripeWebhookSecret()` is the endpoint's signing secret (whsec_…) that stripe-webhook checks
 * each event's `Stripe-Signature` against.
 */
import Stripe from 'npm:stripe@23.1.0';
import { requireEnv } from './env.ts';

export const STRIPE_API_VERSION = '2026-10-28.endive';

export function stripeClient(): Stripe {
  const base = Deno.env.get('STRIPE_API_URL');
  const target = base ? new URL(base) : null;
  return new Stripe(requireEnv('STRIPE_SECRET_KEY'), {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
    ...(target && {
      host: target.hostname,
      port: Number(target.port) || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

export const stripeWebhookSecret = (): string => requireEnv('STRIPE_WEBHOOK_SECRET');

export { Stripe };

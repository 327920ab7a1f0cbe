/**
 * stripe-products: the plans the account screen offers (spec 2 §2 plan cards, §3 Product and
 * Price, §7 "POST stripe-products no body returns products (and _meta)").
 *
 * POST (or GET) with the session as bearer; an optional currency (`{currency}` in the body or
 * `?currency=` in the query: usd or eur) keeps only the prices in it. Answers
 * `{products: Product[], _meta: {currency, count, priceCount}}` where a Product is
 * `{id, name, description, metadata, marketing_features: [{name}], prices: Price[]}` and a Price
 * `{id, unit_amount, currency, recurring: {interval, interval_count}, isDefault, nickname,
 * lookup_key, metadata, product}` — the active prices of active Sidenote plans (products with
 * both quotas in metadata; whatever else the account sells is left out), in Stripe's order (the
 * app sorts by rank then name, src/domain/billing/plans.ts). Errors: `{error}` — 401
 * 'Authentication required', 400 UNSUPPORTED_CURRENCY, 502 'Failed to fetch Stripe products'.
 *
 * Cache-friendly: the catalogue is the same for every caller, so the answer carries an ETag of
 * its content and `Cache-Control: private, max-age=300`; a request with a matching
 * If-None-Match gets 304 without a body. It is private because the request is authenticated.
 */
import { z } from 'npm:zod@4.6.7';
import { callerOf } from '../_shared/auth.ts';
import { asCurrency } from '../_shared/billing-currency.ts';
import { failure, serveBilling, UNSUPPORTED_CURRENCY } from '../_shared/billing-http.ts';
import { activePrices, catalogOf } from '../_shared/billing-stripe.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { readJson } from '../_shared/http.ts';
import { stripeClient } from '../_shared/stripe.ts';

export const FAILED = 'Failed to fetch Stripe products';
const CACHE_MAX_AGE_SECONDS = 300;

const ProductsBody = z.object({ currency: z.string().optional() }).loose().optional();

async function etagOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex.slice(0, 32)}"`;
}

async function stripeProducts(req: Request): Promise<Response> {
  const caller = await callerOf(req);
  if (!caller.ok) return failure(req, 401, 'Authentication required');
  const body = ProductsBody.safeParse(req.method === 'POST' ? await readJson(req) : undefined);
  const named = new URL(req.url).searchParams.get('currency') ?? (body.success ? body.data?.currency : undefined);
  const currency = named === undefined || named === null ? null : asCurrency(named);
  if (!body.success || (named !== undefined && named !== null && currency === null)) {
    return failure(req, 400, UNSUPPORTED_CURRENCY);
  }

  const prices = await activePrices(stripeClient(), currency ?? undefined);
  const products = catalogOf(prices);
  const text = JSON.stringify({
    products,
    _meta: { currency, count: products.length, priceCount: prices.length },
  });
  const etag = await etagOf(text);
  const headers = {
    ...corsHeaders(req, ['if-none-match']),
    'cache-control': `private, max-age=${CACHE_MAX_AGE_SECONDS}`,
    etag,
  };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(text, {
    status: 200,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

serveBilling('stripe-products', stripeProducts, {
  failed: FAILED,
  methods: ['GET', 'POST'],
  corsHeaders: ['if-none-match'],
});

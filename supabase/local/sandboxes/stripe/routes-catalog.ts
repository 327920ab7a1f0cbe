/**
 * Products and prices: `GET /v1/products[/{id}]`, `GET /v1/prices[/{id}]` — the seeded catalogue
 * (seed.ts) — and `POST /v1/products`, `POST /v1/prices` for what else a Stripe account sells
 * (a product without Sidenote's plan metadata, a price added later). Created prices are
 * recurring, per unit (a one-time price is refused as not emulated); `product.created` and
 * `price.created` are sent.
 */
import { z } from 'zod';
import type { Handler } from './context.ts';
import { invalidParameter, unsupported } from './errors.ts';
import { list, render } from './expand.ts';
import { listParams, parse, zBool, zExpand, zInt, zMetadata } from './form.ts';
import { priceRecord, productRecord } from './catalog.ts';
import { newId } from './ids.ts';

const MAX_LOOKUP_KEYS = 10;

const retrieveSchema = z.strictObject({ expand: zExpand });

const productsSchema = z.strictObject({ ...listParams, active: zBool.optional(), ids: z.array(z.string()).optional() });

export const listProducts: Handler = ({ store, input }) => {
  const q = parse(productsSchema, input);
  const items = store.state.products.filter(
    (p) => (q.active === undefined || p.active === q.active) && (!q.ids || q.ids.includes(p.id)),
  );
  return { body: list(store, items, q, '/v1/products') };
};

export const retrieveProduct: Handler = ({ store, params, input }) => {
  const q = parse(retrieveSchema, input);
  return { body: render(store, store.get('products', params[0], 'product'), q.expand) };
};

const pricesSchema = z.strictObject({
  ...listParams,
  active: zBool.optional(),
  currency: z.string().optional(),
  lookup_keys: z.array(z.string()).optional(),
  product: z.string().optional(),
  type: z.enum(['recurring', 'one_time']).optional(),
  recurring: z.strictObject({ interval: z.enum(['day', 'week', 'month', 'year']).optional() }).optional(),
});

export const listPrices: Handler = ({ store, input }) => {
  const q = parse(pricesSchema, input);
  if (q.lookup_keys && q.lookup_keys.length > MAX_LOOKUP_KEYS) {
    throw invalidParameter('lookup_keys', `Invalid array: lookup_keys must have at most ${MAX_LOOKUP_KEYS} items`);
  }
  const items = store.state.prices.filter(
    (p) =>
      (q.active === undefined || p.active === q.active) &&
      (!q.currency || p.currency === q.currency.toLowerCase()) &&
      (!q.lookup_keys || (p.lookup_key !== null && q.lookup_keys.includes(p.lookup_key))) &&
      (!q.product || p.product === q.product) &&
      (!q.type || p.type === q.type) &&
      (!q.recurring?.interval || p.recurring.interval === q.recurring.interval),
  );
  return { body: list(store, items, q, '/v1/prices') };
};

export const retrievePrice: Handler = ({ store, params, input }) => {
  const q = parse(retrieveSchema, input);
  return { body: render(store, store.get('prices', params[0], 'price'), q.expand) };
};

const createProductSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty'),
  active: zBool.optional(),
  description: z.string().optional(),
  metadata: zMetadata.optional(),
  expand: zExpand,
});

export const createProduct: Handler = ({ store, webhooks, input }) => {
  const q = parse(createProductSchema, input);
  const product = productRecord({
    id: newId('prod'),
    name: q.name,
    description: q.description ?? null,
    metadata: q.metadata ?? {},
    marketingFeatures: [],
    defaultPrice: null,
    active: q.active ?? true,
    created: store.now(),
  });
  store.add('products', product);
  webhooks.emit('product.created', product);
  return { body: render(store, product, q.expand), changed: true };
};

const createPriceSchema = z.strictObject({
  product: z.string(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO code')
    .transform((c) => c.toLowerCase()),
  unit_amount: zInt.pipe(z.number().int().min(0, 'must be at least 0')),
  recurring: z
    .strictObject({
      interval: z.enum(['month', 'year']),
      interval_count: zInt.pipe(z.literal(1, 'the sandbox bills an interval_count of 1 only')).optional(),
    })
    .optional(),
  lookup_key: z.string().optional(),
  nickname: z.string().optional(),
  active: zBool.optional(),
  metadata: zMetadata.optional(),
  expand: zExpand,
});

export const createPrice: Handler = ({ store, webhooks, input }) => {
  const q = parse(createPriceSchema, input);
  if (!q.recurring) throw unsupported('recurring', 'one-time prices');
  const product = store.get('products', q.product, 'product', 'product');
  const taken = q.lookup_key ? store.state.prices.find((p) => p.lookup_key === q.lookup_key) : undefined;
  if (taken) throw invalidParameter('lookup_key', `A price (\`${taken.id}\`) already uses that lookup key.`);
  const price = priceRecord({
    id: newId('price'),
    product: product.id,
    currency: q.currency,
    unitAmount: q.unit_amount,
    interval: q.recurring.interval,
    lookupKey: q.lookup_key ?? null,
    nickname: q.nickname ?? null,
    metadata: q.metadata ?? {},
    active: q.active ?? true,
    created: store.now(),
  });
  store.add('prices', price);
  webhooks.emit('price.created', price);
  return { body: render(store, price, q.expand), changed: true };
};

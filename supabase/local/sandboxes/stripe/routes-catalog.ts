/** Products and prices: `GET /v1/products[/{id}]`, `GET /v1/prices[/{id}]` (read only: the catalogue is seeded). */
import { z } from 'zod';
import type { Handler } from './context.ts';
import { invalidParameter } from './errors.ts';
import { list, render } from './expand.ts';
import { listParams, parse, zBool, zExpand } from './form.ts';

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

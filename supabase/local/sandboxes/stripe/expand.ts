/**
 * Answers: a stored object copied without the sandbox's own fields, with `expand[]` applied, and
 * list objects (`{object: 'list', data, has_more, url}`) paged by `limit` (1–100, default 10),
 * `starting_after` and `ending_before`. Expansion follows Stripe's rules: on a list the path
 * starts with `data.`, at most 4 levels, and a property that holds no expandable id is refused
 * ("This property cannot be expanded (x).") rather than ignored.
 */
import { noSuch, StripeError } from './errors.ts';
import { kindOfId } from './ids.ts';
import type { StripeObject, StripeState } from './model.ts';
import type { StripeStore } from './store.ts';

const MAX_EXPAND_DEPTH = 4;
const DEFAULT_LIMIT = 10;

const COLLECTION_OF_KIND: Record<string, keyof StripeState> = {
  product: 'products',
  price: 'prices',
  customer: 'customers',
  payment_method: 'paymentMethods',
  subscription: 'subscriptions',
  invoice: 'invoices',
  'checkout.session': 'checkoutSessions',
};

/** A deep copy without `_sandbox` fields. */
export const plain = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === '_sandbox' ? undefined : v))) as T;

function resolve(store: StripeStore, id: string): StripeObject | undefined {
  const kind = kindOfId(id);
  const collection = kind ? COLLECTION_OF_KIND[kind] : undefined;
  return collection ? (store.find(collection as 'products', id) as StripeObject | undefined) : undefined;
}

const notExpandable = (name: string, inList: boolean) =>
  new StripeError(
    400,
    'invalid_request_error',
    `This property cannot be expanded (${name}).${inList ? ` You may want to try expanding 'data.${name}' instead.` : ''}`,
  );

function expandPath(store: StripeStore, node: Record<string, unknown>, path: string[], full: string): void {
  const [name, ...rest] = path;
  if (node.object === 'list' && Array.isArray(node.data)) {
    if (name !== 'data') throw notExpandable(name, true);
    for (const item of node.data as Record<string, unknown>[]) if (rest.length) expandPath(store, item, rest, full);
    return;
  }
  let value = node[name];
  if (typeof value === 'string') {
    const found = resolve(store, value);
    if (!found) throw notExpandable(full, false);
    value = node[name] = plain(found);
  }
  if (value === null && rest.length === 0) return;
  if (typeof value !== 'object' || value === null) throw notExpandable(full, false);
  if (rest.length) expandPath(store, value as Record<string, unknown>, rest, full);
}

/** The object as Stripe sends it, with the requested expansions. */
export function render<T extends object>(store: StripeStore, object: T, expand: readonly string[] = []): T {
  const copy = plain(object);
  for (const path of expand) {
    const parts = path.split('.');
    const depth = parts.filter((p) => p !== 'data').length;
    if (depth > MAX_EXPAND_DEPTH) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property. Property: ${path}`,
        undefined,
        'expand',
      );
    }
    expandPath(store, copy as Record<string, unknown>, parts, path);
  }
  return copy;
}

export interface ListQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
  expand?: string[];
}

/** One page of `items` (already filtered, newest first) as a Stripe list object. */
export function list(store: StripeStore, items: readonly StripeObject[], query: ListQuery, url: string) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  let page: readonly StripeObject[];
  let hasMore: boolean;
  const cursor = query.starting_after ?? query.ending_before;
  const at = cursor === undefined ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && at < 0) {
    throw noSuch(kindOfId(cursor) ?? 'object', cursor, query.starting_after ? 'starting_after' : 'ending_before');
  }
  if (query.ending_before !== undefined) {
    page = items.slice(Math.max(0, at - limit), at);
    hasMore = at - limit > 0;
  } else {
    page = items.slice(at + 1, at + 1 + limit);
    hasMore = at + 1 + limit < items.length;
  }
  const answer = { object: 'list', data: page, has_more: hasMore, url };
  return render(store, answer, query.expand);
}

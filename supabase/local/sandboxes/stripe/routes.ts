/**
 * The API paths the sandbox serves (the calls Sidenote's billing functions make), as method +
 * path pattern → handler. Any other path is Stripe's 404 "Unrecognized request URL".
 */
import type { Handler } from './context.ts';
import {
  createPrice,
  createProduct,
  listPrices,
  listProducts,
  retrievePrice,
  retrieveProduct,
} from './routes-catalog.ts';
import {
  attachPaymentMethod,
  createCustomer,
  deleteCustomer,
  detachPaymentMethod,
  listCustomers,
  listPaymentMethods,
  retrieveCustomer,
  retrievePaymentMethod,
  searchCustomers,
  updateCustomer,
} from './routes-customers.ts';
import {
  createCheckoutSession,
  createPortalSession,
  listEvents,
  retrieveCheckoutSession,
  retrieveEvent,
} from './routes-sessions.ts';
import {
  cancelSubscriptionRoute,
  createSubscriptionRoute,
  listSubscriptions,
  retrieveSubscription,
  updateSubscriptionRoute,
} from './routes-subscriptions.ts';

const ID = '([A-Za-z0-9_]+)';

const ROUTES: Array<[method: string, pattern: RegExp, handler: Handler]> = [
  ['GET', /^\/v1\/products$/, listProducts],
  ['POST', /^\/v1\/products$/, createProduct],
  ['GET', new RegExp(`^/v1/products/${ID}$`), retrieveProduct],
  ['GET', /^\/v1\/prices$/, listPrices],
  ['POST', /^\/v1\/prices$/, createPrice],
  ['GET', new RegExp(`^/v1/prices/${ID}$`), retrievePrice],
  ['POST', /^\/v1\/customers$/, createCustomer],
  ['GET', /^\/v1\/customers$/, listCustomers],
  ['GET', /^\/v1\/customers\/search$/, searchCustomers],
  ['GET', new RegExp(`^/v1/customers/${ID}$`), retrieveCustomer],
  ['POST', new RegExp(`^/v1/customers/${ID}$`), updateCustomer],
  ['DELETE', new RegExp(`^/v1/customers/${ID}$`), deleteCustomer],
  ['GET', new RegExp(`^/v1/customers/${ID}/payment_methods$`), listPaymentMethods],
  ['GET', /^\/v1\/payment_methods$/, listPaymentMethods],
  ['GET', new RegExp(`^/v1/payment_methods/${ID}$`), retrievePaymentMethod],
  ['POST', new RegExp(`^/v1/payment_methods/${ID}/attach$`), attachPaymentMethod],
  ['POST', new RegExp(`^/v1/payment_methods/${ID}/detach$`), detachPaymentMethod],
  ['POST', /^\/v1\/subscriptions$/, createSubscriptionRoute],
  ['GET', /^\/v1\/subscriptions$/, listSubscriptions],
  ['GET', new RegExp(`^/v1/subscriptions/${ID}$`), retrieveSubscription],
  ['POST', new RegExp(`^/v1/subscriptions/${ID}$`), updateSubscriptionRoute],
  ['DELETE', new RegExp(`^/v1/subscriptions/${ID}$`), cancelSubscriptionRoute],
  ['POST', /^\/v1\/checkout\/sessions$/, createCheckoutSession],
  ['GET', new RegExp(`^/v1/checkout/sessions/${ID}$`), retrieveCheckoutSession],
  ['POST', /^\/v1\/billing_portal\/sessions$/, createPortalSession],
  ['GET', /^\/v1\/events$/, listEvents],
  ['GET', new RegExp(`^/v1/events/${ID}$`), retrieveEvent],
];

export function route(method: string, path: string): { handler: Handler; params: string[] } | undefined {
  for (const [m, pattern, handler] of ROUTES) {
    if (m !== method) continue;
    const match = pattern.exec(path);
    if (match) return { handler, params: match.slice(1) };
  }
  return undefined;
}

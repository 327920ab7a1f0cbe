/**
 * The hosted checkout page (`session.url`, `/c/pay/{cs_test_…}`): the plan and price, an email
 * field when the session has no customer, the card form. A test card that succeeds creates the
 * customer (if needed), saves the card, starts the subscription and completes the session
 * (`checkout.session.completed`), then redirects (303) to `success_url` with
 * `{CHECKOUT_SESSION_ID}` filled in. A declined card shows Stripe's decline message and changes
 * nothing; an unknown number is refused as unsupported. "Back" leads to `cancel_url`.
 */
import { z } from 'zod';
import { createSubscription } from './billing.ts';
import { cardPaymentMethod, DECLINED_MESSAGE, TEST_CARDS } from './cards.ts';
import type { Core } from './context.ts';
import { StripeError } from './errors.ts';
import { createCustomerRecord } from './customers.ts';
import type { CheckoutSessionRecord, PriceRecord, ProductRecord } from './model.ts';
import { cardFields, escapeHtml, pageShell, priceLabel, readCard, TEST_CARD_NOTE } from './pages.ts';

export interface PageAnswer {
  status: number;
  html?: string;
  redirect?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function expireIfDue(core: Core, session: CheckoutSessionRecord): void {
  if (session.status === 'open' && core.store.now() >= session.expires_at) {
    session.status = 'expired';
    core.webhooks.emit('checkout.session.expired', session);
    core.store.save();
  }
}

function form(core: Core, session: CheckoutSessionRecord, error?: string, email = ''): string {
  const price = core.store.get('prices', session._sandbox.price, 'price') as PriceRecord;
  const product = core.store.get('products', price.product, 'product') as ProductRecord;
  const trial = session._sandbox.trialDays;
  const knownEmail = session.customer
    ? (core.store.find('customers', session.customer)?.email ?? null)
    : session.customer_email;
  const emailField = knownEmail
    ? `<p>Email: <strong>${escapeHtml(knownEmail)}</strong></p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(email)}" required>`;
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>` : '';
  return pageShell(
    `Subscribe to ${product.name}`,
    `${back}<h1>Subscribe to ${escapeHtml(product.name)}</h1>
<p><strong>${escapeHtml(priceLabel(price))}</strong>${trial ? ` — ${trial} days free, then charged` : ''}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">${emailField}${cardFields()}<button type="submit">${trial ? 'Start trial' : 'Subscribe'}</button></form>
${TEST_CARD_NOTE}`,
  );
}

const notFound = (): PageAnswer => ({
  status: 404,
  html: pageShell('Not found', '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>'),
});

export function checkoutPage(core: Core, id: string): PageAnswer {
  const session = core.store.find('checkoutSessions', id);
  if (!session) return notFound();
  expireIfDue(core, session);
  if (session.status !== 'open') {
    return {
      status: 200,
      html: pageShell(
        'Checkout',
        `<h1>This Checkout Session is no longer active</h1><p>Its status is ${session.status}.</p>`,
      ),
    };
  }
  return { status: 200, html: form(core, session) };
}

export function submitCheckout(core: Core, id: string, body: Record<string, unknown>): PageAnswer {
  const { store, webhooks } = core;
  const session = store.find('checkoutSessions', id);
  if (!session) return notFound();
  expireIfDue(core, session);
  if (session.status !== 'open') return checkoutPage(core, id);
  const email = z.string().default('').parse(body.email).trim();
  const again = (error: string): PageAnswer => ({ status: 402, html: form(core, session, error, email) });
  const customerEmail = session.customer ? undefined : (session.customer_email ?? email);
  if (customerEmail !== undefined && !EMAIL.test(customerEmail)) return again('Your email address is invalid.');
  const card = readCard(body, store.now());
  if ('error' in card) return again(card.error);
  const price = store.get('prices', session._sandbox.price, 'price');
  const test = TEST_CARDS[card.number];
  if (test.decline) return again(test.decline.message);
  if (test.failsCharges && price.unit_amount > 0 && !session._sandbox.trialDays) return again(DECLINED_MESSAGE);

  const customer = session.customer
    ? store.get('customers', session.customer, 'customer')
    : createCustomerRecord(core, { email: customerEmail ?? null, name: card.name });
  const pm = cardPaymentMethod(store, card.number, {
    customer: customer.id,
    expMonth: card.expMonth,
    expYear: card.expYear,
    name: card.name,
    email: customer.email,
  })!;
  store.add('paymentMethods', pm);
  webhooks.emit('payment_method.attached', pm);
  let subscription;
  try {
    subscription = createSubscription(core, {
      customer,
      price,
      trialDays: session._sandbox.trialDays,
      metadata: session._sandbox.subscriptionMetadata,
      defaultPaymentMethod: pm.id,
      errorIfIncomplete: true,
    });
  } catch (error) {
    if (error instanceof StripeError) return again(error.message);
    throw error;
  }
  Object.assign(session, {
    status: 'complete',
    payment_status: subscription.status === 'trialing' || price.unit_amount === 0 ? 'no_payment_required' : 'paid',
    customer: customer.id,
    customer_details: { email: customer.email, name: card.name },
    subscription: subscription.id,
    invoice: subscription.latest_invoice,
    url: null,
  });
  webhooks.emit('checkout.session.completed', session);
  store.save();
  return { status: 303, redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
}

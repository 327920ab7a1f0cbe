/**
 * The hosted billing portal (`session.url`, `/p/session/{bps_…}`): the customer's current
 * subscriptions with plan, status, renewal or cancellation date and card; forms to switch plan
 * (prices in the subscription's currency), cancel at period end, resume (renew), and update the
 * card (the customer's default and every live subscription's; a past-due invoice is charged to
 * it at once). Each form POSTs back and is answered with a 303 to the page (or the page with
 * the error); "Return" leads to `return_url`.
 */
import { z } from 'zod';
import { setCancelAtPeriodEnd, setSubscriptionCard, switchPrice } from './billing.ts';
import { cardPaymentMethod } from './cards.ts';
import type { Core } from './context.ts';
import { StripeError } from './errors.ts';
import type { PortalSessionRecord, ProductRecord, SubscriptionRecord } from './model.ts';
import type { PageAnswer } from './page-checkout.ts';
import { cardFields, escapeHtml, formatDate, pageShell, priceLabel, readCard, TEST_CARD_NOTE } from './pages.ts';

const LIVE = ['active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused'];

const liveSubscriptions = (core: Core, customer: string) =>
  core.store.state.subscriptions.filter((s) => s.customer === customer && LIVE.includes(s.status));

function subscriptionSection(core: Core, sub: SubscriptionRecord): string {
  const item = sub.items.data[0];
  const product = core.store.find('products', item.price.product) as ProductRecord | undefined;
  const pmId =
    sub.default_payment_method ?? core.store.find('customers', sub.customer)?.invoice_settings.default_payment_method;
  const pm = pmId ? core.store.find('paymentMethods', pmId) : undefined;
  const when = sub.cancel_at_period_end
    ? `Cancels on ${formatDate(item.current_period_end)}`
    : sub.status === 'trialing'
      ? `Trial ends on ${formatDate(sub.trial_end ?? item.current_period_end)}`
      : `Renews on ${formatDate(item.current_period_end)}`;
  const options = core.store.state.prices
    .filter((p) => p.active && p.currency === sub.currency && p.id !== item.price.id)
    .map((p) => {
      const name = (core.store.find('products', p.product) as ProductRecord | undefined)?.name ?? p.product;
      return `<option value="${p.id}">${escapeHtml(`${name} — ${priceLabel(p)}`)}</option>`;
    })
    .join('');
  const hidden = `<input type="hidden" name="subscription" value="${sub.id}">`;
  const cancelOrResume = sub.cancel_at_period_end
    ? `<form method="post">${hidden}<input type="hidden" name="action" value="resume"><button type="submit">Renew plan</button></form>`
    : `<form method="post">${hidden}<input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel plan</button></form>`;
  return `<section data-subscription="${sub.id}"><h2>${escapeHtml(product?.name ?? 'Plan')}</h2>
<p>${escapeHtml(priceLabel(item.price))} · <span data-status>${sub.status}</span></p><p>${when}</p>
<p>Payment method: ${pm ? `${escapeHtml(pm.card.brand)} •••• ${pm.card.last4} (expires ${pm.card.exp_month}/${pm.card.exp_year})` : 'none'}</p>
<form method="post">${hidden}<input type="hidden" name="action" value="switch">
<label for="price-${sub.id}">Update plan</label><select id="price-${sub.id}" name="price">${options}</select>
<button type="submit">Update plan</button></form>${cancelOrResume}</section>`;
}

function render(core: Core, session: PortalSessionRecord, error?: string, status = 200): PageAnswer {
  const customer = core.store.get('customers', session.customer, 'customer');
  const subs = liveSubscriptions(core, customer.id);
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">← Return to the app</a></p>` : '';
  return {
    status,
    html: pageShell(
      'Billing',
      `${back}<h1>Billing</h1><p>${escapeHtml(customer.email ?? customer.id)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${subs.map((s) => subscriptionSection(core, s)).join('') || '<p>You have no current subscription.</p>'}
<section><h2>Payment method</h2><form method="post"><input type="hidden" name="action" value="card">${cardFields()}
<button type="submit">Update payment method</button></form>${TEST_CARD_NOTE}</section>`,
    ),
  };
}

export function portalPage(core: Core, id: string): PageAnswer {
  const session = core.store.find('portalSessions', id);
  if (!session) return { status: 404, html: pageShell('Not found', '<h1>This portal session does not exist</h1>') };
  return render(core, session);
}

const actionSchema = z.object({
  action: z.enum(['switch', 'cancel', 'resume', 'card']),
  subscription: z.string().optional(),
  price: z.string().optional(),
});

export function submitPortal(core: Core, id: string, body: Record<string, unknown>): PageAnswer {
  const session = core.store.find('portalSessions', id);
  if (!session) return portalPage(core, id);
  const parsed = actionSchema.safeParse(body);
  if (!parsed.success) return render(core, session, 'Unknown action.', 400);
  const { action, subscription, price } = parsed.data;
  try {
    if (action === 'card') {
      const card = readCard(body, core.store.now());
      if ('error' in card) return render(core, session, card.error, 400);
      const customer = core.store.get('customers', session.customer, 'customer');
      const pm = cardPaymentMethod(core.store, card.number, { customer: customer.id, ...card, email: customer.email })!;
      core.store.add('paymentMethods', pm);
      core.webhooks.emit('payment_method.attached', pm);
      const previous = { invoice_settings: { ...customer.invoice_settings } };
      customer.invoice_settings.default_payment_method = pm.id;
      core.webhooks.emit('customer.updated', customer, previous);
      for (const sub of liveSubscriptions(core, customer.id)) setSubscriptionCard(core, sub, pm.id);
    } else {
      const sub = liveSubscriptions(core, session.customer).find((s) => s.id === subscription);
      if (!sub) return render(core, session, 'This subscription cannot be changed.', 400);
      if (action === 'switch') switchPrice(core, sub, core.store.get('prices', price ?? '', 'price'));
      else setCancelAtPeriodEnd(core, sub, action === 'cancel');
    }
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    core.store.save();
    return render(core, session, error.message, 402);
  }
  core.store.save();
  return { status: 303, redirect: `/p/session/${id}` };
}

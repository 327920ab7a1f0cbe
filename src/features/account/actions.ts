/**
 * What the account screen shows and does (spec 2 §2 "Account screen"): the team's plan and this
 * month's two quotas; the subscription as the payment provider has it; the plans in the
 * visitor's currency; and the two ways out to the provider's hosted pages (checkout for a plan,
 * the portal to manage a subscription), which set the `redirectedToStripe` flag (§4) just
 * before the browser leaves (or, in the side panel, opens them in a tab: hostedPage.ts).
 */
import { checkoutReturnPath } from '../../domain/billing/checkoutReturn.ts';
import { asCurrency, type Currency } from '../../domain/billing/currency.ts';
import type { Product } from '../../domain/billing/plans.ts';
import { routes } from '../../domain/routing/routes.ts';
import { appError } from '../../data/errors/appError.ts';
import { attempt, type Result } from '../../data/errors/result.ts';
import { detectedCurrency } from '../../data/billing/geoCurrency.ts';
import { rememberActiveTeam } from '../../data/db/localCopies.ts';
import {
  createCheckoutSession,
  createPortalSession,
  fetchPlans,
  fetchSubscriptionStatus,
  type SubscriptionStatus,
} from '../../data/functions/billing.ts';
import { currentSession } from '../../data/supabase/auth.ts';
import { linkedInQuotaOf, notionQuotaOf, type LinkedInQuota, type NotionQuota } from '../../data/supabase/quotas.ts';
import { userActiveTeam, type TeamRow } from '../../data/supabase/teams.ts';
import { openHostedPage, type HostedPageExit } from './hostedPage.ts';

export type { SubscriptionStatus, SubscriptionView } from '../../data/functions/billing.ts';

export type AccountData = { team: null } | { team: TeamRow; linkedIn: LinkedInQuota; notion: NotionQuota };

export async function loadAccount(): Promise<AccountData> {
  const session = await currentSession();
  if (!session) throw appError({ kind: 'unauthorized' });
  const authId = session.user.id;
  const team = await userActiveTeam();
  await rememberActiveTeam(team && { ...team, authId }); // the subscription gate sees what this screen shows
  if (!team) return { team: null };
  const [linkedIn, notion] = await Promise.all([linkedInQuotaOf(authId), notionQuotaOf(authId)]);
  return { team, linkedIn, notion };
}

export const loadSubscription = (): Promise<Result<SubscriptionStatus>> => attempt(fetchSubscriptionStatus);

export interface PlansOffer {
  currency: Currency;
  products: Product[];
}

/**
 * The plans in the currency prices show in: the customer's own once it has one (a customer is
 * billed in its first subscription's currency, §4), else the one geo-IP detects (usd on failure).
 */
export function loadPlans(customerCurrency: string | null | undefined): Promise<Result<PlansOffer>> {
  return attempt(async () => {
    const currency = asCurrency(customerCurrency ?? '') ?? (await detectedCurrency());
    return { currency, products: await fetchPlans(currency) };
  });
}

const appUrl = (path: string) => new URL(path, window.location.origin).toString();

/** Leaves for the hosted checkout page of `priceId`; a failure is returned (the browser stays). */
export async function startCheckout(priceId: string, currency: Currency): Promise<Result<HostedPageExit>> {
  const url = await attempt(() =>
    createCheckoutSession({
      priceId,
      currency,
      successUrl: appUrl(checkoutReturnPath('success')),
      cancelUrl: appUrl(checkoutReturnPath('canceled')),
    }),
  );
  if (!url.ok) return url;
  return { ok: true, value: openHostedPage(url.value) };
}

/** Leaves for the hosted portal of the team's customer, which comes back to /account. */
export async function openCustomerPortal(customerId: string | null): Promise<Result<HostedPageExit>> {
  const url = await attempt(() =>
    createPortalSession({ ...(customerId && { customerId }), returnUrl: appUrl(routes.account()) }),
  );
  if (!url.ok) return url;
  return { ok: true, value: openHostedPage(url.value) };
}

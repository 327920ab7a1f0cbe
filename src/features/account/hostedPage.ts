/**
 * Going to the payment provider's hosted checkout or portal. The whole app leaves for it —
 * except in the extension's side panel, where the app is framed: Stripe's hosted pages refuse
 * to be framed (X-Frame-Options DENY; Stripe's embedded mode is another product), so there the
 * page opens in a tab of its own and the panel stays, to read the plan again when the user
 * comes back to it. A blocked tab leaves the user a link to open it themselves.
 */
import { markRedirectedToStripe } from '../../data/local/redirectedToStripe.ts';

export type HostedPageExit = { to: 'left' } | { to: 'tab' } | { to: 'blocked'; url: string };

export function openHostedPage(url: string): HostedPageExit {
  markRedirectedToStripe();
  if (window.top === window.self) {
    window.location.assign(url);
    return { to: 'left' };
  }
  const tab = window.open(url, '_blank');
  if (!tab) return { to: 'blocked', url };
  tab.opener = null; // the provider's page gets no handle on the panel
  return { to: 'tab' };
}

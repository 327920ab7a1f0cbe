/**
 * How a subscription status is shown (spec 2 §4 "Subscription statuses"): Stripe's eight
 * statuses by their eight labels in the spec's order (paused, the eighth, reads 'Unknown'),
 * 'Canceling' for active with cancelAtPeriodEnd, 'No subscription' when there is none. A team's
 * status may also be a plan keyword (§4 "pro, startup, enterprise (all paid), free"): the spec
 * gives them no label; ours: 'Active', as the subscription gate lets each of them in. Anything
 * else reads 'Unknown'.
 */
const LABELS = new Map<string, string>(
  Object.entries({
    active: 'Active',
    trialing: 'Trial',
    canceled: 'Canceled',
    past_due: 'Past Due',
    unpaid: 'Unpaid',
    incomplete: 'Incomplete',
    incomplete_expired: 'Expired',
    pro: 'Active',
    startup: 'Active',
    enterprise: 'Active',
    free: 'Active',
  }),
);

export function subscriptionLabel(status: string | null, cancelAtPeriodEnd = false): string {
  if (!status) return 'No subscription';
  const label = LABELS.get(status) ?? 'Unknown';
  return label === 'Active' && cancelAtPeriodEnd ? 'Canceling' : label;
}

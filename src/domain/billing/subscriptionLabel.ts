/**
 * How a subscription status is shown (spec 2 §4 "Subscription statuses"): Stripe's statuses
 * by their labels, 'No subscription' when there is none, 'Unknown' for anything else.
 */
const LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  canceled: 'Canceled',
  past_due: 'Past Due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
};

export function subscriptionLabel(status: string | null, cancelAtPeriodEnd = false): string {
  if (!status) return 'No subscription';
  if (status === 'active' && cancelAtPeriodEnd) return 'Canceling';
  return LABELS[status] ?? 'Unknown';
}

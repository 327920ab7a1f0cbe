/**
 * After a paid checkout the provider already has the new subscription, and the team row catches
 * up when the webhook lands: this says whether it has (the plan's name and cycle agree).
 */
import type { AccountData, SubscriptionStatus } from './actions.ts';

/** Whether the team already shows the provider's plan and cycle (the webhook has landed). */
export function teamMatchesProvider(account: AccountData, status: SubscriptionStatus): boolean {
  const subscription = status.subscription;
  if (!account.team || !subscription) return true;
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  return (
    same(account.team.plan_name, subscription.planName) &&
    (!subscription.billingCycle || same(account.team.billing_cycle, subscription.billingCycle))
  );
}

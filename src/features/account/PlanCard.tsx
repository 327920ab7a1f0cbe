/**
 * The account screen's plan card (spec 2 §2, §4 labels, §9 masking and card brands): the plan
 * and cycle, the subscription's label ('Canceling' while it ends at the period's end), the card
 * it is paid with, the renewal or end date with the days left, the masked customer id, and
 * Manage Subscription (the provider's portal) or Compare plans.
 */
import { useState } from 'react';
import {
  cardBrandName,
  maskCustomerId,
  planCardAction,
  renewalFacts,
  type RenewalFacts,
} from '../../domain/billing/planCard.ts';
import { subscriptionLabel } from '../../domain/billing/subscriptionLabel.ts';
import { textOf } from '../../data/errors/result.ts';
import type { TeamRow } from '../../data/supabase/teams.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { openCustomerPortal } from './actions.ts';
import type { HostedPageExit } from './hostedPage.ts';
import type { StatusLoad } from './useAccountData.ts';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function renewalText(facts: RenewalFacts): string {
  const days = `${facts.daysLeft} ${facts.daysLeft === 1 ? 'day' : 'days'} left`;
  const verb = { trialEnds: 'Trial ends on', ends: 'Ends on', renews: 'Renews on' }[facts.kind];
  return `${verb} ${dateText(facts.date)} (${days})`;
}

export function PlanCard(props: {
  team: TeamRow;
  status: StatusLoad;
  plansShown: boolean;
  onComparePlans: () => void;
  /** Where the portal went: the panel stays when it opened in a tab (hostedPage.ts). */
  onExit: (exit: HostedPageExit) => void;
  now: number;
}) {
  const { team, status, now, onExit } = props;
  const [leaving, setLeaving] = useState(false);
  const [portalError, setPortalError] = useState<string | null>(null);
  const subscription = status.state === 'ready' ? status.data.subscription : null;
  const label = subscriptionLabel(
    subscription?.status ?? team.subscription_status,
    subscription?.cancelAtPeriodEnd ?? false,
  );
  const renewal = renewalFacts(
    {
      status: subscription?.status ?? team.subscription_status,
      cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
      periodEnd: subscription?.currentPeriodEnd ?? team.subscription_end_date,
      trialEnd: subscription?.trialEnd ?? team.trial_end_date,
    },
    now,
  );
  const card = subscription?.paymentMethod;
  const customerId = maskCustomerId(team.stripe_customer_id);
  const action = planCardAction(team, now);

  const manage = async () => {
    setLeaving(true);
    setPortalError(null);
    const result = await openCustomerPortal(team.stripe_customer_id);
    if (!result.ok) setPortalError(textOf('customerPortal', result.error));
    else onExit(result.value);
    if (!result.ok || result.value.to !== 'left') setLeaving(false);
  };

  return (
    <section className="plan-card" aria-label="Plan">
      <h2 data-testid="plan-name">{team.plan_name ?? 'No plan'}</h2>
      <dl className="plan-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="subscription-status">{label}</dd>
        </div>
        {team.billing_cycle && (
          <div>
            <dt>Billing</dt>
            <dd data-testid="billing-cycle">{team.billing_cycle === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
          </div>
        )}
        {card?.last4 && (
          <div>
            <dt>Payment method</dt>
            <dd data-testid="payment-method">
              {cardBrandName(card.brand)} ending in {card.last4}
            </dd>
          </div>
        )}
        {customerId && (
          <div>
            <dt>Customer</dt>
            <dd data-testid="customer-id">{customerId}</dd>
          </div>
        )}
      </dl>
      {renewal && <p data-testid="plan-renewal">{renewalText(renewal)}</p>}
      <p className="hint">{team.name}</p>
      {status.state === 'error' && <ErrorMessage message={status.message} />}
      {portalError && <ErrorMessage message={portalError} />}
      {action === 'manage' ? (
        <Button variant="primary" busy={leaving} onPress={() => void manage()}>
          Manage Subscription
        </Button>
      ) : (
        <Button
          variant="primary"
          aria-expanded={props.plansShown}
          aria-controls={props.plansShown ? 'plans' : undefined}
          onPress={props.onComparePlans}
        >
          Compare plans
        </Button>
      )}
    </section>
  );
}

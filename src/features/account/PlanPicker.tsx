/**
 * The plans (spec 2 §2 "monthly/yearly toggle (yearly labelled -20%, default view yearly), plan
 * cards", §9 prices per month without decimals, ranks, the most-popular badge): in the
 * customer's currency or the detected one, each with its features and quotas, and a button
 * that leaves for the hosted checkout. Failures and the empty catalogue say so (§8).
 */
import { useCallback, useEffect, useState } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { FREE_PLAN_NAME } from '../../domain/billing/planCard.ts';
import { planCards, type PlanCard as PlanCardFacts } from '../../domain/billing/plans.ts';
import { DEFAULT_ACCOUNT_VIEW_CYCLE, YEARLY_DISCOUNT_LABEL, type BillingCycle } from '../../domain/billing/prices.ts';
import { billingTexts } from '../../domain/errors/messages.ts';
import { textOf } from '../../data/errors/result.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { loadPlans, startCheckout, type PlansOffer } from './actions.ts';
import type { HostedPageExit } from './hostedPage.ts';

type PlansLoad = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; offer: PlansOffer };

export function PlanPicker(props: {
  shownCurrency: string | null;
  currentPlan: string | null;
  currentCycle: string | null;
  /** Where checkout went: the panel stays when it opened in a tab (hostedPage.ts). */
  onExit: (exit: HostedPageExit) => void;
}) {
  const { shownCurrency, onExit } = props;
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_ACCOUNT_VIEW_CYCLE);
  const [plans, setPlans] = useState<PlansLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadPlans(shownCurrency).then((result) => {
      if (!live) return;
      setPlans(
        result.ok
          ? { state: 'ready', offer: result.value }
          : { state: 'error', message: textOf('loadPlans', result.error) },
      );
    });
    return () => {
      live = false;
    };
  }, [shownCurrency, round]);

  const choose = useCallback(
    async (priceId: string, currency: PlansOffer['currency']) => {
      setLeavingFor(priceId);
      setCheckoutError(null);
      const result = await startCheckout(priceId, currency);
      if (!result.ok) setCheckoutError(textOf('checkout', result.error));
      else onExit(result.value);
      if (!result.ok || result.value.to !== 'left') setLeavingFor(null);
    },
    [onExit],
  );

  const onCycle = (keys: Set<Key>) => {
    const [key] = keys;
    if (key === 'monthly' || key === 'yearly') setCycle(key);
  };

  return (
    <section id="plans" className="plans" aria-labelledby="plans-title">
      <h2 id="plans-title">Plans</h2>
      <ToggleButtonGroup
        aria-label="Billing cycle"
        className="cycle-toggle"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[cycle]}
        onSelectionChange={onCycle}
      >
        <ToggleButton id="monthly" className="cycle-option">
          Monthly
        </ToggleButton>
        <ToggleButton id="yearly" className="cycle-option">
          Yearly <span className="discount">{YEARLY_DISCOUNT_LABEL}</span>
        </ToggleButton>
      </ToggleButtonGroup>
      {plans.state === 'loading' && <p aria-busy="true">Loading plans…</p>}
      {plans.state === 'error' && (
        <>
          <ErrorMessage message={plans.message} />
          <Button
            onPress={() => {
              setPlans({ state: 'loading' });
              setRound((n) => n + 1);
            }}
          >
            Retry
          </Button>
        </>
      )}
      {checkoutError && <ErrorMessage message={checkoutError} />}
      {plans.state === 'ready' &&
        (() => {
          const cards = planCards(plans.offer.products, plans.offer.currency, cycle);
          if (cards.length === 0) return <p className="empty-state">{billingTexts.noPlans}</p>;
          return (
            <ul className="plan-options" data-currency={plans.offer.currency}>
              {cards.map((card) => (
                <PlanOption
                  key={card.productId}
                  card={card}
                  current={isCurrent(card, props.currentPlan, props.currentCycle)}
                  leaving={leavingFor !== null && leavingFor === card.priceId}
                  disabled={leavingFor !== null}
                  onChoose={() => card.priceId && void choose(card.priceId, plans.offer.currency)}
                />
              ))}
            </ul>
          );
        })()}
    </section>
  );
}

const isFree = (card: PlanCardFacts) => card.name.trim().toLowerCase() === FREE_PLAN_NAME;

function isCurrent(card: PlanCardFacts, plan: string | null, cycle: string | null): boolean {
  if (!plan || card.name.trim().toLowerCase() !== plan.trim().toLowerCase()) return false;
  return isFree(card) || cycle === card.cycle;
}

function PlanOption(props: {
  card: PlanCardFacts;
  current: boolean;
  leaving: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { card } = props;
  const titleId = `plan-${card.productId}`;
  return (
    <li
      className={`plan-option${card.mostPopular ? ' popular' : ''}`}
      aria-labelledby={titleId}
      data-testid="plan-option"
    >
      <h3 id={titleId}>{card.name}</h3>
      {card.mostPopular && <p className="badge">Most popular</p>}
      {card.pricePerMonth !== null && (
        <p className="price" data-testid="plan-price">
          <strong>{card.pricePerMonth}</strong> / month
          {card.cycle === 'yearly' && <span className="hint">, billed yearly</span>}
        </p>
      )}
      {card.description && <p className="hint">{card.description}</p>}
      <ul className="plan-features">
        {card.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {props.current ? (
        <p className="current-plan">Current plan</p>
      ) : (
        !isFree(card) &&
        card.priceId && (
          <Button
            variant={card.mostPopular ? 'primary' : 'secondary'}
            busy={props.leaving}
            isDisabled={props.disabled && !props.leaving}
            aria-label={`Choose ${card.name}`}
            onPress={props.onChoose}
          >
            Choose {card.name}
          </Button>
        )
      )}
    </li>
  );
}

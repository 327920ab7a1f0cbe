/**
 * /account (spec 2 §2): the plan card, Manage Subscription or Compare plans with the plans, the
 * two monthly quota bars and the quota renewal line; a load error shows its message with
 * Retry. The way out of the 'Subscription Inactive' blocker leads here, and so does the
 * provider's checkout (`?checkout=success|canceled`: its notice, the parameter dropped, and
 * after a payment the team read again until the webhook has written it).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { announceCheckoutReturned } from '../../data/local/checkoutReturned.ts';
import { readCheckoutReturn, type CheckoutReturn } from '../../domain/billing/checkoutReturn.ts';
import { UNLIMITED_NOTION_EDITS } from '../../domain/billing/quotaUsage.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../../domain/capture/subscriptionGate.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Notice } from '../../ui/Notice.tsx';
import type { AccountData } from './actions.ts';
import type { Currency } from '../../domain/billing/currency.ts';
import { useDebugMode } from '../debug/useDebugMode.ts';
import { CurrencyToggle } from './CurrencyToggle.tsx';
import type { HostedPageExit } from './hostedPage.ts';
import { HostedPageNotice } from './HostedPageNotice.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PlanPicker } from './PlanPicker.tsx';
import { QuotaBar } from './QuotaBar.tsx';
import { useAccountData, type StatusLoad } from './useAccountData.ts';
import { useReadAgainOnReturn } from './useReadAgainOnReturn.ts';

export function AccountScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, on arrival: the parameter is dropped from the address right after.
  const [checkout] = useState<CheckoutReturn | null>(() => readCheckoutReturn(location.search));
  const { account, status, retry, readAgain } = useAccountData(checkout?.refreshBilling ?? false);
  useEffect(() => {
    if (!checkout) return;
    void navigate({ pathname: location.pathname, search: checkout.search }, { replace: true });
    announceCheckoutReturned(); // the side panel that opened this checkout in a tab reads the plan again
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address the screen opened with
  }, []);

  const notice = checkout && <Notice tone={checkout.tone}>{checkout.notice}</Notice>;
  if (account.state === 'loading') {
    return (
      <main className="screen" aria-busy="true">
        {notice}
        Loading account…
      </main>
    );
  }
  if (account.state === 'error') {
    return (
      <main className="screen narrow">
        {notice}
        <ErrorMessage message={account.message} />
        <button type="button" onClick={retry}>
          Retry
        </button>
      </main>
    );
  }
  return <AccountView data={account.data} status={status} notice={notice} readAgain={readAgain} />;
}

function AccountView({
  data,
  status,
  notice,
  readAgain,
}: {
  data: AccountData;
  status: StatusLoad;
  notice: React.ReactNode;
  readAgain: () => void;
}) {
  const [plansShown, setPlansShown] = useState(false);
  const [exit, setExit] = useState<HostedPageExit | null>(null);
  useReadAgainOnReturn(exit !== null && exit.to !== 'left', readAgain);
  const [now] = useState(() => Date.now());
  const { debug } = useDebugMode();
  const [currencyOverride, setCurrencyOverride] = useState<Currency | null>(null);
  if (!data.team) {
    return (
      <main className="screen narrow">
        {notice}
        <h1>Account</h1>
        <p className="empty-state">{NO_ACTIVE_SUBSCRIPTION}</p>
      </main>
    );
  }
  const { team, linkedIn, notion } = data;
  const renewal = linkedIn.next_quota_reset ?? notion.next_quota_reset;
  const customerCurrency = status.state === 'ready' ? (status.data.subscription?.currency ?? null) : null;
  return (
    <main className="screen narrow account-screen">
      {notice}
      <h1>Account</h1>
      <HostedPageNotice exit={exit} />
      <PlanCard
        team={team}
        status={status}
        now={now}
        plansShown={plansShown}
        onComparePlans={() => setPlansShown((shown) => !shown)}
        onExit={setExit}
      />
      {plansShown && status.state !== 'loading' && (
        <PlanPicker
          shownCurrency={(debug && currencyOverride) || customerCurrency}
          currentPlan={team.plan_name}
          currentCycle={team.billing_cycle}
          onExit={setExit}
        />
      )}
      {debug && <CurrencyToggle value={currencyOverride} onChange={setCurrencyOverride} />}
      <section aria-label="Quotas">
        <QuotaBar label="LinkedIn imports" used={linkedIn.api_calls_used} quota={linkedIn.api_quota} />
        <QuotaBar
          label="Notion edits"
          used={notion.notion_pages_used}
          quota={notion.notion_pages_quota}
          unlimited={(notion.notion_pages_quota ?? 0) > UNLIMITED_NOTION_EDITS}
        />
        {renewal && <p data-testid="quota-renewal">Quotas renew on {new Date(renewal).toLocaleDateString()}.</p>}
      </section>
    </main>
  );
}

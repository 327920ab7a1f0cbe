/**
 * /account (spec 2 §2): the plan card (plan and subscription status), the two monthly quota
 * bars and the quota renewal line; a load error shows its message with Retry. The way out of
 * the 'Subscription Inactive' blocker leads here.
 */
import { subscriptionLabel } from '../../domain/billing/subscriptionLabel.ts';
import { UNLIMITED_NOTION_EDITS } from '../../domain/billing/quotaUsage.ts';
import { textOf } from '../../data/errors/result.ts';
import { LoadedScreen } from '../../ui/LoadedScreen.tsx';
import { useRetryableLoad } from '../../ui/useRetryableLoad.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../../domain/capture/subscriptionGate.ts';
import { loadAccount, type AccountData } from './actions.ts';
import { QuotaBar } from './QuotaBar.tsx';

const describeLoadFailure = (error: unknown) => textOf('loadAccount', error);

export function AccountScreen() {
  const { load, retry } = useRetryableLoad(loadAccount, describeLoadFailure);
  return (
    <LoadedScreen load={load} retry={retry} loadingText="Loading account…">
      {(data) => <AccountView data={data} />}
    </LoadedScreen>
  );
}

function AccountView({ data }: { data: AccountData }) {
  if (!data.team) {
    return (
      <main className="screen narrow">
        <h1>Account</h1>
        <p>{NO_ACTIVE_SUBSCRIPTION}</p>
      </main>
    );
  }
  const { team, linkedIn, notion } = data;
  const renewal = linkedIn.next_quota_reset ?? notion.next_quota_reset;
  return (
    <main className="screen narrow account-screen">
      <h1>Account</h1>
      <section className="plan-card" aria-label="Plan">
        <h2>{team.plan_name ?? 'No plan'}</h2>
        <p>
          Status: <strong data-testid="subscription-status">{subscriptionLabel(team.subscription_status)}</strong>
        </p>
        <p className="hint">{team.name}</p>
      </section>
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

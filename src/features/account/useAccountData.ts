/**
 * The account screen's data: the team with its quotas (a failure is the screen's error with
 * Retry) and the subscription as the payment provider has it (a failure is shown on the plan
 * card, spec 2 §8 "Status failure … returning no subscription"), read again on request.
 *
 * After a paid checkout (`?checkout=success`, src/domain/billing/checkoutReturn.ts) the team is
 * written by the provider's webhook, which may land a moment after the browser is back: the
 * team is read again every WEBHOOK_POLL_MS until it shows the plan the provider has, for up to
 * WEBHOOK_WAIT_MS (then what is read stays; a reload reads again). The same wait follows
 * `readAgain`, which the side panel calls when the user comes back from a hosted page that
 * opened in a tab (hostedPage.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { textOf } from '../../data/errors/result.ts';
import type { Load } from '../../ui/useRetryableLoad.ts';
import { teamMatchesProvider } from './webhookCatchUp.ts';
import { loadAccount, loadSubscription, type AccountData, type SubscriptionStatus } from './actions.ts';

export const WEBHOOK_POLL_MS = 1_500;
export const WEBHOOK_WAIT_MS = 30_000;

export type StatusLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: SubscriptionStatus };

export function useAccountData(awaitWebhook: boolean) {
  const [account, setAccount] = useState<Load<AccountData>>({ state: 'loading' });
  const [status, setStatus] = useState<StatusLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const live = useRef(true);
  const [arrivedWaitUntil] = useState(() => (awaitWebhook ? Date.now() + WEBHOOK_WAIT_MS : 0));
  const waitUntil = useRef(arrivedWaitUntil);

  const readBoth = useCallback(async () => {
    const [accountResult, statusResult] = await Promise.all([
      loadAccount().then(
        (data) => ({ ok: true as const, data }),
        (error: unknown) => ({ ok: false as const, message: textOf('loadAccount', error) }),
      ),
      loadSubscription(),
    ]);
    if (!live.current) return;
    setAccount(
      accountResult.ok
        ? { state: 'ready', data: accountResult.data }
        : { state: 'error', message: accountResult.message },
    );
    setStatus(
      statusResult.ok
        ? { state: 'ready', data: statusResult.value }
        : { state: 'error', message: textOf('subscriptionStatus', statusResult.error) },
    );
    // A failed status read is tried again within the wait too (the provider may be mid-update).
    const settled =
      !accountResult.ok || (statusResult.ok && teamMatchesProvider(accountResult.data, statusResult.value));
    if (!settled && Date.now() < waitUntil.current) {
      setTimeout(() => live.current && setRound((n) => n + 1), WEBHOOK_POLL_MS);
    }
  }, []);

  useEffect(() => {
    live.current = true;
    void readBoth();
    return () => {
      live.current = false;
    };
  }, [readBoth, round]);

  const retry = useCallback(() => {
    setAccount({ state: 'loading' });
    setStatus({ state: 'loading' });
    setRound((n) => n + 1);
  }, []);

  /** Reads again without showing 'loading', waiting for the webhook as after a checkout. */
  const readAgain = useCallback(() => {
    waitUntil.current = Date.now() + WEBHOOK_WAIT_MS;
    setRound((n) => n + 1);
  }, []);

  return { account, status, retry, readAgain };
}

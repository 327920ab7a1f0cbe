/**
 * The test clock: moves the sandbox's time forward and lets what would have happened meanwhile
 * happen, in order — trials end (first charge), periods renew (charge, new period), a failed
 * charge makes the subscription `past_due` and is retried 3, 5 and 7 days later, after which the
 * subscription is canceled; `cancel_at_period_end` ends it at the period's end; an `incomplete`
 * first payment expires after 23 hours. Each step runs at its own moment (objects and events carry
 * that time), then the clock stops at the target.
 *
 * Stripe's own test clocks are per-customer objects; this one is the whole sandbox's (a test
 * owns its sandbox or uses its own customers).
 */
import { cancelNow, periodEnd, updateSubscription } from './billing.ts';
import type { Core } from './context.ts';
import { StripeError } from './errors.ts';
import { invoiceSubscription, retryLatestInvoice } from './invoices.ts';
import type { SubscriptionRecord } from './model.ts';

const DAY_SECONDS = 86_400;
/** Days after the failed charge when it is retried; after the last failure the subscription is canceled. */
export const PAYMENT_RETRY_DAYS = [3, 5, 7];
const INCOMPLETE_EXPIRES_SECONDS = 23 * 3600;

type Step = { at: number; run: () => void };

function nextStep(core: Core, sub: SubscriptionRecord): Step | undefined {
  const item = sub.items.data[0];
  const end = item.current_period_end;
  switch (sub.status) {
    case 'incomplete':
      return {
        at: (sub.created as number) + INCOMPLETE_EXPIRES_SECONDS,
        run: () => cancelNow(core, sub, 'payment_failed'),
      };
    case 'trialing':
      if (sub.cancel_at_period_end) return { at: end, run: () => cancelNow(core, sub) };
      return { at: sub.trial_end ?? end, run: () => renew(core, sub, true) };
    case 'active':
      if (sub.cancel_at_period_end) return { at: end, run: () => cancelNow(core, sub) };
      return { at: end, run: () => renew(core, sub, false) };
    case 'past_due': {
      const since = sub._sandbox?.pastDueSince ?? end;
      const invoice = sub.latest_invoice ? core.store.find('invoices', sub.latest_invoice) : undefined;
      const retriesDone = Math.max(0, Number(invoice?.attempt_count ?? 1) - 1);
      const day = PAYMENT_RETRY_DAYS[retriesDone];
      if (day === undefined) return { at: since, run: () => cancelNow(core, sub, 'payment_failed') };
      return {
        at: since + day * DAY_SECONDS,
        run: () => retry(core, sub, retriesDone + 1 >= PAYMENT_RETRY_DAYS.length),
      };
    }
    default:
      return undefined;
  }
}

/** A new period from the old end (or the trial's end), invoiced and charged. */
function renew(core: Core, sub: SubscriptionRecord, endingTrial: boolean): void {
  updateSubscription(core, sub, (s) => {
    const item = s.items.data[0];
    const start = endingTrial ? (s.trial_end ?? item.current_period_end) : item.current_period_end;
    item.current_period_start = start;
    item.current_period_end = periodEnd(start, item.price.recurring.interval);
    if (endingTrial) s.status = 'active';
  });
  if (!invoiceSubscription(core, sub, 'subscription_cycle')) {
    updateSubscription(core, sub, (s) => {
      s.status = 'past_due';
      s._sandbox = { pastDueSince: core.store.now() };
    });
  }
}

function retry(core: Core, sub: SubscriptionRecord, last: boolean): void {
  if (retryLatestInvoice(core, sub)) {
    updateSubscription(core, sub, (s) => {
      s.status = 'active';
      delete s._sandbox;
    });
  } else if (last) {
    cancelNow(core, sub, 'payment_failed');
  }
}

/** Moves the clock to `target` (unix seconds), running every due step on the way. */
export function advanceClockTo(core: Core, target: number): void {
  const { store } = core;
  const start = store.now();
  if (target < start) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The test clock cannot move backwards.',
      undefined,
      'frozen_time',
    );
  }
  const setNow = (at: number) => {
    store.state.clockOffsetSeconds += at - store.now();
  };
  for (let guard = 0; guard < 10_000; guard++) {
    let due: Step | undefined;
    for (const sub of store.state.subscriptions) {
      const step = nextStep(core, sub);
      if (step && step.at <= target && (!due || step.at < due.at)) due = step;
    }
    if (!due) break;
    if (due.at > store.now()) setNow(due.at);
    due.run();
  }
  setNow(target);
  store.save();
}

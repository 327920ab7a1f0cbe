/**
 * The account page's plan card facts (spec 2 §2 "Plan card, Manage Subscription or Compare
 * plans", §3 Subscription and Team, §4 "A team is on trial while trial_end_date is in the
 * future; it has an active subscription if paid or on trial", §9 "Days-left rounded up, not
 * below zero. Customer id masked to first 4 and last 4 characters when 8+ long. Card brands:
 * Visa, Mastercard, American Express, Discover, Diners Club, JCB, UnionPay").
 */
import { FREE_PLAN_NAME } from '../../../supabase/functions/_shared/billing-plans.ts';

const DAY_MS = 86_400_000;

/** §9: 8 characters or more show the first 4 and the last 4 ("cus_…9xQz"); shorter ones as they are. */
export const CUSTOMER_ID_MASK_MIN_LENGTH = 8;

/**
 * The mask between the kept characters is ours (the spec names only what is kept): '…', as the
 * house masks a Notion key (first 5 + '…' + last 3).
 */
export function maskCustomerId(id: string | null | undefined): string | null {
  if (!id) return null;
  return id.length >= CUSTOMER_ID_MASK_MIN_LENGTH ? `${id.slice(0, 4)}…${id.slice(-4)}` : id;
}

/** The payment provider's brand codes → §9's names. */
export const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Ours: a card whose brand is missing or 'unknown'. */
export const UNKNOWN_CARD_BRAND = 'Card';

/** A brand code → its name; a brand §9 does not name reads as its words capitalised ('cartes_bancaires' → 'Cartes Bancaires'). */
export function cardBrandName(brand: string | null | undefined): string {
  const code = brand?.trim().toLowerCase() ?? '';
  if (!code || code === 'unknown') return UNKNOWN_CARD_BRAND;
  return (
    CARD_BRAND_NAMES[code] ??
    code
      .split(/[_\s-]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

const timeOf = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
};

/** Whole days from `nowMs` to `endIso`, rounded up, never below zero; null for no (or an unreadable) date. */
export function daysLeft(endIso: string | null | undefined, nowMs: number): number | null {
  const end = timeOf(endIso);
  return end === null ? null : Math.max(0, Math.ceil((end - nowMs) / DAY_MS));
}

/** §4 "on trial while trial_end_date is in the future" (strictly). */
export function isOnTrial(trialEndDate: string | null | undefined, nowMs: number): boolean {
  const end = timeOf(trialEndDate);
  return end !== null && end > nowMs;
}

/** The team's billing columns the card reads (spec 2 §3 Team). */
export interface TeamBilling {
  subscription_status: string | null;
  plan_name: string | null;
  stripe_customer_id: string | null;
  trial_end_date: string | null;
  subscription_end_date: string | null;
}

/** §4 "pro, startup, enterprise (all paid)", and Stripe's active; the free plan (plan_name free) is not paid. */
const PAID_STATUSES: readonly string[] = ['active', 'pro', 'startup', 'enterprise'];
export { FREE_PLAN_NAME } from '../../../supabase/functions/_shared/billing-plans.ts';

export function isPaid(team: Pick<TeamBilling, 'subscription_status' | 'plan_name'>): boolean {
  const status = team.subscription_status;
  return status !== null && PAID_STATUSES.includes(status) && team.plan_name?.trim().toLowerCase() !== FREE_PLAN_NAME;
}

/** §4 "it has an active subscription if paid or on trial". */
export function hasActiveSubscription(team: TeamBilling, nowMs: number): boolean {
  return isPaid(team) || isOnTrial(team.trial_end_date, nowMs);
}

/**
 * §2 "Manage Subscription or Compare plans": the portal for a team with an active subscription
 * and a payment customer to open it for (§7 portal {customerId, returnUrl}); plans otherwise.
 */
export function planCardAction(team: TeamBilling | null, nowMs: number): 'manage' | 'compare' {
  return team?.stripe_customer_id && hasActiveSubscription(team, nowMs) ? 'manage' : 'compare';
}

export interface RenewalFacts {
  /** trialEnds: the trial's end; ends: canceled, or canceling at the period's end; renews: the next renewal. */
  kind: 'trialEnds' | 'ends' | 'renews';
  date: string;
  daysLeft: number;
}

/**
 * What the card says of the date ahead: the trial's end while on trial; otherwise the period's
 * end, which ends a canceled or canceling subscription and renews any other. Null without a
 * readable date.
 */
export function renewalFacts(
  subscription: {
    status: string | null;
    cancelAtPeriodEnd: boolean;
    periodEnd: string | null;
    trialEnd: string | null;
  },
  nowMs: number,
): RenewalFacts | null {
  const { status, cancelAtPeriodEnd, periodEnd, trialEnd } = subscription;
  if (trialEnd && isOnTrial(trialEnd, nowMs))
    return { kind: 'trialEnds', date: trialEnd, daysLeft: daysLeft(trialEnd, nowMs) ?? 0 };
  const left = daysLeft(periodEnd, nowMs);
  if (periodEnd === null || left === null) return null;
  const ending = cancelAtPeriodEnd || status === 'canceled' || status === 'incomplete_expired';
  return { kind: ending ? 'ends' : 'renews', date: periodEnd, daysLeft: left };
}

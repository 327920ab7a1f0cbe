/**
 * The subscription gate as the app reads it (spec 2 §2 Root and NewProfile, §4 "Subscription
 * gate"): the rule itself lives in supabase/functions/_shared/subscription-gate.ts, shared
 * with the get-profile-data-by-url edge function so the blocker and the server never
 * disagree; an inactive team (or no team) blocks the profile check, Add and navigation
 * (except to the account screen). Here too: the blocker's title.
 */
export {
  isSubscriptionActive,
  NO_ACTIVE_SUBSCRIPTION,
  type TeamSubscription,
} from '../../../supabase/functions/_shared/subscription-gate.ts';

export const SUBSCRIPTION_INACTIVE = 'Subscription Inactive';

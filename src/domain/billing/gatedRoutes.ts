/**
 * Where the subscription gate applies (spec 2 §2 Root entry guard "Navigation is blocked for
 * inactive subscriptions except to the account screen", §4 "Any other status or a missing team
 * blocks profile check, add and navigation (except to the account screen)"). The rule of who
 * is active stays in ../capture/subscriptionGate.ts (shared with the edge function); this
 * module says which routes it guards, by the route table's ids.
 *
 * Open under the gate: the account screen (the way out, and where a plan is bought), the
 * user's own profile (the issue: "except /account (and sign-out, profile)"; sign-out is an
 * action, not a route), the admin screens (issue 32: an admin reaches /admin whatever their own
 * team's plan — running the service is not using the product; the route guard lets only admins
 * in, and the admin RPCs check the role, never a plan), and every route that needs no session
 * (guest and open routes: sign-in pages, the password update and the auth callback — no team is
 * read there). Everything else, an unknown path (NotLinkedIn) included, is blocked.
 */
import { isSubscriptionActive, type TeamSubscription } from '../capture/subscriptionGate.ts';
import { routeOf, ROUTES, type RouteId } from '../routing/routes.ts';

export const OPEN_WITHOUT_SUBSCRIPTION: readonly RouteId[] = ['account', 'profile'];

/** Whether the route (null: an unknown path) stays open to a team without an active subscription. */
export function isOpenWithoutSubscription(route: RouteId | null): boolean {
  if (route === null) return false;
  const { access } = ROUTES[route];
  return access === 'guest' || access === 'open' || access === 'admin' || OPEN_WITHOUT_SUBSCRIPTION.includes(route);
}

/** Whether the subscription blocker replaces the page at `path` for this team (null: no team) at `nowMs`. */
export function subscriptionBlocks(path: string, team: TeamSubscription | null, nowMs: number): boolean {
  return !isOpenWithoutSubscription(routeOf(path)) && !isSubscriptionActive(team, nowMs);
}

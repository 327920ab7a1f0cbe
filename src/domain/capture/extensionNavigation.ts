/**
 * Extension navigation (spec 1 §2): a LINKEDIN_PROFILE_NAVIGATION carrying a profile URL
 * navigates to `/?url=…`, unless the URL equals the current url query, or the user is on a
 * route outside the allowed set (the route table's `followsExtension`: NotionProfile,
 * NewProfile/Root, MissingContext, NotLinkedIn, UnusedLinkedIn) — e.g. in the settings
 * wizard, on the account or profile screens.
 */
import type { LinkedInUrl } from '../linkedin/profileUrl.ts';
import { routeOf, routes, ROUTES } from '../routing/routes.ts';

/** The path to navigate to, or null when the navigation is blocked. */
export function extensionNavigationTarget(url: LinkedInUrl, pathname: string, search: string): string | null {
  if (url.kind !== 'profile') return null;
  const here = routeOf(pathname);
  if (!here || !ROUTES[here].followsExtension) return null;
  if (new URLSearchParams(search).get('url') === url.raw) return null;
  return routes.root({ url: url.raw });
}

/**
 * Extension navigation (spec 1 §2): the panel follows the browser tab. Every URL the extension
 * reports for the active tab (LINKEDIN_PROFILE_NAVIGATION or EXTENSION_URL_UPDATE) moves the app:
 * - a LinkedIn profile → `/?url=…` (Root, then NewProfile's verdict), as the spec says;
 * - a person's page that is not their profile URL (a Sales Navigator lead, a member link;
 *   issue 34) → `/?url=…` too: Root waits for the public link the extension reads there;
 * - LinkedIn but not a profile (feed, search, a company page…) → UnusedLinkedIn;
 * - anything else (another site, told as no URL; an unparsable URL) → NotLinkedIn.
 *
 * Blocked (null) when the user is on a route outside the allowed set (the route table's
 * `followsExtension`: NotionProfile, NewProfile/Root, MissingContext, NotLinkedIn,
 * UnusedLinkedIn) — e.g. in the settings wizard, on the account or profile screens; when the
 * profile URL equals the current url query; and when the user already is on the screen the
 * URL leads to (moving from the feed to a search keeps UnusedLinkedIn as it is).
 *
 * Why the panel also leaves NotionProfile for a non-profile tab (a product decision): the panel
 * is about the tab beside it. A user who edits a card and glances at their Gmail tab expects the
 * panel to say where they are, not to keep showing a person who is no longer on screen. Nothing
 * is lost: an edit is saved to the outbox when its field loses focus, which it does as soon as
 * the user turns to another tab (the panel's window loses focus before the extension reports the
 * new URL); the outbox drains on its own; and going back to the LinkedIn tab reports that profile
 * again, whose verdict leads back to the same page. Keeping NotionProfile would also leave the
 * two LinkedIn screens unreachable from the extension. (A tab that navigates by itself while
 * the user is typing in the panel moves the panel too, as a profile URL always did.)
 */
import type { LinkedInUrl } from '../linkedin/profileUrl.ts';
import { routeOf, routes, ROUTES, type RouteId } from '../routing/routes.ts';

/** The context screen a URL that is not a profile leads to (null: the tab shows no LinkedIn page). */
const contextRoute = (url: LinkedInUrl | null): RouteId =>
  url?.kind === 'linkedin-other' ? 'unusedLinkedIn' : 'notLinkedIn';

/** The path to navigate to, or null when the navigation is blocked. */
export function extensionNavigationTarget(url: LinkedInUrl | null, pathname: string, search: string): string | null {
  const here = routeOf(pathname);
  if (!here || !ROUTES[here].followsExtension) return null;
  if (url?.kind === 'profile' || url?.kind === 'person-page') {
    if (new URLSearchParams(search).get('url') === url.raw) return null;
    return routes.root({ url: url.raw });
  }
  const to = contextRoute(url);
  if (here === to) return null;
  return to === 'unusedLinkedIn' ? routes.unusedLinkedIn() : routes.notLinkedIn();
}

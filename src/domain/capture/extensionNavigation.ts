/**
 * Extension navigation (spec 1 §2): a LINKEDIN_PROFILE_NAVIGATION carrying a profile URL
 * navigates to `/?url=…`, unless the URL equals the current url query, or the user is on a
 * route outside the allowed set (NotionProfile, NewProfile/Root, MissingContext, NotLinkedIn,
 * UnusedLinkedIn) — e.g. in the settings wizard, on the account or profile screens.
 */
import type { LinkedInUrl } from '../linkedin/profileUrl.ts';

export const EXTENSION_NAVIGATION_PATHS = [
  '/',
  '/notion-profile',
  '/missing-context',
  '/not-linked-in',
  '/unused-linked-in',
] as const;

/** The path to navigate to, or null when the navigation is blocked. */
export function extensionNavigationTarget(url: LinkedInUrl, pathname: string, search: string): string | null {
  if (url.kind !== 'profile') return null;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!(EXTENSION_NAVIGATION_PATHS as readonly string[]).includes(path)) return null;
  if (new URLSearchParams(search).get('url') === url.raw) return null;
  return `/?url=${encodeURIComponent(url.raw)}`;
}

/**
 * What the background tells the side panel of a window when that window's active tab URL
 * changes, and what it answers of that tab (spec 1 §2, §7, §8; spec 2 §7): pure, so the rules
 * are unit-tested without Chrome.
 *
 * What must stay true:
 * - the app is told only what it needs of a tab (issue 32): what kind of page it shows and, on
 *   LinkedIn, where — a LinkedIn page as its origin and path (no query string, no fragment: the
 *   app's URL rule ignores them, and LinkedIn keeps tracking ids and search terms there), any
 *   other page, or none, as no URL at all (null). Nothing of another site leaves the extension;
 * - every change gives an EXTENSION_URL_UPDATE with the time; a LinkedIn profile also gives a
 *   LINKEDIN_PROFILE_NAVIGATION (the app navigates on it);
 * - what the app was told is told once per window: repeated tab events (loading, complete,
 *   re-activation), one site after another, or a LinkedIn page whose query changes are no change.
 */
import { extensionMessage, type ExtensionMessage } from '../src/domain/extension/protocol.ts';
import { classifyLinkedInUrl } from '../src/domain/linkedin/profileUrl.ts';
import type { ProfileScraped } from './runtimeMessages.ts';

export const isProfileUrl = (url: string): boolean => classifyLinkedInUrl(url).kind === 'profile';

/** A page the content script reads: a profile, or a person's page that is not their profile URL (issue 34). */
export const isPersonUrl = (url: string): boolean => {
  const { kind } = classifyLinkedInUrl(url);
  return kind === 'profile' || kind === 'person-page';
};

/** What the app is told of a tab at `url`: a LinkedIn page's origin and path; null for anything else. */
export function appTabUrl(url: string | undefined): string | null {
  if (!url) return null;
  const { kind } = classifyLinkedInUrl(url);
  if (kind !== 'profile' && kind !== 'linkedin-other' && kind !== 'person-page') return null;
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return null; // no scheme: not a tab's URL
  }
}

/** The messages for a window whose active tab is now at `tabUrl`. */
export function urlChangeMessages(tabUrl: string, now: number): ExtensionMessage[] {
  const url = appTabUrl(tabUrl);
  const update: ExtensionMessage = { type: 'EXTENSION_URL_UPDATE', url, timestamp: now };
  return url !== null && isProfileUrl(url) ? [update, { type: 'LINKEDIN_PROFILE_NAVIGATION', url }] : [update];
}

/** The answer to REQUEST_CURRENT_URL for the tab at `tabUrl`; a URL the protocol refuses (over its length limit) is no URL. */
export function currentUrlResponse(requestId: string, tabUrl: string | undefined): ExtensionMessage {
  const response: ExtensionMessage = { type: 'CURRENT_URL_RESPONSE', requestId, url: appTabUrl(tabUrl) };
  return extensionMessage.safeParse(response).success ? response : { ...response, url: null };
}

/**
 * SIDEPANEL_PROFILE_LOADED for what a content script read (null: its page is not LinkedIn's);
 * a person's page that is not their profile URL also tells the public link it shows (or null).
 */
export function profileLoadedMessage(scraped: ProfileScraped): ExtensionMessage | null {
  const url = appTabUrl(scraped.url);
  if (url === null) return null;
  const message: ExtensionMessage = { type: 'SIDEPANEL_PROFILE_LOADED', url, scrapedData: scraped.scrapedData };
  if (classifyLinkedInUrl(url).kind !== 'person-page') return message;
  const link = scraped.profileUrl ? appTabUrl(scraped.profileUrl) : null;
  return { ...message, profileUrl: link !== null && isProfileUrl(link) ? link : null };
}

/** What each window was last told of its active tab, so the same is told once. */
export class ActiveUrls {
  private readonly byWindow = new Map<number, string | null>();

  /** Records a window's active tab URL; true when what the app is told of it differs from the last. */
  changed(windowId: number, tabUrl: string): boolean {
    const told = appTabUrl(tabUrl);
    if (this.byWindow.has(windowId) && this.byWindow.get(windowId) === told) return false;
    this.byWindow.set(windowId, told);
    return true;
  }

  forget(windowId: number): void {
    this.byWindow.delete(windowId);
  }
}

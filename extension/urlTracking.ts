/**
 * What the background tells the side panel of a window when that window's active tab URL
 * changes (spec 1 §2, §7; spec 2 §7): pure, so the rules are unit-tested without Chrome.
 *
 * What must stay true: every change gives an EXTENSION_URL_UPDATE with the time; a LinkedIn
 * profile URL also gives a LINKEDIN_PROFILE_NAVIGATION (the app navigates on it); the same
 * URL reported twice for a window (tab events repeat: loading, complete, re-activation) is one
 * change, not two.
 */
import { classifyLinkedInUrl } from '../src/domain/linkedin/profileUrl.ts';
import type { ExtensionMessage } from '../src/domain/extension/protocol.ts';

export const isProfileUrl = (url: string): boolean => classifyLinkedInUrl(url).kind === 'profile';

/** The messages for a window whose active tab is now at `url`. */
export function urlChangeMessages(url: string, now: number): ExtensionMessage[] {
  const update: ExtensionMessage = { type: 'EXTENSION_URL_UPDATE', url, timestamp: now };
  return isProfileUrl(url) ? [update, { type: 'LINKEDIN_PROFILE_NAVIGATION', url }] : [update];
}

/** The last URL told to each window, so repeated tab events are told once. */
export class ActiveUrls {
  private readonly byWindow = new Map<number, string>();

  /** Records the URL of a window's active tab; true when it differs from the last one told. */
  changed(windowId: number, url: string): boolean {
    if (this.byWindow.get(windowId) === url) return false;
    this.byWindow.set(windowId, url);
    return true;
  }

  forget(windowId: number): void {
    this.byWindow.delete(windowId);
  }
}

/**
 * What the extension has told this panel, kept in memory (spec 2 §3: the scraped profile is
 * "cached in memory per URL"): scraped profiles by canonical profile URL, and the extension's
 * current tab URL (for the debug panels; none for a tab that shows no LinkedIn page). A profile the extension loaded without data is
 * recorded as an empty profile (`{}`), not left unknown. Fed by `followExtension` from the bridge's events,
 * whose URLs are already classified: nothing here parses a URL.
 */
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import type { IncomingMessage, ScrapedProfile } from './messages.ts';

const scraped = new Map<string, ScrapedProfile>();
let currentTabUrl: string | null = null;
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** Records what a message says about the tab; returns nothing (listeners are told). */
export function recordExtensionMessage(message: IncomingMessage): void {
  if (message.type === 'CURRENT_URL_RESPONSE') return;
  currentTabUrl = message.url?.raw ?? null; // null: the tab shows no LinkedIn page
  // A profile page read with no data (a private profile) is recorded too, as an empty profile.
  if (message.type === 'SIDEPANEL_PROFILE_LOADED' && message.url.kind === 'profile') {
    scraped.set(message.url.canonical, message.scrapedData ?? {});
  }
  changed();
}

export const scrapedProfileFor = (profile: ProfileUrl): ScrapedProfile | undefined => scraped.get(profile.canonical);

export const extensionTabUrl = (): string | null => currentTabUrl;

/** For useSyncExternalStore: subscribe and a snapshot that changes with every update. */
export function subscribeTabState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const tabStateVersion = (): number => version;

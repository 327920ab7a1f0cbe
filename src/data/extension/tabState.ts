/**
 * What the extension has told this panel, kept in memory (spec 2 §3: the scraped profile is
 * "cached in memory per URL"): scraped profiles by canonical profile URL, and the extension's
 * current tab URL (for the debug panels; none for a tab that shows no LinkedIn page), and what it
 * read on a Sales Navigator lead or member link (its public profile link, issue 34). A profile the extension loaded without data is
 * recorded as an empty profile (`{}`), not left unknown. Fed by `followExtension` from the bridge's events,
 * whose URLs are already classified: nothing here parses a URL.
 */
import type { PersonPageUrl, ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import type { IncomingMessage, ScrapedProfile } from './messages.ts';

/** What the extension read on a person's page that is not their profile URL (issue 34). */
export interface PersonPageRead {
  /** The public profile link the page shows; null: it shows none. */
  profileUrl: ProfileUrl | null;
  scrapedData: ScrapedProfile;
}

const scraped = new Map<string, ScrapedProfile>();
/** By the page's member id (a lead's `ACwAA…`, a member link's `ACoAA…`). */
const personPages = new Map<string, PersonPageRead>();
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
  // A Sales Navigator lead or a member link: its public link, under which the preview is kept too.
  if (message.type === 'SIDEPANEL_PROFILE_LOADED' && message.url.kind === 'person-page') {
    const link = message.profileUrl?.kind === 'profile' ? message.profileUrl : null;
    personPages.set(message.url.memberId, { profileUrl: link, scrapedData: message.scrapedData ?? {} });
    if (link) scraped.set(link.canonical, message.scrapedData ?? {});
  }
  changed();
}

/** What the extension read on a person's page; undefined until it has told. */
export const personPageRead = (page: PersonPageUrl): PersonPageRead | undefined => personPages.get(page.memberId);

export const scrapedProfileFor = (profile: ProfileUrl): ScrapedProfile | undefined => scraped.get(profile.canonical);

export const extensionTabUrl = (): string | null => currentTabUrl;

/** For useSyncExternalStore: subscribe and a snapshot that changes with every update. */
export function subscribeTabState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const tabStateVersion = (): number => version;

/**
 * When product analytics may run and what an event may carry (spec 2 §7 "Analytics client
 * installed at start with a project key {key} and an EU ingestion host"; issue 20: optional,
 * off without a key, respecting Do Not Track, no e-mail, profile data or Notion content).
 *
 * What must stay true: an event carries only the properties listed here — the screen's route
 * id and the client's own technical fields. URLs are left out on purpose: the app's query
 * strings hold LinkedIn profile URLs and Notion page ids.
 */

/** PostHog's EU Cloud ingestion host (the default when only a key is configured). */
export const ANALYTICS_EU_HOST = 'https://eu.i.posthog.com';

/** The one event the app sends: a screen was opened, named by its route id. */
export const SCREEN_VIEWED_EVENT = 'screen_viewed';

export interface PrivacySignals {
  /** navigator.doNotTrack (or window.doNotTrack): '1' or 'yes' asks not to be tracked. */
  doNotTrack: string | null | undefined;
  /** navigator.globalPrivacyControl (Sec-GPC). */
  globalPrivacyControl: boolean | undefined;
}

/** Analytics runs only with a configured key and no Do Not Track / Global Privacy Control signal. */
export function analyticsAllowed(key: string | undefined, privacy: PrivacySignals): boolean {
  if (!key?.trim()) return false;
  if (privacy.doNotTrack === '1' || privacy.doNotTrack === 'yes') return false;
  return privacy.globalPrivacyControl !== true;
}

/** The properties an event may keep: ours (`route`) and the client's technical ones. */
export const ALLOWED_EVENT_PROPERTIES: ReadonlySet<string> = new Set([
  'route',
  'token',
  'distinct_id',
  '$lib',
  '$lib_version',
  '$insert_id',
  '$time',
  '$session_id',
  '$window_id',
  '$browser',
  '$browser_version',
  '$os',
  '$device_type',
  '$process_person_profile',
]);

/** `properties` with every key not in ALLOWED_EVENT_PROPERTIES left out (a new object). */
export function safeEventProperties(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => ALLOWED_EVENT_PROPERTIES.has(key)));
}

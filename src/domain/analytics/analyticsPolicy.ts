/**
 * Product analytics (spec 2 §7: "an analytics client installed at start with a project key and
 * an EU ingestion host"), as Sidenote allows it (issue 20): off unless a project key is
 * configured, off when the browser asks not to be tracked (Do Not Track or Global Privacy
 * Control), and one kind of event — a screen was viewed, named by its route id. No e-mail, no
 * profile data, no Notion content, no URL (a url query holds the LinkedIn profile).
 */
import type { RouteId } from '../routing/routes.ts';

/** PostHog's EU ingestion host: the default when only a key is configured. */
export const EU_INGESTION_HOST = 'https://eu.i.posthog.com';

export interface AnalyticsConfig {
  key: string;
  host: string;
}

/** What the browser says about tracking: `navigator.doNotTrack`, `navigator.globalPrivacyControl`. */
export interface TrackingSignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/**
 * The signals read off the browser's `navigator` (or anything shaped like it: the getters may
 * sit on its prototype). `globalPrivacyControl` is not in TypeScript's Navigator yet.
 */
export function trackingSignalsOf(browser: object): TrackingSignals {
  const { doNotTrack, globalPrivacyControl } = browser as TrackingSignals;
  return { doNotTrack, globalPrivacyControl };
}

/** The configuration to start analytics with, or null when analytics stays off. */
export function analyticsConfig(
  env: { key?: string; host?: string },
  signals: TrackingSignals,
): AnalyticsConfig | null {
  const key = env.key?.trim();
  if (!key) return null;
  if (signals.doNotTrack === '1' || signals.doNotTrack === 'yes') return null;
  if (signals.globalPrivacyControl === true) return null;
  return { key, host: env.host?.trim() || EU_INGESTION_HOST };
}

export const SCREEN_VIEWED = 'screen_viewed';

/** The one event Sidenote sends: the route id of the screen, nothing else. */
export function screenViewedProperties(route: RouteId): { screen: RouteId } {
  return { screen: route };
}

/**
 * The optional product-analytics client (spec 2 §7), PostHog's official browser library
 * (posthog-js): the spec's "project key and an EU ingestion host" is PostHog's own
 * configuration, and the library is maintained by PostHog, honours Do Not Track itself
 * (`respect_dnt`) and lets every event be filtered before it leaves (`before_send`).
 *
 * What must stay true: with no VITE_ANALYTICS_KEY, or with Do Not Track / Global Privacy
 * Control on, the library is never even downloaded (a dynamic import behind the check) and no
 * request is made; a build without a key drops the import altogether, and with one the library's
 * chunk is left out of the service worker's precache (vite.config.ts). When it runs: no autocapture, no session recording, no automatic page
 * views (their URLs carry profile URLs), no persistence, no person profiles, and each event
 * keeps only the allowed properties (src/domain/analytics/analyticsPolicy.ts).
 */
import type { PostHog } from 'posthog-js';
import {
  ANALYTICS_EU_HOST,
  analyticsAllowed,
  safeEventProperties,
  SCREEN_VIEWED_EVENT,
} from '../../domain/analytics/analyticsPolicy.ts';

const KEY = import.meta.env.VITE_ANALYTICS_KEY as string | undefined;
const HOST = (import.meta.env.VITE_ANALYTICS_HOST as string | undefined) || ANALYTICS_EU_HOST;

let client: Promise<PostHog | null> | null = null;

/** Starts the client when a key is configured and the browser does not ask not to be tracked. */
export function startAnalytics(): void {
  const privacy = {
    doNotTrack: navigator.doNotTrack ?? (window as { doNotTrack?: string }).doNotTrack,
    globalPrivacyControl: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl,
  };
  if (client || !KEY || !analyticsAllowed(KEY, privacy)) return;
  client = import('posthog-js').then(
    ({ default: posthog }) => {
      posthog.init(KEY, {
        api_host: HOST,
        respect_dnt: true,
        autocapture: false,
        capture_pageview: false,
        capture_pageleave: false,
        disable_session_recording: true,
        disable_surveys: true,
        disable_web_experiments: true,
        disable_external_dependency_loading: true,
        advanced_disable_flags: true,
        persistence: 'memory',
        person_profiles: 'never',
        save_referrer: false,
        mask_all_text: true,
        before_send: (event) =>
          event
            ? { ...event, $set: undefined, $set_once: undefined, properties: safeEventProperties(event.properties) }
            : null,
      });
      return posthog;
    },
    () => null,
  );
}

/** Records that a screen was opened, by its route id only; nothing when analytics is off. */
export function trackScreen(route: string): void {
  void client?.then((posthog) => posthog?.capture(SCREEN_VIEWED_EVENT, { route }));
}

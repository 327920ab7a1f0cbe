/**
 * The analytics client: PostHog's browser SDK (posthog-js), loaded only when analytics is on
 * (src/domain/analytics/analyticsPolicy.ts), as its own lazy chunk. The "slim, no-external"
 * build: capture and batching without autocapture, session recording or surveys, and it never
 * loads scripts from the ingestion host. Persistence is in memory: no cookie, nothing stored.
 *
 * Why PostHog's SDK rather than a hand-written POST: the spec's project key + EU ingestion
 * host is PostHog's model, and the SDK owns batching, retries, page-unload delivery and the
 * capture endpoint's wire format as PostHog changes it.
 */
import type { CaptureResult, PostHog } from 'posthog-js/dist/module.slim.no-external';
import {
  analyticsConfig,
  SCREEN_VIEWED,
  screenViewedProperties,
  trackingSignalsOf,
} from '../../domain/analytics/analyticsPolicy.ts';
import { routeOf } from '../../domain/routing/routes.ts';

let client: Promise<PostHog | null> | undefined;

function start(): Promise<PostHog | null> {
  const config = analyticsConfig(
    { key: import.meta.env.VITE_ANALYTICS_KEY, host: import.meta.env.VITE_ANALYTICS_HOST },
    trackingSignalsOf(navigator),
  );
  if (!config) return Promise.resolve(null);
  return import('posthog-js/dist/module.slim.no-external').then(
    ({ default: posthog }) =>
      posthog.init(config.key, {
        api_host: config.host,
        respect_dnt: true,
        persistence: 'memory',
        person_profiles: 'never',
        autocapture: false,
        capture_pageview: false,
        capture_pageleave: false,
        disable_session_recording: true,
        disable_surveys: true,
        disable_external_dependency_loading: true,
        advanced_disable_flags: true,
        save_referrer: false,
        before_send: ourPropertiesOnly,
      }) ?? null,
    // Offline, or the chunk is gone after an update: analytics is simply off.
    () => null,
  );
}

/**
 * PostHog adds the page's URL, title, referrer and device facts to every event: only ours (the
 * screen's route id) and what ingestion needs (the project token, the anonymous id) are sent.
 */
function ourPropertiesOnly(event: CaptureResult | null): CaptureResult | null {
  if (!event) return null;
  const { screen, token, distinct_id } = event.properties;
  return { ...event, properties: { screen, token, distinct_id } };
}

let lastPath: string | undefined;

/** Records that the screen at `path` was viewed, once per change of path (a no-op while analytics is off). */
export function recordScreenViewed(path: string): void {
  const route = routeOf(path);
  if (!route || path === lastPath) return;
  lastPath = path;
  client ??= start();
  void client.then((posthog) => posthog?.capture(SCREEN_VIEWED, screenViewedProperties(route)));
}

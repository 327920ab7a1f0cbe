/**
 * The browser's local session data (spec 2 §3 "Local storage"): what a sign-in or sign-out
 * must wipe so one account never sees another's cached state, and the session marker that
 * says "this browser signed in through the app" (spec 2 §4).
 */
import { SESSION_MARKER_KEY } from '../../domain/auth/urlSession.ts';
import { clearLocalDatabase } from '../db/schema.ts';

const SESSION_KEYS = [
  'active_setting_id',
  'active_setting_data',
  // Never written by this app (Notion keys stay on the server); listed so that a browser that
  // ran an older client loses it at its next sign-in or sign-out.
  'active_setting_notion_key',
  'active_setting_cache_timestamp',
  'active_team_id',
  'active_team_data',
  'active_team_cache_timestamp',
  'user_profile',
  'user_profile_cache_timestamp',
  'notionSettingsOrigin',
  'redirectedToStripe',
  'navigationHistory',
  SESSION_MARKER_KEY,
];

export function clearLocalSessionData(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  // The IndexedDB copies (settings, workspaces, caches, wizard temporaries) go too.
  void clearLocalDatabase().catch((error: unknown) => console.error('could not clear IndexedDB', error));
}

export function hasSessionMarker(): boolean {
  return localStorage.getItem(SESSION_MARKER_KEY) === 'true';
}

export function setSessionMarker(): void {
  localStorage.setItem(SESSION_MARKER_KEY, 'true');
}

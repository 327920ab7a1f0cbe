/**
 * Which TTL of src/data/db/ttl.ts each cached thing lives under, for /cache-debug: keyed cache
 * entries by key (or key prefix), and the tables whose rows carry a `fetchedAt`. Whether a value
 * past its TTL is still shown follows what its reader does (readFreshCache: no; a fallback to
 * the last known value, or a refresh painted over it: yes).
 */
import type { Lifetime } from '../../domain/debug/cacheFreshness.ts';
import { CACHE_KEYS } from '../db/cache.ts';
import { RECENT_VISIT_KEY } from '../db/recentVisits.ts';
import {
  ACTIVE_SETTING_TTL_MS,
  ACTIVE_TEAM_TTL_MS,
  DATA_SOURCE_SCHEMA_TTL_MS,
  RECENT_VISIT_TTL_MS,
  RELATED_TITLE_TTL_MS,
  USER_PROFILE_TTL_MS,
  WORKSPACE_USERS_TTL_MS,
} from '../db/ttl.ts';

const ENTRY_LIFETIMES: [key: string, lifetime: Lifetime][] = [
  [CACHE_KEYS.activeSetting, { ttlMs: ACTIVE_SETTING_TTL_MS, servedStale: true }],
  [CACHE_KEYS.activeTeam, { ttlMs: ACTIVE_TEAM_TTL_MS, servedStale: true }],
  [CACHE_KEYS.userProfile, { ttlMs: USER_PROFILE_TTL_MS, servedStale: false }],
  [`${CACHE_KEYS.workspaceUsers}:`, { ttlMs: WORKSPACE_USERS_TTL_MS, servedStale: true }],
  [RECENT_VISIT_KEY, { ttlMs: RECENT_VISIT_TTL_MS, servedStale: false }],
  ['profile_check:', { ttlMs: RECENT_VISIT_TTL_MS, servedStale: false }],
];

/** The lifetime of the cache entry `key`; undefined for entries kept until replaced (no TTL). */
export const entryLifetime = (key: string): Lifetime | undefined =>
  ENTRY_LIFETIMES.find(([name]) => (name.endsWith(':') ? key.startsWith(name) : key === name))?.[1];

/** Tables whose rows carry `fetchedAt` and are read again past a TTL (shown meanwhile). */
export const TABLE_LIFETIMES: Partial<Record<string, Lifetime>> = {
  dataSourceSchemas: { ttlMs: DATA_SOURCE_SCHEMA_TTL_MS, servedStale: true },
  pageTitles: { ttlMs: RELATED_TITLE_TTL_MS, servedStale: true },
};

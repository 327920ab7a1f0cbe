/**
 * The spec's cache lifetimes, named once (spec 1 §4, §9; spec 2 §9). Everything that decides
 * staleness reads these; a value is valid while its age is strictly under the TTL.
 */
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const ACTIVE_SETTING_TTL_MS = 30 * MINUTE_MS;
export const ACTIVE_TEAM_TTL_MS = 30 * MINUTE_MS;
export const USER_PROFILE_TTL_MS = 5 * MINUTE_MS;
export const RECENT_VISIT_TTL_MS = 30 * DAY_MS;
/**
 * Ours (the spec has none): a data source's schema (names, types, options, number formats) is
 * read again when older than this on a page view; a visited page is always revalidated on
 * view when online, and painted from IndexedDB meanwhile, whatever its age.
 */
export const DATA_SOURCE_SCHEMA_TTL_MS = 10 * MINUTE_MS;
/** Ours: a related page's title is read again when older than this (shown meanwhile). */
export const RELATED_TITLE_TTL_MS = 60 * MINUTE_MS;
/** Ours: the workspace's users (a people property's add list) are read again when older than this. */
export const WORKSPACE_USERS_TTL_MS = 30 * MINUTE_MS;

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

/**
 * The active setting's restore order and auto-activation (spec 1 §4 "Active setting"), as
 * pure decisions: the cache while under 30 minutes old; else the id stored on the profile,
 * only once profile_state is setup_complete (otherwise wait); and the only setting is
 * activated when none is active.
 */
export const SETUP_COMPLETE = 'setup_complete';

/** Whether something cached at `cachedAt` (ms) is still valid at `now` under `ttlMs`: age < ttl. */
export function isFresh(cachedAt: number | undefined, ttlMs: number, now: number): boolean {
  if (cachedAt === undefined || !Number.isFinite(cachedAt)) return false;
  const age = now - cachedAt;
  return age >= 0 && age < ttlMs;
}

export type RestoreDecision =
  { from: 'cache' } | { from: 'profile'; settingId: string } | { from: 'wait' } | { from: 'none' };

export interface RestoreInput {
  cachedAt: number | undefined;
  now: number;
  ttlMs: number;
  /** Undefined while the profile is not known yet (then the profile must be read). */
  profile?: { profile_state: string; active_setting_id: string | null } | null;
}

/** Cache first; then the profile when known. `profile === undefined` means "read it first". */
export function decideRestore({ cachedAt, now, ttlMs, profile }: RestoreInput): RestoreDecision | 'need-profile' {
  if (isFresh(cachedAt, ttlMs, now)) return { from: 'cache' };
  if (profile === undefined) return 'need-profile';
  if (!profile) return { from: 'none' };
  if (profile.profile_state !== SETUP_COMPLETE) return { from: 'wait' };
  return profile.active_setting_id ? { from: 'profile', settingId: profile.active_setting_id } : { from: 'none' };
}

/** The id to activate automatically: the only setting when none is active. */
export function autoActivationTarget(
  settingIds: readonly string[],
  activeId: string | null | undefined,
): string | null {
  if (activeId) return null;
  return settingIds.length === 1 ? settingIds[0] : null;
}

/**
 * Whether the active setting reaches its Notion database: a setting with a database id, in a
 * workspace with a key. Otherwise its database's properties cannot be read (the display modal,
 * /number-format-test): the spec's "Missing setting information or Notion API key" (spec 2 §5).
 */
export function reachesNotionDatabase<
  T extends { setting: { notion_db_id?: string | null } | null; keyMask: string | null },
>(active: T | null | undefined): active is T & { setting: { notion_db_id: string }; keyMask: string } {
  return Boolean(active?.setting?.notion_db_id && active.keyMask);
}

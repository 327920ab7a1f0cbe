/**
 * The active setting (spec 1 §4): select (refresh the setting and its workspace's key mask,
 * cache them, store the id on the profile), clear, restore (cache under 30 minutes; else the
 * profile's id, only when setup_complete), and auto-activation of the only setting.
 *
 * The remote side is injected (`ActiveSettingRemote`) so the order and TTL edges are tested
 * against fake-indexeddb with a fake clock; `features/settings/actions.ts` wires Supabase.
 *
 * What must stay true:
 * - `activeSettingOf` is THE read of the active setting (the `useActiveSetting` hook, the
 *   profile check): this user's cached value, or null (`cachedActiveSettingOf`: with its time,
 *   for the restore and /cache-debug);
 * - the cache holds the mask of the workspace's key (first 5 + last 3 characters, as the server
 *   returns it), never the key: Notion calls name the workspace and the proxy loads its key;
 * - a cache past its 30 minutes is still this user's active setting when the profile cannot be
 *   reached (offline): going offline changes nothing on screen but a banner;
 * - a restore runs once at a time per user: a second caller while one runs (the layout on
 *   sign-in and Root's decision on `/`, React's double effects) joins it, so the profile is
 *   read and the cache written once.
 */
import { isConnectionFailure } from '../../domain/errors/reason.ts';
import { autoActivationTarget, decideRestore } from '../../domain/settings/activeSetting.ts';
import { toAppError } from '../errors/thrown.ts';
import { singleFlight } from '../singleFlight.ts';
import { CACHE_KEYS, clearCache, readCacheEntry, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';
import { ACTIVE_SETTING_TTL_MS } from './ttl.ts';

export interface ActiveSettingRow {
  id: string;
  name: string;
  workspace_id: string;
  notion_db_id: string;
  /** The data source holding the contacts; null/absent on a setting saved before data sources. */
  notion_data_source_id?: string | null;
  [column: string]: unknown;
}

export interface ActiveSettingValue {
  id: string;
  authId: string;
  setting: ActiveSettingRow;
  /** The workspace's key as the server masks it; null when the workspace has no key. */
  keyMask: string | null;
}

export interface ActiveSettingRemote {
  profile(): Promise<{ id: string; profile_state: string; active_setting_id: string | null } | null>;
  setting(id: string): Promise<ActiveSettingRow | null>;
  workspaceKeyMask(workspaceId: string): Promise<string | null>;
  storeOnProfile(profileId: string, settingId: string | null): Promise<void>;
  settingIds(): Promise<string[]>;
}

export type RestoreOutcome =
  { from: 'cache' | 'profile' | 'auto'; value: ActiveSettingValue } | { from: 'wait' | 'none' };

export async function readActiveSetting(
  database: SidenoteDatabase = defaultDb,
): Promise<{ value: ActiveSettingValue; cachedAt: number } | undefined> {
  const entry = await readCacheEntry<ActiveSettingValue>(CACHE_KEYS.activeSetting, database);
  return entry ? { value: entry.value, cachedAt: entry.cachedAt } : undefined;
}

/** The cache entry of `authId`'s active setting, with its time (undefined when none is cached for this user). */
export async function cachedActiveSettingOf(
  authId: string | undefined,
  database: SidenoteDatabase = defaultDb,
): Promise<{ value: ActiveSettingValue; cachedAt: number } | undefined> {
  const cached = await readActiveSetting(database);
  return cached && authId !== undefined && cached.value.authId === authId ? cached : undefined;
}

/** The active setting of `authId` (null when none is cached for this user). */
export async function activeSettingOf(
  authId: string | undefined,
  database: SidenoteDatabase = defaultDb,
): Promise<ActiveSettingValue | null> {
  return (await cachedActiveSettingOf(authId, database))?.value ?? null;
}

/** Refreshes the setting and its key mask, caches them, and (unless told not to) stores the id on the profile. */
export async function selectActiveSetting(
  remote: ActiveSettingRemote,
  authId: string,
  settingId: string,
  options: { storeOnProfile?: boolean; database?: SidenoteDatabase } = {},
): Promise<ActiveSettingValue> {
  const setting = await remote.setting(settingId);
  if (!setting) throw new Error('Setting not found');
  const keyMask = await remote.workspaceKeyMask(setting.workspace_id);
  const value: ActiveSettingValue = { id: setting.id, authId, setting, keyMask };
  await writeCache(CACHE_KEYS.activeSetting, value, options.database);
  if (options.storeOnProfile !== false) {
    const profile = await remote.profile();
    if (profile) await remote.storeOnProfile(profile.id, setting.id);
  }
  return value;
}

/**
 * Records in the cached active setting the data source found for a setting saved before data
 * sources (capture's lazy discovery), when that setting is still the one cached.
 */
export async function recordActiveDataSource(
  settingId: string,
  dataSourceId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  const cached = await readCacheEntry<ActiveSettingValue>(CACHE_KEYS.activeSetting, database);
  if (cached?.value.id !== settingId) return;
  const setting = { ...cached.value.setting, notion_data_source_id: dataSourceId };
  await writeCache(CACHE_KEYS.activeSetting, { ...cached.value, setting }, database, cached.cachedAt);
}

/** Removes the cache and the id stored on the profile. */
export async function clearActiveSetting(remote: ActiveSettingRemote, database?: SidenoteDatabase): Promise<void> {
  await clearCache(CACHE_KEYS.activeSetting, database);
  const profile = await remote.profile();
  if (profile?.active_setting_id) await remote.storeOnProfile(profile.id, null);
}

const restores = singleFlight<RestoreOutcome>();

/**
 * The restore order of spec 1 §4, then auto-activation when nothing is active; joins the
 * restore already running for this user.
 */
export function restoreActiveSetting(
  remote: ActiveSettingRemote,
  authId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<RestoreOutcome> {
  return restores(`${database.name}\n${authId}`, () => restore(remote, authId, database));
}

async function restore(
  remote: ActiveSettingRemote,
  authId: string,
  database: SidenoteDatabase,
): Promise<RestoreOutcome> {
  const mine = await cachedActiveSettingOf(authId, database);
  const early = decideRestore({ cachedAt: mine?.cachedAt, now: Date.now(), ttlMs: ACTIVE_SETTING_TTL_MS });
  if (early !== 'need-profile' && early.from === 'cache' && mine) return { from: 'cache', value: mine.value };

  let profile: Awaited<ReturnType<ActiveSettingRemote['profile']>>;
  try {
    profile = await remote.profile();
  } catch (error) {
    if (mine && isConnectionFailure(toAppError(error).reason)) return { from: 'cache', value: mine.value };
    throw error;
  }
  const decision = decideRestore({ cachedAt: undefined, now: Date.now(), ttlMs: ACTIVE_SETTING_TTL_MS, profile });
  if (decision === 'need-profile') return { from: 'none' };
  if (decision.from === 'profile') {
    const value = await selectActiveSetting(remote, authId, decision.settingId, {
      storeOnProfile: false,
      database,
    });
    return { from: 'profile', value };
  }
  if (profile?.active_setting_id) return { from: 'wait' };
  // None is active: the only setting becomes active.
  const target = autoActivationTarget(await remote.settingIds(), null);
  if (!target) {
    if (mine) await clearCache(CACHE_KEYS.activeSetting, database);
    return { from: decision.from === 'wait' ? 'wait' : 'none' };
  }
  const value = await selectActiveSetting(remote, authId, target, { database });
  return { from: 'auto', value };
}

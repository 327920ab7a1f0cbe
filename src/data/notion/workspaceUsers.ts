/**
 * The workspace's users (GET users), for a people property: the add list and the names and
 * avatars of the people a page names by id alone (an edit not yet confirmed keeps only ids).
 * Kept in the cache table per user and workspace — shown whatever their age, offline too —
 * and read again from Notion when older than WORKSPACE_USERS_TTL_MS. Wiped with the other
 * caches on sign-in and sign-out.
 */
import { CACHE_KEYS, readCacheEntry, readFreshCache, writeCache } from '../db/cache.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import { WORKSPACE_USERS_TTL_MS } from '../db/ttl.ts';
import type { NotionClient } from './client.ts';
import { personOf } from './codecs/references.ts';
import type { PersonShape } from './codecs/shapes.ts';

const keyOf = (authId: string, workspaceId: string) => `${CACHE_KEYS.workspaceUsers}:${authId}:${workspaceId}`;

/** The users last read for this workspace, whatever their age (undefined: never read here). */
export async function readWorkspaceUsers(
  authId: string,
  workspaceId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<PersonShape[] | undefined> {
  return (await readCacheEntry<PersonShape[]>(keyOf(authId, workspaceId), database))?.value;
}

/** Reads the users from Notion into the cache unless a fresh copy is there. */
export async function refreshWorkspaceUsers(
  { authId, workspaceId }: { authId: string; workspaceId: string },
  { notion, database = defaultDb }: { notion: Pick<NotionClient, 'users'>; database?: SidenoteDatabase },
): Promise<void> {
  const key = keyOf(authId, workspaceId);
  if (await readFreshCache(key, WORKSPACE_USERS_TTL_MS, database)) return;
  const users = (await notion.users(workspaceId)).map(personOf).filter((user) => user !== null);
  await writeCache(key, users, database);
}

/**
 * Avatar files in the `avatars` bucket (spec 1 §3, §7): `public/<user id>.<extension>`,
 * found by listing the public folder (limit 100, search by user id), uploaded with overwrite
 * (cache 3600, the file's content type), shown through a cache-busting public URL.
 */
import {
  AVATAR_BUCKET as BUCKET,
  AVATAR_FOLDER,
  AVATAR_LIST_LIMIT,
  avatarPath,
  cacheBusted,
  isAvatarOf,
} from '../../domain/profile/avatarRules.ts';
import { StorageClient } from '@supabase/storage-js';
import { storageError } from '../errors/storage.ts';
import { authedFetch, STORAGE_URL } from './client.ts';

const storage = new StorageClient(STORAGE_URL, {}, authedFetch);

async function ownFiles(userId: string): Promise<string[]> {
  const { data, error } = await storage.from(BUCKET).list(AVATAR_FOLDER, { limit: AVATAR_LIST_LIMIT, search: userId });
  if (error) throw storageError(error);
  return (data ?? []).filter((f) => isAvatarOf(f.name, userId)).map((f) => `${AVATAR_FOLDER}/${f.name}`);
}

/** The public URL of an avatar object (`public/<id>.<ext>`), as the admin search names it. */
export const avatarObjectUrl = (path: string): string => storage.from(BUCKET).getPublicUrl(path).data.publicUrl;

function publicUrl(path: string, timestampMs: number): string {
  return cacheBusted(avatarObjectUrl(path), timestampMs);
}

/** The user's avatar URL, or null when they have none. */
export async function findAvatarUrl(userId: string): Promise<string | null> {
  const [path] = await ownFiles(userId);
  return path ? publicUrl(path, Date.now()) : null;
}

/** Stores the avatar (replacing any earlier one) and returns its fresh URL. */
export async function storeAvatar(userId: string, extension: string, image: Blob): Promise<string> {
  const path = avatarPath(userId, extension);
  const { error } = await storage
    .from(BUCKET)
    .upload(path, image, { upsert: true, cacheControl: '3600', contentType: image.type });
  if (error) throw storageError(error);
  const stale = (await ownFiles(userId)).filter((p) => p !== path);
  if (stale.length) await storage.from(BUCKET).remove(stale);
  return publicUrl(path, Date.now());
}

export async function deleteAvatar(userId: string): Promise<void> {
  const paths = await ownFiles(userId);
  if (!paths.length) return;
  const { error } = await storage.from(BUCKET).remove(paths);
  if (error) throw storageError(error);
}

/**
 * Helpers for the storage suites: image-like payloads, and a view of what storage holds — the
 * `storage.objects` rows (read as the superuser) and the files under `<dataDir>/storage` — so a
 * test can prove that a refused request changed nothing.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { TestStack } from './stack.ts';

/** `size` bytes that start like a PNG, different for each `seed`. */
export function pngBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size, seed % 256);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

/** What the browser app uploads: a File with the picked image's type. */
export function imageFile(bytes: Buffer, type = 'image/png', name = 'avatar.png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

export interface ObjectRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
}

export async function objectRows(stack: TestStack, bucket = 'avatars'): Promise<ObjectRow[]> {
  const { rows } = await stack.db.transaction((tx) =>
    tx.query<ObjectRow>(
      'select id, name, owner, owner_id, version, metadata from storage.objects where bucket_id = $1 order by name',
      [bucket],
    ),
  );
  return rows;
}

export async function objectRow(stack: TestStack, name: string, bucket = 'avatars'): Promise<ObjectRow | undefined> {
  return (await objectRows(stack, bucket)).find((row) => row.name === name);
}

/** Every file under the data folder (relative path → md5), storage and anything else. */
export async function filesOnDisk(stack: TestStack): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else
        files[relative(stack.dataDir, path)] = createHash('md5')
          .update(await readFile(path))
          .digest('hex');
    }
  };
  await walk(stack.dataDir);
  return files;
}

/** The version files of one object (`storage/<bucket>/<key>/~<version>`). */
export async function versionFiles(stack: TestStack, key: string, bucket = 'avatars'): Promise<string[]> {
  const prefix = join('storage', bucket, key) + '/~';
  return Object.keys(await filesOnDisk(stack)).filter((path) => path.startsWith(prefix));
}

/** Rows and files together: equal snapshots mean storage is unchanged. */
export async function storageSnapshot(stack: TestStack) {
  return { rows: await objectRows(stack), files: await filesOnDisk(stack) };
}

/** A request straight to the gateway, for what supabase-js cannot send (or to see raw bodies). */
export function storageFetch(stack: TestStack, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('apikey', stack.anonKey);
  headers.set('authorization', `Bearer ${token ?? stack.anonKey}`);
  return fetch(`${stack.apiUrl}/storage/v1${path}`, { ...rest, headers });
}

/**
 * Object bytes on disk, laid out like storage-api's own file backend: every upload is a new
 * *version* (a UUID kept in `storage.objects.version`) stored at
 * `<root>/<bucket>/<key>/~<version>`. So an overwrite writes a new file next to the old one,
 * the row switches to the new version when the transaction commits, and only then is the old
 * file removed: a failed or refused write never damages the bytes a reader is being served.
 * The `~` cannot occur in a valid key, so a version file never collides with a key segment
 * (`a` and `a/b` can both exist).
 *
 * What must stay true: no path leaves `<root>/<bucket>/` — keys and bucket names are checked
 * here even though object-key.ts already refused unsafe ones.
 */
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { ERRORS } from './errors.ts';
import { isSafeBucketName, isSafeKey } from './object-key.ts';

const VERSION = /^[0-9a-f-]{36}$/;

export class BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The folder holding every version of one object. */
  private objectDir(bucket: string, key: string): string {
    if (!isSafeBucketName(bucket)) throw ERRORS.invalidBucketName();
    if (!isSafeKey(key)) throw ERRORS.invalidKey(key);
    const bucketDir = join(this.root, bucket);
    const dir = resolve(bucketDir, ...key.split('/'));
    if (!dir.startsWith(bucketDir + sep)) throw ERRORS.invalidKey(key);
    return dir;
  }

  private versionPath(bucket: string, key: string, version: string): string {
    if (!VERSION.test(version)) throw new Error(`Invalid object version "${version}"`);
    return join(this.objectDir(bucket, key), `~${version}`);
  }

  /** Writes a new version; never overwrites an existing file. */
  async write(bucket: string, key: string, version: string, bytes: Buffer): Promise<void> {
    const file = this.versionPath(bucket, key, version);
    for (let attempt = 1; ; attempt++) {
      await mkdir(dirname(file), { recursive: true });
      try {
        return await writeFile(file, bytes, { flag: 'wx' });
      } catch (error) {
        // A concurrent `remove` may prune the folder between mkdir and write: make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
      }
    }
  }

  /** The bytes of a version, or `undefined` when the file is missing. */
  async read(bucket: string, key: string, version: string | null): Promise<Buffer | undefined> {
    if (!version) return undefined;
    try {
      return await readFile(this.versionPath(bucket, key, version));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Removes a version, then the folders it leaves empty (up to the bucket folder). */
  async remove(bucket: string, key: string, version: string | null): Promise<void> {
    if (!version) return;
    const file = this.versionPath(bucket, key, version);
    await rm(file, { force: true });
    const bucketDir = join(this.root, bucket);
    for (let dir = dirname(file); dir.startsWith(bucketDir + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (another object or version lives there) or already gone
      }
    }
  }
}

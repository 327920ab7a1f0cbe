/**
 * Which build a service worker serves, as /cache-debug shows it: the precache revision of its
 * index.html (the build tool's hash of the file, which names every hashed asset, so any change
 * to the app changes it). A page asks with a WORKER_VERSION_REQUEST message and a port.
 */
export const WORKER_VERSION_REQUEST = 'GET_WORKER_VERSION';

export interface WorkerVersion {
  /** null: the worker precaches no index.html revision (a build without one). */
  version: string | null;
}

export function workerVersion(
  precache: ReadonlyArray<string | { url: string; revision?: string | null }>,
): WorkerVersion {
  for (const entry of precache) {
    if (typeof entry !== 'string' && entry.url === 'index.html') return { version: entry.revision ?? null };
  }
  return { version: null };
}

/**
 * Which window origins may talk to Sidenote as "the extension". Configured once, at build
 * time, in `VITE_EXTENSION_ORIGINS` (comma- or space-separated origins, e.g.
 * `chrome-extension://abcdefghijklmnop`); the local stack adds its extension harness origin
 * for `npm start` and the browser tests. Messages from any other origin are ignored.
 */

/** The origin of a URL (scheme://host[:port]), or null when it has none. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    // chrome-extension:// URLs have an opaque ("null") origin in URL; keep scheme://host.
    if (url.host === '') return null;
    return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  } catch {
    return null; // not a URL
  }
}

/** Parses the configured list: trimmed, de-duplicated, only well-formed origins kept. */
export function parseExtensionOrigins(configured: string | undefined): string[] {
  const origins = new Set<string>();
  for (const part of (configured ?? '').split(/[\s,]+/)) {
    const origin = part === '' ? null : originOf(part);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

export const EXTENSION_ORIGINS: readonly string[] = parseExtensionOrigins(
  import.meta.env.VITE_EXTENSION_ORIGINS as string | undefined,
);

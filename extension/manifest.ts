/**
 * The extension's Manifest V3, made at build time for one app URL (the README's "Use Sidenote in
 * Chrome" section). Permissions are the fewest that do the job:
 * - `sidePanel`: the panel that frames the app;
 * - `tabs`: the active tab's URL on any site, read to tell LinkedIn from the rest — the app is
 *   told a LinkedIn page's origin and path, and of any other site only that it is one (no URL:
 *   urlTracking.ts);
 * - host permissions for LinkedIn (the content script, which only reads) and for the app's
 *   own origin: Chrome keeps a site framed by an extension page in its first-party
 *   (unpartitioned) storage only when the extension has host permission for it, so the app's
 *   session, IndexedDB and service worker are the same in the panel as in a tab.
 * No remote code: every script is packaged; the app is a framed page, not code we run.
 */
/** LinkedIn's sites: www and the country sites (fr.linkedin.com…), which the app's profile URL rule takes too. */
export const LINKEDIN_MATCH = 'https://*.linkedin.com/*';

/** Chrome's icon sizes (toolbar, extensions page, install and store), in px. */
export const EXTENSION_ICON_SIZES = [16, 48, 128] as const;
/** Where each icon sits in the built folder (shrunk at build time from public/icons/icon-512.png, tools/icons/resize-png.ts). */
export const extensionIconFile = (size: number): string => `icons/icon-${size}.png`;

export interface ManifestOptions {
  appUrl: string;
  version: string;
  /** The public key that fixes the extension's id (absent: the store assigns one). */
  key?: string;
}

export function extensionManifest({ appUrl, version, key }: ManifestOptions) {
  const appOrigin = new URL(appUrl).origin;
  const icons = Object.fromEntries(EXTENSION_ICON_SIZES.map((size) => [String(size), extensionIconFile(size)]));
  return {
    manifest_version: 3,
    name: 'Sidenote',
    description: 'Sidenote beside LinkedIn: is this person in your Notion CRM? Add them in one click.',
    version,
    ...(key ? { key } : {}),
    minimum_chrome_version: '116',
    icons,
    action: { default_title: 'Open Sidenote', default_icon: icons },
    side_panel: { default_path: 'sidepanel.html' },
    background: { service_worker: 'background.js', type: 'module' },
    permissions: ['sidePanel', 'tabs'],
    host_permissions: [LINKEDIN_MATCH, `${appOrigin}/*`],
    content_scripts: [{ matches: [LINKEDIN_MATCH], js: ['content.js'], run_at: 'document_idle' }],
  };
}

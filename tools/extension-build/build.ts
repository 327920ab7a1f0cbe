/**
 * `npm run build:extension`: builds extension/ into dist-extension/unpacked (what Chrome loads
 * unpacked) and dist-extension/sidenote-extension.zip (what the store takes), and prints the
 * extension's origin, which the app must list in VITE_EXTENSION_ORIGINS.
 *
 * - SIDENOTE_APP_URL: the app the side panel frames (default http://localhost:5173, the
 *   `npm start` app); a release build sets the production URL.
 * - SIDENOTE_EXTENSION_KEY: the manifest key (public, base64 DER). Unset, a development build
 *   uses the development key (a fixed id), and a release build (SIDENOTE_EXTENSION_RELEASE=1)
 *   none: the store gives the id.
 *
 * Three Vite builds, no app config: the side panel page, the background worker (an ES module)
 * and the content script (one classic script: Chrome does not load content scripts as modules);
 * Chrome's 16, 48 and 128 px icons are shrunk from the app's 512 px icon (tools/icons/resize-png.ts).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { build, type InlineConfig } from 'vite';
import { EXTENSION_ICON_SIZES, extensionIconFile, extensionManifest } from '../../extension/manifest.ts';
import { resizedPng } from '../icons/resize-png.ts';
import { DEV_EXTENSION_KEY, extensionOriginOf } from './extensionId.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = join(ROOT, 'extension');
const EXTENSION_DIST = join(ROOT, 'dist-extension');
export const DEFAULT_APP_URL = 'http://localhost:5173';

export interface ExtensionBuildOptions {
  appUrl?: string;
  /** Where to build (default dist-extension/; tests build elsewhere). */
  outDir?: string;
  key?: string;
  release?: boolean;
}

export interface ExtensionBuild {
  dir: string;
  zip: string;
  appUrl: string;
  /** `chrome-extension://<id>`, or null when the store assigns the id. */
  origin: string | null;
}

export async function buildExtension({
  appUrl = DEFAULT_APP_URL,
  outDir = EXTENSION_DIST,
  key,
  release = false,
}: ExtensionBuildOptions = {}): Promise<ExtensionBuild> {
  // An http(s) URL or nothing is built: a build framing a malformed or opaque origin would trust no one.
  if (!/^https?:$/.test(URL.parse(appUrl)?.protocol ?? '')) throw new Error(`Not an http(s) app URL: ${appUrl}`);
  const manifestKey = key ?? (release ? undefined : DEV_EXTENSION_KEY);
  const unpacked = join(outDir, 'unpacked');
  await rm(outDir, { recursive: true, force: true });
  const common = (entry: Partial<InlineConfig>): InlineConfig => ({
    configFile: false,
    logLevel: 'warn',
    root: SOURCE,
    define: { SIDENOTE_APP_URL: JSON.stringify(appUrl) },
    ...entry,
    build: { outDir: unpacked, emptyOutDir: false, minify: release, ...entry.build },
  });
  await build(common({ build: { rolldownOptions: { input: join(SOURCE, 'sidepanel.html') } } }));
  for (const [name, format] of [
    ['background', 'es'],
    ['content', 'iife'],
  ] as const) {
    await build(
      common({
        build: { lib: { entry: join(SOURCE, `${name}.ts`), formats: [format], name, fileName: () => `${name}.js` } },
      }),
    );
  }
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const manifest = extensionManifest({ appUrl, version, key: manifestKey });
  await writeFile(join(unpacked, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Chrome's icon sizes, shrunk from the app's own 512 px icon (drawn from public/icon.svg).
  const appIcon = await readFile(join(ROOT, 'public/icons/icon-512.png'));
  await mkdir(join(unpacked, 'icons'), { recursive: true });
  for (const size of EXTENSION_ICON_SIZES) {
    await writeFile(join(unpacked, extensionIconFile(size)), resizedPng(appIcon, size));
  }
  const zip = join(outDir, 'sidenote-extension.zip');
  await writeFile(zip, zipSync(await filesUnder(unpacked)));
  return { dir: unpacked, zip, appUrl, origin: manifestKey ? extensionOriginOf(manifestKey) : null };
}

async function filesUnder(dir: string): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path).split('\\').join('/')] = await readFile(path);
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const release = process.env.SIDENOTE_EXTENSION_RELEASE === '1';
  if (release && !process.env.SIDENOTE_APP_URL)
    throw new Error('A release build needs SIDENOTE_APP_URL (the production app).');
  const built = await buildExtension({
    appUrl: process.env.SIDENOTE_APP_URL || undefined,
    key: process.env.SIDENOTE_EXTENSION_KEY || undefined,
    release,
  });
  console.log(`Sidenote extension for ${built.appUrl}
  load unpacked: ${relative(process.cwd(), built.dir)}
  store zip:     ${relative(process.cwd(), built.zip)}
  origin:        ${built.origin ?? 'given by the Chrome Web Store (no key in this build)'}
The app must list that origin in VITE_EXTENSION_ORIGINS (npm start lists the development one).`);
}

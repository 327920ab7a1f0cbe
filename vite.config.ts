import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { captureChunkName } from './tools/bundle/captureChunk.ts';

/**
 * The app is served on :5173 (the auth site_url of supabase/config.toml). The service worker
 * is ours (sw/sw.ts, injectManifest): the plugin only injects the precache manifest and
 * writes the web manifest that makes Sidenote installable.
 *
 * `/api/notion/v1/*` is the app's same-origin Notion API: locally Vite (dev or preview) forwards it to
 * the notion-proxy edge function of VITE_SUPABASE_URL (in production the static host's rewrite
 * does the same; see README, "Notion proxy").
 */
const NOTION_API_PREFIX = '/api/notion/v1';

/** The analytics SDK's build that src/data/analytics/analytics.ts imports lazily. */
const ANALYTICS_SDK = 'posthog-js/dist/module.slim.no-external';

function notionProxy(supabaseUrl: string | undefined) {
  if (!supabaseUrl) return undefined;
  return {
    [NOTION_API_PREFIX]: {
      target: supabaseUrl.replace(/\/+$/, ''),
      changeOrigin: true,
      rewrite: (path: string) => `/functions/v1/notion-proxy${path.slice(NOTION_API_PREFIX.length)}`,
    },
  };
}

/**
 * What the dev server watches: the app's sources (and the edge functions' shared modules it
 * imports), its config and env files — nothing else. Deno downloads npm packages under
 * `.local/` on the first edge-function call, and a package's tsconfig.json there made Vite
 * reload the app; tests, tools and the local stack's data must not either.
 */
const WATCHED = [
  ...['index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'],
  ...['src', 'sw', 'public', 'supabase/functions/_shared'],
];
const ROOT = fileURLToPath(new URL('.', import.meta.url));

function outsideAppSources(path: string): boolean {
  const rel = relative(ROOT, path).split(sep).join('/');
  if (rel === '' || rel.startsWith('../') || isAbsolute(rel)) return false; // the root; Vite's own outside it
  if (/^\.env(\.|$)/.test(rel)) return false;
  return !WATCHED.some((kept) => rel === kept || rel.startsWith(`${kept}/`) || kept.startsWith(`${rel}/`));
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The manifest has one pair of colours (the dark theme's, the icon's); index.html's
      // theme-color metas follow the system theme in the browser.
      manifest: {
        id: '/',
        scope: '/',
        name: 'Sidenote',
        short_name: 'Sidenote',
        description: 'Your LinkedIn prospects, in your Notion CRM.',
        theme_color: '#1f2937',
        background_color: '#111827',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,txt}'],
        // The analytics SDK's chunk (src/data/analytics) loads only with a key: not precached for everyone.
        globIgnores: [`**/assets/${ANALYTICS_SDK.split('/').pop()}-*.js`],
      },
      devOptions: { enabled: false },
    }),
  ],
  // What `/` needs in one chunk (tools/bundle/captureChunk.ts); the screens and lazy parts in their own.
  build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: captureChunkName() }] } } } },
  // Pre-bundled with the rest: found only when analytics starts, it would make the dev server reload the app.
  optimizeDeps: { include: [ANALYTICS_SDK] },
  server: {
    port: 5173,
    strictPort: true,
    host: '127.0.0.1',
    proxy: notionProxy(loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL),
    watch: { ignored: outsideAppSources },
  },
  // The built app (npm start, tools/start/builtApp.ts) reaches Notion the same way.
  preview: {
    port: 4173,
    strictPort: true,
    host: '127.0.0.1',
    proxy: notionProxy(loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL),
  },
}));

/**
 * The app as production serves it: `vite build` into a folder (the service worker and its
 * precache manifest included), served by `vite preview` with the same `/api/notion/v1` proxy as
 * the dev server. `npm start` uses it so the local app installs, works offline and updates like
 * the deployed one (the dev server has no service worker); with `rebuildOnChange` a change under
 * src/, sw/, public/ or index.html builds again, and the open app offers the new version.
 *
 * The VITE_* environment variables must be set before: they are baked into the build.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';

export interface BuiltAppOptions {
  root: string;
  outDir: string;
  port: number;
  host?: string;
  rebuildOnChange?: boolean;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

export interface BuiltApp {
  /** Builds again into the same folder (old hashed files stay: open pages keep loading theirs). */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

const WATCHED = ['src', 'sw', 'public', 'index.html'];
const REBUILD_DEBOUNCE_MS = 300;

export async function serveBuiltApp(options: BuiltAppOptions): Promise<BuiltApp> {
  const { root, outDir, port, host = '127.0.0.1', logLevel = 'warn' } = options;
  const configFile = join(root, 'vite.config.ts');
  const buildOnce = async (emptyOutDir: boolean) => {
    // Vite builds for NODE_ENV when it is set (vitest sets `test`): a production build needs it.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root, configFile, logLevel, mode: 'production', build: { outDir, emptyOutDir } });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  };
  await buildOnce(true);
  const server: PreviewServer = await preview({
    root,
    configFile,
    logLevel,
    build: { outDir },
    preview: { port, strictPort: true, host },
  });

  let building: Promise<void> = Promise.resolve();
  const rebuild = () => (building = building.then(() => buildOnce(false)));
  const watchers: FSWatcher[] = [];
  if (options.rebuildOnChange) {
    let timer: NodeJS.Timeout | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        rebuild().then(
          () => console.log('Sidenote: rebuilt the app; open panels offer the new version.'),
          (error: unknown) => console.error('Sidenote: the rebuild failed:', error),
        );
      }, REBUILD_DEBOUNCE_MS);
    };
    for (const path of WATCHED) watchers.push(watch(join(root, path), { recursive: true }, changed));
  }

  return {
    rebuild,
    async close() {
      for (const watcher of watchers) watcher.close();
      await building.catch(() => {});
      await new Promise<void>((resolve, reject) =>
        server.httpServer.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/**
 * A gateway serving only `/functions/v1` from a temporary `supabase/` folder of fixture
 * functions, for testing the edge-function runner itself (boot failures, crashes, the proxy,
 * permissions) without touching the project's real functions. The fixtures are Deno code kept
 * here as text, so the Node typecheck never sees Deno globals.
 */
import type { Server } from 'node:http';
import { readdir, readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ProjectConfig } from '../../../supabase/local/config.ts';
import type { StackContext } from '../../../supabase/local/context.ts';
import { createFunctionsService } from '../../../supabase/local/functions/service.ts';
import { resolveDenoExecutable } from '../../../supabase/local/functions/worker.ts';
import { createGateway } from '../../../supabase/local/gateway/server.ts';
import { apiKeys } from '../../../supabase/local/jwt.ts';
import { LOCAL_JWT_SECRET } from '../../../supabase/local/stack.ts';

export const APP_URL = 'http://localhost:5173';

export interface FunctionsHarness {
  apiUrl: string;
  functionsDir: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Pids of the Deno processes currently running `<functionsDir>/<name>/index.ts`. */
  denoPids(name: string): Promise<number[]>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Fixture files, path (relative to `supabase/functions`) → content. */
  files: Record<string, string>;
  verifyJwt?: Record<string, boolean>;
  extraEnv?: Record<string, string>;
  /** Instances per function taking requests in turn (1 when absent). */
  instances?: Record<string, number>;
}

/**
 * Pids of this process's children that run the Deno binary on `entrypoint` (Linux /proc):
 * proof that a function is served by a real Deno process started for this stack.
 */
export async function denoChildrenRunning(entrypoint: string, parent = process.pid): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parentPid !== parent) continue;
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0');
      if (cmdline[0] === resolveDenoExecutable() && cmdline.includes(entrypoint)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

export async function startFunctionsHarness(options: HarnessOptions): Promise<FunctionsHarness> {
  const root = await mkdtemp(join(tmpdir(), 'sidenote-functions-'));
  const supabaseDir = join(root, 'supabase');
  const functionsDir = join(supabaseDir, 'functions');
  for (const [path, content] of Object.entries(options.files)) {
    await mkdir(dirname(join(functionsDir, path)), { recursive: true });
    await writeFile(join(functionsDir, path), content);
  }
  const keys = apiKeys(LOCAL_JWT_SECRET);
  const routes: Parameters<typeof createGateway>[0] = [];
  const gateway: Server = createGateway(routes, [keys.anonKey, keys.serviceRoleKey]);
  await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
  const address = gateway.address();
  const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const ctx = {
    supabaseDir,
    dataDir: join(root, 'data'),
    apiUrl,
    appUrl: APP_URL,
    jwtSecret: LOCAL_JWT_SECRET,
    ...keys,
    config: { functionVerifyJwt: options.verifyJwt ?? {} } as ProjectConfig,
  } as StackContext;
  const functions = createFunctionsService(
    ctx,
    { overrides: options.extraEnv },
    (name) => options.instances?.[name] ?? 1,
  );
  routes.push({
    prefix: '/functions/v1',
    service: functions.service,
    maxBodyBytes: 1024 * 1024,
    requiresApiKey: false,
    gatewayCors: false,
  });

  return {
    apiUrl,
    functionsDir,
    jwtSecret: LOCAL_JWT_SECRET,
    ...keys,
    denoPids: (name) => denoChildrenRunning(join(functionsDir, name, 'index.ts')),
    async stop() {
      await new Promise<void>((done) => {
        gateway.closeAllConnections();
        gateway.close(() => done());
      });
      await functions.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The Deno version the `deno` npm package ships (what the functions must report). */
export async function denoPackageVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(resolve('node_modules/deno/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

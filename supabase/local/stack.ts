/**
 * Starts the Docker-free Supabase project: the database (PGlite or PostgreSQL), migrated;
 * the gateway with auth, rest, storage and functions on one port; the mail inbox on another;
 * optionally the sandboxes standing in for Notion, the profile-data API, Slack, Stripe and geo-IP,
 * and the scheduler running the jobs pg_cron runs on hosted Supabase (jobs/).
 * Used by `npm start`, the tests and the benchmarks, so all three run the same stack.
 *
 * What must stay true: `stop()` closes every server, child process and the database; a port
 * already in use is reported as `PortInUseError` before the database is opened, never as a stack
 * trace.
 */
import type { Server } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createAuthService } from './auth/service.ts';
import { readProjectConfig, type ProjectConfig } from './config.ts';
import type { StackContext } from './context.ts';
import { openPglite, openPostgres, type Database } from './db/database.ts';
import { prepareLocalDatabase } from './db/local-accounts.ts';
import { runJob } from './jobs/run.ts';
import { readJobSchedules, startScheduler, type Scheduler, type SchedulerClock } from './jobs/scheduler.ts';
import { createFunctionsService } from './functions/service.ts';
import { createInbox } from './inbox/inbox.ts';
import { createGateway } from './gateway/server.ts';
import { loadAssumableRoles } from './gateway/request-role.ts';
import { apiKeys } from './jwt.ts';
import { createRestService } from './rest/service.ts';
import { startSandboxes, type SandboxesInfo } from './sandboxes/index.ts';
import { createStorageService } from './storage/service.ts';

/** Supabase CLI's well-known local JWT secret: public, for local development only. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const MAX_API_BODY_BYTES = 1024 * 1024;

export interface StackOptions {
  supabaseDir: string;
  /** Folder for PGlite data, storage objects and function caches (`.local/`). */
  dataDir: string;
  /** A real PostgreSQL; PGlite when absent. */
  databaseUrl?: string;
  /** Keep PGlite in memory instead of under `dataDir` (tests). */
  pgliteInMemory?: boolean;
  /** In memory, start from this dump of a migrated database (tests: one per run, not a migration per stack). */
  pgliteFrom?: Blob;
  host?: string;
  /** Ports; 0 picks a free one. Defaults come from config.toml. */
  apiPort?: number;
  inboxPort?: number;
  appUrl?: string;
  jwtSecret?: string;
  config?: Partial<ProjectConfig>;
  /** Start the Notion, profile-data, Slack, Stripe and geo-IP sandboxes and point the functions at them. */
  sandboxes?: boolean;
  /** Environment forced on edge functions (tests); wins over supabase/functions/.env. */
  functionEnv?: Record<string, string>;
  /** Instances per function taking requests in turn (tests of what instances share); 1 when absent. */
  functionInstances?: Record<string, number>;
  /** Run the jobs of private.job_schedules on their cron schedules (`npm start`; a test's clock). */
  scheduledJobs?: { clock?: SchedulerClock };
}

export interface RunningStack {
  apiUrl: string;
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  database: 'pglite' | 'postgres';
  db: Database;
  sandboxes?: SandboxesInfo;
  /** The scheduled jobs' next fire times (epoch ms), when `scheduledJobs` is on. */
  scheduler?: Pick<Scheduler, 'nextRuns'>;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly purpose: string,
  ) {
    super(`Port ${port} (${purpose}) is already in use. Stop the process using it, or choose another port.`);
  }
}

/** Listens on host:port (0 = any free port) and resolves the port; a taken port is a PortInUseError. */
export function listen(server: Server, host: string, port: number, purpose: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, purpose) : error),
    );
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  const config = { ...(await readProjectConfig(options.supabaseDir)), ...options.config };
  await mkdir(options.dataDir, { recursive: true });
  const jwtSecret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const keys = apiKeys(jwtSecret);
  const inbox = createInbox();

  // The ports first: a taken one is reported at once, not after the database has migrated. The
  // gateway has no routes (404) until the stack is up, which is when startStack resolves.
  const routes: Parameters<typeof createGateway>[0] = [];
  const gateway = createGateway(routes, [keys.anonKey, keys.serviceRoleKey]);
  const inboxServer = createGateway(
    [{ prefix: '', service: inbox.service, maxBodyBytes: 0, requiresApiKey: false, gatewayCors: true }],
    [],
  );
  const servers: Server[] = [gateway, inboxServer];
  const closeServers = () => Promise.all(servers.filter((s) => s.listening).map(close));
  let apiPort: number;
  let inboxPort: number;
  try {
    apiPort = await listen(gateway, host, options.apiPort ?? config.apiPort, 'API gateway');
    inboxPort = await listen(inboxServer, host, options.inboxPort ?? config.inboxPort, 'mail inbox');
  } catch (error) {
    await closeServers();
    throw error;
  }

  let db: Database;
  try {
    db = options.databaseUrl
      ? await openPostgres(options.databaseUrl)
      : options.pgliteInMemory
        ? await openPglite(undefined, options.pgliteFrom)
        : await openPglite(join(options.dataDir, 'pglite'));
  } catch (error) {
    await closeServers();
    throw error;
  }

  let functions: { stop(): Promise<void> } | undefined;
  let sandboxes: Awaited<ReturnType<typeof startSandboxes>> | undefined;
  let scheduler: Scheduler | undefined;
  try {
    await prepareLocalDatabase(db, options.supabaseDir);

    const ctx: StackContext = {
      db,
      config,
      supabaseDir: options.supabaseDir,
      dataDir: options.dataDir,
      apiUrl: `http://${host}:${apiPort}`,
      appUrl: options.appUrl ?? config.siteUrl,
      jwtSecret,
      ...keys,
      assumableRoles: await loadAssumableRoles(db),
      mailer: inbox.mailer,
    };
    if (options.sandboxes) {
      sandboxes = await startSandboxes({
        dataDir: options.dataDir,
        host,
        stripeWebhookUrl: `${ctx.apiUrl}/functions/v1/stripe-webhook`,
      });
    }
    const functionsService = createFunctionsService(
      ctx,
      { defaults: sandboxes?.functionEnv, overrides: options.functionEnv },
      (name) => options.functionInstances?.[name] ?? 1,
    );
    functions = functionsService;
    routes.push(
      {
        prefix: '/auth/v1',
        service: createAuthService(ctx),
        maxBodyBytes: MAX_API_BODY_BYTES,
        requiresApiKey: true,
        isPublic: (path, method) => method === 'GET' && (path === '/verify' || path === '/callback'),
        gatewayCors: true,
      },
      {
        prefix: '/rest/v1',
        service: createRestService(ctx),
        maxBodyBytes: MAX_API_BODY_BYTES,
        requiresApiKey: true,
        gatewayCors: true,
      },
      {
        prefix: '/storage/v1',
        service: createStorageService(ctx),
        maxBodyBytes: config.storageFileSizeLimitBytes + 64 * 1024,
        requiresApiKey: true,
        isPublic: (path, method) => (method === 'GET' || method === 'HEAD') && path.startsWith('/object/public/'),
        gatewayCors: true,
      },
      {
        prefix: '/functions/v1',
        service: functionsService.service,
        maxBodyBytes: MAX_API_BODY_BYTES,
        requiresApiKey: false,
        gatewayCors: false,
      },
    );

    if (options.scheduledJobs) {
      const target = { apiUrl: ctx.apiUrl, serviceRoleKey: keys.serviceRoleKey };
      scheduler = startScheduler(
        await readJobSchedules(db),
        { run: (job) => runJob(job, target, 'scheduled') },
        options.scheduledJobs.clock,
      );
    }

    return {
      apiUrl: ctx.apiUrl,
      inboxUrl: `http://${host}:${inboxPort}`,
      ...keys,
      jwtSecret,
      database: db.kind,
      db,
      sandboxes: sandboxes?.info,
      scheduler,
      async stop() {
        await scheduler?.stop();
        await Promise.all(servers.map(close));
        await functions?.stop();
        await sandboxes?.stop();
        await db.close();
      },
    };
  } catch (error) {
    await closeServers();
    await functions?.stop();
    await sandboxes?.stop();
    await db.close();
    throw error;
  }
}

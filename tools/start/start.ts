/**
 * `npm start`: the local Supabase stack plus the app built as in production (service worker,
 * offline start, install, update prompt; rebuilt on change: builtApp.ts), in one process tree.
 * Billing is on (billing_config.stripe_enabled, against the Stripe sandbox). The demo account
 * has an active setting on the demo workspace (prepareStack.ts). The scheduled jobs
 * (the daily quota reset, the weekly Stripe sync) run on their cron schedules (`npm run jobs`
 * runs one now: tools/jobs/jobs.ts).
 * Writes `.local/stack.json` for scripts and tests, prints the URLs, and on Ctrl-C (or
 * SIGTERM) stops the app server, the edge-function processes and the database before exiting.
 *
 * Environment: DATABASE_URL selects a real PostgreSQL (default: PGlite under .local/pglite);
 * SIDENOTE_DATA_DIR moves `.local/`; SIDENOTE_API_PORT, SIDENOTE_INBOX_PORT and
 * SIDENOTE_APP_PORT override the ports of config.toml and 5173 (tests run a second copy);
 * SIDENOTE_HARNESS_PORT moves the extension harness (default 54330).
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { harnessOrigins, startExtensionHarness } from '../extension-harness/server.ts';
import { DEV_EXTENSION_KEY, extensionOriginOf } from '../extension-build/extensionId.ts';
import { serveBuiltApp, type BuiltApp } from './builtApp.ts';
import { DEMO_SETTING_NAME } from './demoSetting.ts';
import { prepareStack } from './prepareStack.ts';
import { PortInUseError, startStack } from '../../supabase/local/stack.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.SIDENOTE_DATA_DIR ?? join(root, '.local'));
const APP_PORT = Number(process.env.SIDENOTE_APP_PORT ?? 5173);
const HARNESS_PORT = Number(process.env.SIDENOTE_HARNESS_PORT ?? 54330);
const portFromEnv = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

async function main(): Promise<void> {
  const started = performance.now();
  const appUrl = `http://localhost:${APP_PORT}`;
  const stack = await startStack({
    supabaseDir: join(root, 'supabase'),
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    apiPort: portFromEnv('SIDENOTE_API_PORT'),
    inboxPort: portFromEnv('SIDENOTE_INBOX_PORT'),
    appUrl,
    sandboxes: true,
    scheduledJobs: {},
  });

  // Billing on, as in production, and the demo account ready to use (prepareStack.ts).
  await prepareStack(stack).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });

  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  process.env.VITE_GEO_IP_URL = `${stack.sandboxes!.geoIp.url}/json/`;
  // The extension harness frames the app like the side panel, and so does the real extension
  // built for development (npm run build:extension, its fixed development id): the app trusts both.
  const harness = await startExtensionHarness({ appUrl, port: HARNESS_PORT }).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  process.env.VITE_EXTENSION_ORIGINS = [
    process.env.VITE_EXTENSION_ORIGINS ?? '',
    ...harnessOrigins(harness.port),
    extensionOriginOf(DEV_EXTENSION_KEY),
  ]
    .filter(Boolean)
    .join(',');
  let app: BuiltApp;
  try {
    app = await serveBuiltApp({
      root,
      outDir: join(dataDir, 'app'),
      port: APP_PORT,
      rebuildOnChange: true,
      logLevel: 'warn',
    });
  } catch (error) {
    await harness.stop();
    await stack.stop();
    if ((error as Error).message.includes(`Port ${APP_PORT} is in use`)) throw new PortInUseError(APP_PORT, 'app');
    throw error;
  }

  const info = {
    apiUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    appUrl,
    inboxUrl: stack.inboxUrl,
    database: stack.database,
    sandboxes: stack.sandboxes,
  };
  await writeFile(join(dataDir, 'stack.json'), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });

  console.log(`
Sidenote is running (${Math.round(performance.now() - started)} ms)
  App         ${appUrl}
  API         ${stack.apiUrl}
  Mail inbox  ${stack.inboxUrl}
  Database    ${stack.database === 'pglite' ? `PGlite (${join(dataDir, 'pglite')})` : 'PostgreSQL (DATABASE_URL)'}
  Anon key    ${stack.anonKey}
  Accounts    demo@sidenote.dev / sidenote-demo (setting "${DEMO_SETTING_NAME}" on the demo workspace's CRM People)
              admin@sidenote.dev / sidenote-admin (the /admin screens)
  Notion      ${stack.sandboxes!.notion.url} (sandbox) — demo key ${stack.sandboxes!.notion.demoKey}
  Profiles    ${stack.sandboxes!.profileData.url} (profile-data sandbox)
  Slack       ${stack.sandboxes!.slack.url} (webhook sink)
  Stripe      ${stack.sandboxes!.stripe.url} (sandbox: hosted checkout and portal; webhooks to stripe-webhook)
  Geo-IP      ${stack.sandboxes!.geoIp.url}/json/ (sandbox, answers US unless told otherwise)
  Extension   http://localhost:${harness.port} (harness: the app framed like the side panel, fake LinkedIn tabs)
              ${extensionOriginOf(DEV_EXTENSION_KEY)} trusted: npm run build:extension, load dist-extension/unpacked
  Jobs        ${Object.entries(stack.scheduler!.nextRuns())
    .map(([job, at]) => `${job} next at ${new Date(at).toISOString()}`)
    .join(', ')} (run one now: npm run jobs -- <name>)
  Keys and URLs for scripts: .local/stack.json
Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Sidenote…');
    await app.close();
    await harness.stop();
    await stack.stop();
    process.exit(0);
  };
  // Vite exits on SIGTERM by itself, which would cut the database off mid-write: ours only.
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('\nSidenote could not start:', error);
  }
  process.exit(1);
});

/**
 * What an edge function sees of the world: its environment variables and the hosts it may
 * reach. Mirrors hosted Supabase, where a function gets SUPABASE_URL, SUPABASE_ANON_KEY and
 * SUPABASE_SERVICE_ROLE_KEY from the platform and everything else from `supabase secrets`
 * (locally: `supabase/functions/.env`, git-ignored; `.env.example` documents the names).
 *
 * What must stay true:
 * - like the Supabase CLI, a secret named SUPABASE_* in `.env` is skipped (with a warning):
 *   the platform's values cannot be overridden by accident;
 * - the child process gets only this environment (plus what Deno itself needs to run and
 *   download npm packages), never the Node process's whole environment;
 * - network access is limited to loopback and the hosts named by URL-valued variables, so
 *   a function under test cannot reach a real third-party service the sandboxes stand in for.
 *
 * SUPABASE_DB_URL is not provided: PGlite has no socket a function could connect to.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StackContext } from '../context.ts';

/**
 * Process variables Deno needs for itself: home, outbound proxies, and the certificate
 * authorities of a TLS-inspecting proxy (Deno honours NODE_EXTRA_CA_CERTS and DENO_CERT; without
 * them npm downloads fail with "invalid peer certificate: UnknownIssuer").
 */
const PASSED_THROUGH = [
  'HOME',
  'PATH',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
];

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** Parses a dotenv file: `KEY=value`, optional `export`, `#` comments, single/double quotes. */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key, rest] = match;
    let value = rest;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    values[key] = value;
  }
  return values;
}

/** The secrets of `supabase/functions/.env`; none when the file does not exist. */
export async function readSecrets(functionsDir: string, log: (line: string) => void): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(join(functionsDir, '.env'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const secrets = parseDotenv(text);
  for (const name of Object.keys(secrets)) {
    if (name.startsWith('SUPABASE_')) {
      log(`skipping secret ${name} from supabase/functions/.env: names starting with SUPABASE_ are reserved`);
      delete secrets[name];
    }
  }
  return secrets;
}

/** What the stack adds: sandbox settings `.env` may override, and settings it may not. */
export interface StackEnv {
  /** Defaults for local runs (the sandboxes' URLs and keys); a `.env` secret wins over them. */
  defaults?: Record<string, string>;
  /** Forced values (tests); they win over `.env`. */
  overrides?: Record<string, string>;
}

/** The variables a function reads: platform values, stack defaults, `.env` secrets, overrides. */
export function functionVariables(
  ctx: Pick<StackContext, 'apiUrl' | 'anonKey' | 'serviceRoleKey' | 'appUrl'>,
  secrets: Record<string, string>,
  stackEnv: StackEnv,
): Record<string, string> {
  const app = new URL(ctx.appUrl);
  // The dev server answers on localhost and on 127.0.0.1 alike: both are the app's origin.
  const aliases = ['localhost', '127.0.0.1'].includes(app.hostname) ? ['localhost', '127.0.0.1'] : [app.hostname];
  const appOrigin = aliases.map((host) => `${app.protocol}//${host}${app.port ? `:${app.port}` : ''}`).join(',');
  return {
    SUPABASE_URL: ctx.apiUrl,
    SUPABASE_ANON_KEY: ctx.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.serviceRoleKey,
    APP_ORIGIN: appOrigin,
    SITE_URL: ctx.appUrl,
    ...stackEnv.defaults,
    ...secrets,
    ...stackEnv.overrides,
  };
}

/** The full environment of the Deno child: runtime settings plus the function's variables. */
export function processEnvironment(
  variables: Record<string, string>,
  runtime: { denoDir: string; serveAddress: string },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return {
    ...env,
    ...variables,
    DENO_DIR: runtime.denoDir,
    DENO_SERVE_ADDRESS: runtime.serveAddress,
    // A package.json above supabase/functions would switch Deno to manual node_modules
    // resolution and break `npm:` imports (see the toolchain notes).
    DENO_NO_PACKAGE_JSON: '1',
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
}

/** `--allow-net` hosts: loopback, plus the host of every variable whose value is an http(s) URL. */
export function allowedNetHosts(variables: Record<string, string>): string[] {
  const hosts = new Set(LOOPBACK_HOSTS);
  for (const value of Object.values(variables)) {
    if (!/^https?:\/\//i.test(value)) continue;
    try {
      hosts.add(new URL(value).host);
    } catch {
      // not a URL after all: grants nothing
    }
  }
  return [...hosts];
}

/**
 * `/functions/v1/<name>`: Supabase Edge Functions without Docker. Each function under
 * `supabase/functions/<name>/index.ts` runs unmodified in Deno (the `deno` npm package), one
 * process per function started on its first request (pool.ts, worker.ts); the gateway proxies
 * the request to it (proxy.ts) after the relay's checks (relay.ts): the function must exist,
 * and with `verify_jwt` (config.toml `[functions.<name>]`, on by default) the caller needs a
 * valid project JWT.
 *
 * What must stay true:
 * - the function's code, imports and `Deno.serve` call are used as written; it gets the
 *   platform's variables and `supabase/functions/.env` (environment.ts), read access to its
 *   own folder and `_shared`, and network access to loopback and configured hosts only;
 * - npm packages are cached in DENO_DIR (`$DENO_DIR` if set, else `<dataDir>/deno`), so only
 *   the very first boot downloads;
 * - `stop()` ends every Deno process; none outlives the Node process.
 */
import { join } from 'node:path';
import type { StackContext } from '../context.ts';
import type { Service } from '../gateway/http.ts';
import { allowedNetHosts, functionVariables, processEnvironment, readSecrets, type StackEnv } from './environment.ts';
import { WorkerPool, type InstancesOf } from './pool.ts';
import { findFunction, splitFunctionPath, type FunctionSource } from './project.ts';
import { forward, WorkerTimeout } from './proxy.ts';
import {
  bootError,
  idleTimeout,
  methodNotAllowed,
  notFound,
  refuseWithoutJwt,
  ROUTED_METHODS,
  workerError,
} from './relay.ts';
import { BootError, type WorkerSpec } from './worker.ts';

/** First boots download npm packages; later ones take ~0.1 s. */
const BOOT_TIMEOUT_MS = 60_000;
/** Hosted Supabase's request idle timeout. */
const REQUEST_IDLE_TIMEOUT_MS = 150_000;
/** How long a failed forward waits to learn whether the function died (see endsWithin). */
const EXIT_GRACE_MS = 2_000;

export interface FunctionsService {
  service: Service;
  stop(): Promise<void>;
}

export function createFunctionsService(
  ctx: StackContext,
  stackEnv: StackEnv,
  instancesOf?: InstancesOf,
): FunctionsService {
  const functionsDir = join(ctx.supabaseDir, 'functions');
  const denoDir = process.env.DENO_DIR || join(ctx.dataDir, 'deno');

  const specFor = async (source: FunctionSource): Promise<WorkerSpec> => {
    const log = (line: string) => console.error(`[functions:${source.name}] ${line}`);
    const variables = functionVariables(ctx, await readSecrets(functionsDir, log), stackEnv);
    return {
      name: source.name,
      cwd: source.dir,
      entrypoint: source.entrypoint,
      configPath: source.configPath,
      readable: source.readable,
      allowNet: allowedNetHosts(variables),
      environment: (port) => processEnvironment(variables, { denoDir, serveAddress: `tcp:127.0.0.1:${port}` }),
      bootTimeoutMs: BOOT_TIMEOUT_MS,
    };
  };
  const pool = new WorkerPool(specFor, functionsDir, instancesOf);

  const service: Service = async (req) => {
    const { name } = splitFunctionPath(req.path);
    const source = await findFunction(functionsDir, name);
    if (!source) return notFound();
    if (!ROUTED_METHODS.has(req.method)) return methodNotAllowed();
    if (ctx.config.functionVerifyJwt[name] ?? true) {
      const refusal = refuseWithoutJwt(req, ctx.jwtSecret);
      if (refusal) return refusal;
    }

    let worker;
    try {
      worker = await pool.acquire(source);
    } catch (error) {
      const reason = error instanceof BootError ? error.message : String(error);
      console.error(`[functions:${name}] failed to boot: ${reason}`);
      return bootError();
    }
    try {
      return await forward(worker.port, name, req, REQUEST_IDLE_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof WorkerTimeout) {
        worker.log(`${req.method} ${error.message}`);
        return idleTimeout();
      }
      const exited = await worker.endsWithin(EXIT_GRACE_MS);
      worker.log(`${req.method} failed: ${(error as Error).message}${exited ? ' (the function exited)' : ''}`);
      return workerError();
    } finally {
      pool.release(worker);
    }
  };

  return { service, stop: () => pool.stop() };
}

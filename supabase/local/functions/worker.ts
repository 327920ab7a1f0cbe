/**
 * One edge function running in its own Deno process, serving its unmodified
 * `Deno.serve(handler)` on a free loopback port chosen through DENO_SERVE_ADDRESS.
 *
 * What must stay true:
 * - a worker is `ready` only once its port accepts connections; a process that exits (or
 *   does not listen within the boot timeout) before that is a `BootError`, never a hang;
 * - the function's stdout and stderr are logged line by line with a `[functions:<name>]`
 *   prefix; request headers and tokens are never logged here;
 * - every child is killed by `stop()`, by the Node process's `exit`, and — should Node die
 *   without running handlers — by the preloaded parent watch (parent-watch.js).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export interface WorkerSpec {
  name: string;
  cwd: string;
  entrypoint: string;
  configPath?: string;
  readable: string[];
  allowNet: string[];
  /** Builds the child's environment for the port it will serve on. */
  environment(port: number): Record<string, string>;
  bootTimeoutMs: number;
}

export class BootError extends Error {
  constructor(
    message: string,
    /** The last lines the function wrote to stderr. */
    readonly stderr = '',
  ) {
    super(message);
  }
}

const HOST = '127.0.0.1';
const PROBE_INTERVAL_MS = 20;
const STOP_GRACE_MS = 2_000;
const STDERR_TAIL_LINES = 20;
const PARENT_WATCH = fileURLToPath(new URL('./parent-watch.js', import.meta.url));

/** Every live child of this Node process, killed synchronously if Node exits first. */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of liveChildren) child.kill('SIGKILL');
  });
}

let denoExecutable: string | undefined;

/** The real Deno binary of the `deno` npm package (not its Node shim, which would be a second process). */
export function resolveDenoExecutable(): string {
  if (!denoExecutable) {
    const require = createRequire(import.meta.url);
    const installer = require('deno/install_api.cjs') as { runInstall(): string };
    denoExecutable = installer.runInstall();
  }
  return denoExecutable;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FunctionWorker {
  /** Requests currently forwarded to this worker. */
  inflight = 0;
  private exitCode: number | null | undefined;
  private readonly exited: Promise<void>;
  private readonly stderrTail: string[] = [];

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    liveChildren.add(child);
    this.exited = new Promise((resolve) => {
      // 'close' (not 'exit'): fires once stdout/stderr are drained, so the log is complete.
      child.once('close', (code, signal) => {
        this.exitCode = code ?? (signal ? null : 0);
        liveChildren.delete(child);
        resolve();
      });
    });
    this.pipeOutput();
  }

  /** Starts the function and resolves once it accepts connections. */
  static async start(spec: WorkerSpec): Promise<FunctionWorker> {
    installExitHook();
    const port = await freePort();
    const args = ['run', '--no-prompt', '--preload', PARENT_WATCH];
    if (spec.configPath) args.push('--config', spec.configPath);
    args.push(
      `--allow-net=${spec.allowNet.join(',')}`,
      '--allow-env',
      `--allow-read=${spec.readable.join(',')}`,
      spec.entrypoint,
    );
    const child = spawn(resolveDenoExecutable(), args, {
      cwd: spec.cwd,
      env: spec.environment(port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = new FunctionWorker(spec.name, port, child);
    child.once('error', (error) => worker.log(`could not start Deno: ${error.message}`));
    await worker.waitUntilListening(spec.bootTimeoutMs);
    return worker;
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /**
   * Whether the process ends within `ms`. A forward that fails because the function died can
   * fail before Node has seen the child exit; waiting here keeps the pool from handing the
   * next request to a dead worker.
   */
  endsWithin(ms: number): Promise<boolean> {
    return Promise.race([this.exited.then(() => true), sleep(ms).then(() => false)]);
  }

  /** The last lines the function wrote to stderr (for boot diagnostics). */
  get recentErrors(): string {
    return this.stderrTail.join('\n');
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const killed = await Promise.race([this.exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
    if (!killed) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  log(line: string): void {
    console.error(`[functions:${this.name}] ${line}`);
  }

  private pipeOutput(): void {
    const { stdout, stderr } = this.child;
    // Deno.serve's own start-up notice names our private port: noise for the reader.
    const isNotice = (line: string) => /^Listening on https?:\/\//.test(line);
    if (stdout) {
      createInterface({ input: stdout }).on('line', (line) => {
        if (!isNotice(line)) console.log(`[functions:${this.name}] ${line}`);
      });
    }
    if (stderr) {
      createInterface({ input: stderr }).on('line', (line) => {
        if (isNotice(line)) return;
        this.stderrTail.push(line);
        if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
        this.log(line);
      });
    }
  }

  private async waitUntilListening(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.alive) {
      if (await accepts(this.port)) return;
      if (Date.now() > deadline) {
        await this.stop();
        throw new BootError(`did not start listening within ${timeoutMs} ms`, this.recentErrors);
      }
      await Promise.race([this.exited, sleep(PROBE_INTERVAL_MS)]);
    }
    throw new BootError(`exited with code ${this.exitCode ?? 'signal'} before serving`, this.recentErrors);
  }
}

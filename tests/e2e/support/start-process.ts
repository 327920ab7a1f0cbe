/**
 * Runs `npm start`'s entry point as a child process, the way a developer does, on free ports
 * and a private data folder, and waits for its "running" banner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface StartedProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Ports this machine never hands out by itself: below Linux's ephemeral range (32768–60999),
 * so a port chosen here, then bound a few seconds later, cannot meanwhile be taken by a
 * `listen(0)` (the stack's own servers, a browser's sockets).
 */
const CHOSEN_PORTS = { from: 20_000, to: 32_000 };

const bindable = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });

/** A free port outside the ephemeral range, for a server that will listen on it shortly. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = CHOSEN_PORTS.from + Math.floor(Math.random() * (CHOSEN_PORTS.to - CHOSEN_PORTS.from));
    if (await bindable(port)) return port;
  }
  throw new Error('no free port found');
}

export function runStart(env: Record<string, string>): StartedProcess {
  const child = spawn(
    process.execPath,
    ['--experimental-websocket', '--import', 'tsx', resolve('tools/start/start.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

export async function waitForOutput(started: StartedProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`npm start exited early:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`npm start did not print ${pattern} in time:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

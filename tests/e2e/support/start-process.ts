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

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
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

/**
 * The edge-function runner (supabase/local/functions) with fixture functions: that code really
 * runs in Deno, how requests and responses cross the proxy, the relay's answers (verify_jwt,
 * unknown function, boot failure, crash), the function's environment and permissions, reload
 * on change, and that no Deno process outlives stop().
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { signJwt } from '../../../supabase/local/jwt.ts';
import {
  APP_URL,
  denoPackageVersion,
  startFunctionsHarness,
  type FunctionsHarness,
} from '../../integration/support/functions-harness.ts';

const ECHO = `
Deno.serve(async (req) => {
  const url = new URL(req.url);
  let dotenvReadable = true;
  try { await Deno.readTextFile('../.env'); } catch { dotenvReadable = false; }
  let netError = '';
  try { await fetch('https://example.com/'); } catch (error) { netError = error.name; }
  const headers = new Headers({ 'content-type': 'application/json', 'x-echo': 'yes' });
  headers.append('set-cookie', 'a=1');
  headers.append('set-cookie', 'b=2');
  return new Response(JSON.stringify({
    deno: Deno.version.deno,
    pid: Deno.pid,
    method: req.method,
    path: url.pathname,
    query: url.search,
    custom: req.headers.get('x-custom'),
    body: await req.text(),
    env: {
      SUPABASE_URL: Deno.env.get('SUPABASE_URL'),
      APP_ORIGIN: Deno.env.get('APP_ORIGIN'),
      FROM_DOTENV: Deno.env.get('FROM_DOTENV'),
      FROM_EXTRA: Deno.env.get('FROM_EXTRA'),
      hasServiceKey: (Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '').length > 0,
    },
    dotenvReadable,
    netError,
  }), { status: Number(url.searchParams.get('status') ?? 200), headers });
});
`;

const files: Record<string, string> = {
  'echo/index.ts': ECHO,
  'open/index.ts': `Deno.serve(() => new Response('open'));`,
  'boot-fail/index.ts': `throw new Error('boom at boot');\nDeno.serve(() => new Response('never'));`,
  'crash/index.ts': `Deno.serve((req) => {
    if (new URL(req.url).searchParams.has('exit')) Deno.exit(3);
    return new Response(String(Deno.pid));
  });`,
  'twice/index.ts': `Deno.serve(() => new Response(String(Deno.pid)));`,
  'reload/index.ts': `Deno.serve(() => new Response('version 1'));`,
  '_shared/index.ts': `Deno.serve(() => new Response('not a function'));`,
  '.env': 'FROM_DOTENV="hello from .env"\nSUPABASE_URL=http://not-the-platform.example\n# a comment\n',
};

let fx: FunctionsHarness;
const logged: string[] = [];

beforeAll(async () => {
  const remember = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(remember);
  vi.spyOn(console, 'log').mockImplementation(remember);
  fx = await startFunctionsHarness({
    files,
    verifyJwt: { open: false, twice: false },
    extraEnv: { FROM_EXTRA: 'extra' },
    instances: { twice: 2 },
  });
});
afterAll(async () => {
  await fx?.stop();
  vi.restoreAllMocks();
});

const call = (path: string, init: RequestInit = {}) => fetch(`${fx.apiUrl}/functions/v1/${path}`, init);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('running functions in Deno', () => {
  test('supabase.functions.invoke reaches a function that reports the Deno runtime', async () => {
    const supabase = createClient(fx.apiUrl, fx.anonKey, { auth: { persistSession: false } });
    const { data, error } = await supabase.functions.invoke('echo', { body: { hello: 'deno' } });
    expect(error).toBeNull();
    expect(data.deno).toBe(await denoPackageVersion());
    expect(await fx.denoPids('echo')).toEqual([data.pid]);
    expect(data).toMatchObject({ method: 'POST', path: '/echo', body: '{"hello":"deno"}' });
  });

  test('simultaneous first requests share one boot', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call('open', { method: 'POST' }).then((r) => r.text())),
    );
    expect(responses).toEqual(Array(5).fill('open'));
    expect(await fx.denoPids('open')).toHaveLength(1);
  });

  test('a function run as two instances: two Deno processes taking requests in turn', async () => {
    const served: string[] = [];
    for (let i = 0; i < 4; i++) served.push(await call('twice').then((r) => r.text()));
    const pids = await fx.denoPids('twice');
    expect(pids).toHaveLength(2);
    expect(new Set(served)).toEqual(new Set(pids.map(String)));
    expect(served[2]).toBe(served[0]);
    expect(served[3]).toBe(served[1]);
    expect(served[1]).not.toBe(served[0]);
  });

  test('method, sub-path, query, headers and body go through; status and headers come back', async () => {
    const response = await call('echo/sub/path?x=1&y=two&status=201', {
      method: 'PUT',
      headers: { ...bearer(fx.anonKey), 'x-custom': 'kept', 'content-type': 'text/plain' },
      body: 'raw body ✓',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toMatchObject({
      method: 'PUT',
      path: '/echo/sub/path',
      query: '?x=1&y=two&status=201',
      custom: 'kept',
      body: 'raw body ✓',
    });
  });

  test('the function gets the platform variables, .env secrets and the stack extras', async () => {
    const { env } = await (await call('echo', { headers: bearer(fx.anonKey) })).json();
    expect(env).toEqual({
      SUPABASE_URL: fx.apiUrl,
      APP_ORIGIN: `${APP_URL},http://127.0.0.1:5173`,
      FROM_DOTENV: 'hello from .env',
      FROM_EXTRA: 'extra',
      hasServiceKey: true,
    });
    expect(logged.some((l) => l.includes('skipping secret SUPABASE_URL'))).toBe(true);
  });

  test('permissions: no reading outside its folder, no network beyond loopback and configured hosts', async () => {
    const body = await (await call('echo', { headers: bearer(fx.anonKey) })).json();
    expect(body.dotenvReadable).toBe(false);
    expect(body.netError).toMatch(/NotCapable|PermissionDenied/);
  });

  test('an edited function is served anew on the next request', async () => {
    expect(await (await call('reload', { headers: bearer(fx.anonKey) })).text()).toBe('version 1');
    await writeFile(join(fx.functionsDir, 'reload/index.ts'), `Deno.serve(() => new Response('version 2'));`);
    await expect
      .poll(async () => (await call('reload', { headers: bearer(fx.anonKey) })).text(), { timeout: 5_000 })
      .toBe('version 2');
  });
});

describe('the relay', () => {
  test('unknown functions, _shared and an empty name are 404 NOT_FOUND', async () => {
    for (const path of ['missing', '_shared', '', '..%2Fecho']) {
      const response = await call(path, { headers: bearer(fx.anonKey) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  test('verify_jwt: no Authorization header is refused without starting the function', async () => {
    const response = await call('crash', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    expect(await fx.denoPids('crash')).toEqual([]);
  });

  test('verify_jwt: expired, forged, malformed and non-bearer tokens are "Invalid JWT"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ sub: 'u', role: 'authenticated', exp: now - 10 }, fx.jwtSecret);
    const forged = signJwt(
      { sub: 'u', role: 'authenticated', exp: now + 600 },
      'another-secret-of-at-least-32-chars!!',
    );
    for (const authorization of [`Bearer ${expired}`, `Bearer ${forged}`, 'Bearer not-a-jwt', `Basic ${fx.anonKey}`]) {
      const response = await call('crash', { method: 'POST', headers: { authorization } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
    expect(await fx.denoPids('crash')).toEqual([]);
  });

  test('verify_jwt: OPTIONS passes without a token; verify_jwt = false lets any request through', async () => {
    expect((await call('echo', { method: 'OPTIONS' })).status).toBe(200);
    const open = await call('open', { method: 'POST' });
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('open');
  });

  test('methods the relay does not route are 405', async () => {
    expect((await call('echo', { method: 'HEAD', headers: bearer(fx.anonKey) })).status).toBe(405);
  });

  test('a function that fails to boot is 503 BOOT_ERROR, its stderr logged with a prefix', async () => {
    const response = await call('boot-fail', { headers: bearer(fx.anonKey) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'BOOT_ERROR',
      message: 'Function failed to start (please check logs)',
    });
    expect(logged.some((l) => l.startsWith('[functions:boot-fail]') && l.includes('boom at boot'))).toBe(true);
    expect(logged.some((l) => l.includes(fx.anonKey))).toBe(false);
  });

  test('a function that dies mid-request is 502 WORKER_ERROR, and the next request starts it again', async () => {
    const first = Number(await (await call('crash', { headers: bearer(fx.anonKey) })).text());
    const crashed = await call('crash?exit', { headers: bearer(fx.anonKey) });
    expect(crashed.status).toBe(502);
    expect(await crashed.json()).toMatchObject({ code: 'WORKER_ERROR' });
    const again = Number(await (await call('crash', { headers: bearer(fx.anonKey) })).text());
    expect(again).not.toBe(first);
    expect(await fx.denoPids('crash')).toEqual([again]);
  });
});

describe('stopping', () => {
  test('stop() ends every Deno process', async () => {
    const local = await startFunctionsHarness({ files: { 'a/index.ts': files['open/index.ts'], 'b/index.ts': ECHO } });
    for (const name of ['a', 'b'])
      await fetch(`${local.apiUrl}/functions/v1/${name}`, { headers: bearer(local.anonKey) });
    const pids = [...(await local.denoPids('a')), ...(await local.denoPids('b'))];
    expect(pids).toHaveLength(2);
    await local.stop();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });

  test('a Deno process does not outlive a Node process killed with SIGKILL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sidenote-orphan-'));
    const script = join(dir, 'host.mts');
    await writeFile(
      script,
      `import { startFunctionsHarness } from ${JSON.stringify(resolve('tests/integration/support/functions-harness.ts'))};
       const fx = await startFunctionsHarness({ files: { 'a/index.ts': 'Deno.serve(() => new Response(String(Deno.pid)))' } });
       const response = await fetch(fx.apiUrl + '/functions/v1/a', { headers: { authorization: 'Bearer ' + fx.anonKey } });
       console.log('DENO ' + (await response.text()) + ' ' + fx.functionsDir);
       setInterval(() => undefined, 1000);`,
    );
    const host = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    const line = await new Promise<string>((done) =>
      createInterface({ input: host.stdout! }).on('line', (l) => l.startsWith('DENO ') && done(l)),
    );
    const [, pid, functionsDir] = line.split(' ');
    expect(() => process.kill(Number(pid), 0)).not.toThrow();
    host.kill('SIGKILL');
    const alive = () => {
      try {
        process.kill(Number(pid), 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 5_000, interval: 100 }).toBe(false);
    await rm(dir, { recursive: true, force: true });
    await rm(resolve(functionsDir, '../..'), { recursive: true, force: true });
  });
});

/**
 * `npm start` as a person uses it: it serves the API and the app (checked in Chromium), writes
 * .local/stack.json, opens the demo account on the main job (its setting made at the first
 * start, once: the harness's first fixture gets a verdict, no wizard), lets the demo account
 * reach the Notion sandbox through the app's proxy,
 * keeps users across a restart, stops everything on Ctrl-C, and explains a port that is
 * already taken instead of printing a stack trace.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { denoChildrenRunning } from '../integration/support/functions-harness.ts';
import { submitLogin } from './support/access.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { freePort, runStart, waitForOutput } from './support/start-process.ts';

let dataDir: string;
let env: Record<string, string>;
let browser: TestBrowser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sidenote-start-'));
  env = {
    SIDENOTE_DATA_DIR: dataDir,
    SIDENOTE_API_PORT: String(await freePort()),
    SIDENOTE_INBOX_PORT: String(await freePort()),
    SIDENOTE_APP_PORT: String(await freePort()),
    SIDENOTE_HARNESS_PORT: String(await freePort()),
    DATABASE_URL: '',
  };
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portIsFree = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });

test('serves the API and the app, keeps users across a restart, and stops on Ctrl-C', async () => {
  const first = runStart(env);
  await waitForOutput(first, /Press Ctrl-C to stop/);
  const info = JSON.parse(await readFile(join(dataDir, 'stack.json'), 'utf8'));
  expect(info).toMatchObject({
    apiUrl: `http://127.0.0.1:${env.SIDENOTE_API_PORT}`,
    appUrl: `http://localhost:${env.SIDENOTE_APP_PORT}`,
    inboxUrl: `http://127.0.0.1:${env.SIDENOTE_INBOX_PORT}`,
    database: 'pglite',
  });
  expect(first.output()).toContain(info.anonKey);
  expect(first.output()).not.toContain(info.serviceRoleKey);

  const page = await browser.context.newPage();
  // The backend line is a debug-mode aid, for users granted debug mode (issue 20): the seeded
  // demo account is.
  await page.goto(`${info.appUrl}/login`);
  await submitLogin(page, 'demo@sidenote.dev', 'sidenote-demo');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  await page.goto(`${info.appUrl}/?dbg=true`);
  const backendStatus = page.getByRole('status', { name: 'Backend status' });
  await expect.poll(() => backendStatus.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');

  // The demo account opens on the main job: the harness's first fixture gets its verdict at once.
  await page.goto(`http://localhost:${env.SIDENOTE_HARNESS_PORT}/`);
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.frameLocator('iframe#app').getByText('Add this profile to your Notion CRM?').waitFor({ timeout: 20_000 });

  // A newcomer's first Notion call: the seeded demo account, the printed demo key, through the
  // app's same-origin proxy to the Notion sandbox.
  expect(first.output()).toContain(info.sandboxes.notion.demoKey);
  const demo = createClient(info.apiUrl, info.anonKey, { auth: { persistSession: false } });
  const demoSession = await demo.auth.signInWithPassword({ email: 'demo@sidenote.dev', password: 'sidenote-demo' });
  expect(demoSession.error).toBeNull();
  const me = await fetch(`${info.appUrl}/api/notion/v1/users/me`, {
    headers: {
      authorization: `Bearer ${demoSession.data.session!.access_token}`,
      'x-notion-key': info.sandboxes.notion.demoKey,
    },
  });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ type: 'bot', bot: { workspace_name: 'Sidenote Demo' } });

  // The seeded admin, printed next to the demo account: the admin RPCs answer it, not the demo user.
  expect(first.output()).toContain('demo@sidenote.dev / sidenote-demo (setting "Demo CRM"');
  expect(first.output()).toContain('admin@sidenote.dev / sidenote-admin');
  const seededAdmin = createClient(info.apiUrl, info.anonKey, { auth: { persistSession: false } });
  const adminSession = await seededAdmin.auth.signInWithPassword({
    email: 'admin@sidenote.dev',
    password: 'sidenote-admin',
  });
  expect(adminSession.error).toBeNull();
  expect((await seededAdmin.rpc('get_database_info')).data).toEqual({ branch_name: 'local', is_production: false });
  expect((await demo.rpc('get_database_info')).error).toMatchObject({ code: '42501' });

  const email = `restart-${Date.now()}@example.com`;
  const admin = createClient(info.apiUrl, info.serviceRoleKey, { auth: { persistSession: false } });
  const created = await admin.auth.admin.createUser({ email, password: 'secret-123', email_confirm: true });
  expect(created.error).toBeNull();

  // Billing is on: a new account's setup stops at team_activated, and its billing step gets a
  // customer on the free plan from the Stripe sandbox (the function answers 409 with billing off).
  const newcomer = createClient(info.apiUrl, info.anonKey, { auth: { persistSession: false } });
  expect((await newcomer.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
  const setup = await newcomer.rpc('setup_new_user', { auth_user_id: created.data.user!.id });
  expect(setup.data).toMatchObject({ state: 'team_activated', success: true });
  const customer = await newcomer.functions.invoke('create-stripe-customer', { body: { currency: 'usd' } });
  expect(customer.error).toBeNull();
  expect(customer.data).toMatchObject({ success: true, planName: 'free', customerId: expect.stringMatching(/^cus_/) });

  // An edge function runs in a Deno child process, started by its first request.
  const preflight = await fetch(`${info.apiUrl}/functions/v1/change-password`, {
    method: 'OPTIONS',
    headers: { origin: info.appUrl, 'access-control-request-method': 'POST' },
  });
  expect(preflight.status).toBeLessThan(300);
  const deno = await denoChildrenRunning(resolve('supabase/functions/change-password/index.ts'), first.child.pid);
  expect(deno).toHaveLength(1);

  first.child.kill('SIGINT');
  expect(await first.exited).toBe(0);
  expect(isRunning(deno[0])).toBe(false);
  for (const port of [
    env.SIDENOTE_API_PORT,
    env.SIDENOTE_INBOX_PORT,
    env.SIDENOTE_APP_PORT,
    env.SIDENOTE_HARNESS_PORT,
  ]) {
    expect(await portIsFree(Number(port))).toBe(true);
  }

  const second = runStart(env);
  await waitForOutput(second, /Press Ctrl-C to stop/);
  const client = createClient(info.apiUrl, info.anonKey, { auth: { persistSession: false } });
  const signIn = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  expect(signIn.error).toBeNull();
  expect(signIn.data.user?.email).toBe(email);
  // the demo setting was made once: the restart kept it and made no other
  expect((await demo.from('settings').select('name')).data).toEqual([{ name: 'Demo CRM' }]);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 180_000); // two `npm start`s, each building the app (60 s is not enough beside another worker)

test('a port already in use gets a clear message, not a stack trace', async () => {
  const blocker = createServer();
  await new Promise<void>((done) => blocker.listen(Number(env.SIDENOTE_API_PORT), '127.0.0.1', done));
  try {
    const run = runStart(env);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`Port ${env.SIDENOTE_API_PORT} (API gateway) is already in use.`);
    expect(run.output()).not.toMatch(/\n\s+at /);
  } finally {
    blocker.close();
  }
});

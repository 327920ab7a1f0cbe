/**
 * Capture browser tests: the app framed by the extension harness (tools/extension-harness),
 * trusted through VITE_EXTENSION_ORIGINS (the 127.0.0.1 spelling only, so other origins are
 * foreign), a signed-in user whose personal team may fetch profiles, and an active setting on
 * "CRM People" with every profile field mapped (made through the API), plus reads of the
 * Notion sandbox to check what Add wrote.
 */
import { createClient } from '@supabase/supabase-js';
import type { FrameLocator, Page } from 'playwright-core';
import { SEED_IDS } from '../../../supabase/local/sandboxes/notion/index.ts';
import { startExtensionHarness, type RunningHarness } from '../../../tools/extension-harness/server.ts';
import { startTestApp, type TestApp } from './app.ts';
import { saveActiveSetting } from '../../../tools/start/demoSetting.ts';
import { FIELD_LABELS } from '../../../src/domain/settings/mappingWords.ts';
import {
  PROFILE_FIELDS,
  withTitleMapped,
  type DatabaseProperty,
  type Mapping,
  type MappedField,
  type ProfileField,
} from '../../../src/domain/settings/mapping.ts';
import { confirmedUser, waitForPath } from './access.ts';
import { addWorkspace, signInUser } from './settings.ts';
import { shared } from './shared.ts';
import { timed } from './timings.ts';

export interface CaptureApp {
  app: TestApp;
  harness: RunningHarness;
  stop(): Promise<void>;
}

/** The app framed by the worker's harness (one per worker, support/shared.ts), trusted by it. */
export async function startCaptureApp({ dev }: { dev?: string } = {}): Promise<CaptureApp> {
  const worker = shared();
  worker.harness ??= startExtensionHarness({ appUrl: 'http://127.0.0.1:9', host: '127.0.0.1' });
  const harness = await worker.harness;
  const originsBefore = process.env.VITE_EXTENSION_ORIGINS;
  process.env.VITE_EXTENSION_ORIGINS = harness.url;
  const app = await startTestApp({ dev }).finally(() => restoreEnv('VITE_EXTENSION_ORIGINS', originsBefore));
  harness.setAppUrl(app.appUrl);
  return { app, harness, stop: () => app.stop() };
}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Every profile field but the name (the title, always) mapped to its "CRM People" property. */
const MAPPED: Partial<Record<ProfileField, string>> = {
  profileUrl: 'LinkedIn URL',
  firstName: 'First name',
  lastName: 'Last name',
  headline: 'Headline',
  summary: 'Summary',
  company: 'Company',
  education: 'Education',
  country: 'Country',
  city: 'City',
};

/** The follow-up fields (issue 36) as CRM People names them. */
const FOLLOW_UPS = { nextFollowUp: 'Next follow-up', stage: 'Stage' };

/** MAPPED (and FOLLOW_UPS when asked) as property ids of these properties, the title mapped to the name. */
const everyFieldMapped =
  (followUps: boolean) =>
  (properties: DatabaseProperty[]): Mapping => {
    const mapping: Mapping = {};
    const fields = { ...MAPPED, ...(followUps ? FOLLOW_UPS : {}) };
    for (const [field, name] of Object.entries(fields) as [MappedField, string][]) {
      const property = properties.find((candidate) => candidate.name === name);
      if (!property) throw new Error(`"CRM People" has no property "${name}"`);
      mapping[field] = property.id;
    }
    return withTitleMapped(mapping, properties);
  };

/**
 * A user with a team (setup_new_user) and an active setting "Capture CRM" on the demo
 * workspace's "CRM People", every field mapped, signed in through the form. The setting is made
 * through the API as the wizard makes it (tools/start/demoSetting.ts), or `throughWizard`, in the
 * browser after sign-in (for a test of what the wizard's own steps send; its journey is
 * settings-wizard's). Its first-time "Customize Your View" modal is turned off (customize_help
 * false) unless `customizeHelp` says otherwise, so tests of other parts of the page are not
 * covered by it.
 */
export async function capturingUser(
  page: Page,
  app: TestApp,
  prefix: string,
  { customizeHelp = false, throughWizard = false, followUps = false } = {},
) {
  const user = await confirmedUser(app, prefix);
  const client = createClient(app.stack.apiUrl, app.stack.anonKey, { auth: { persistSession: false } });
  const signIn = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signIn.error) throw signIn.error;
  const setup = await client.rpc('setup_new_user', { auth_user_id: user.id });
  if (setup.error) throw setup.error;
  if (!throughWizard) {
    const { url: notionUrl, demoKey } = app.stack.sandboxes!.notion;
    const stack = { apiUrl: app.stack.apiUrl, anonKey: app.stack.anonKey, notionUrl, demoKey };
    await timed('setting', () =>
      saveActiveSetting(client, stack, { name: 'Capture CRM', mapping: everyFieldMapped(followUps) }),
    );
  }
  await signInUser(page, app, user);
  if (throughWizard) await timed('setting', () => wizardSetting(page, app));
  if (!customizeHelp) {
    const off = await client.from('settings').update({ customize_help: false }).eq('name', 'Capture CRM');
    if (off.error) throw off.error;
  }
  // not signOut(): its default scope ends every session of the user, the browser's too
  return user;
}

/** "Capture CRM" through the wizard's four steps on the demo workspace's "CRM People", every field mapped. */
async function wizardSetting(page: Page, app: TestApp) {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await page.getByText('No workspaces found. You can create a new one.').waitFor();
  await addWorkspace(page, app.stack.sandboxes!.notion.demoKey);
  await page.getByRole('button', { name: 'Sidenote Demo', exact: true }).click();
  await page.getByRole('button', { name: 'CRM People', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  for (const spec of PROFILE_FIELDS) {
    const property = MAPPED[spec.field];
    if (property) await page.getByLabel(FIELD_LABELS[spec.field], { exact: true }).selectOption({ label: property });
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Setting name').fill('Capture CRM');
  await page.getByRole('button', { name: 'Save Setting' }).click();
  await waitForPath(page, '/', 8_000);
}

/** Opens the harness (optionally silent, or with the app on `path`) and returns the app's frame. */
export async function openHarness(page: Page, harness: RunningHarness, query = ''): Promise<FrameLocator> {
  await page.goto(`${harness.url}/${query}`);
  return page.frameLocator('iframe#app');
}

/**
 * Makes `url` the harness's tab URL and reports it to the app, as its "Open URL" form does, by
 * calling the harness's `open`. Not by typing into the form: the framed app moves focus to each
 * new screen's heading, and a move between fill's select and its typing leaves the field empty —
 * an empty URL reported and the app on NotLinkedIn (seen under load in capture-harness).
 */
export async function openTabUrl(page: Page, url: string): Promise<void> {
  await page.evaluate((tab) => (window as unknown as { harness: { open(url: string): void } }).harness.open(tab), url);
  const current = await page.locator('#current').textContent();
  if (current !== url) throw new Error(`the harness's tab is ${JSON.stringify(current)}, not ${url}`);
}

/** Path and query of the framed app (the harness's iframe). */
export const appPath = (page: Page, app: TestApp) => {
  const frame = page.frames().find((f) => f.url().startsWith(app.appUrl));
  const url = new URL(frame?.url() ?? 'about:blank');
  return url.pathname + url.search;
};

type NotionPage = {
  id: string;
  icon: unknown;
  parent: Record<string, string>;
  properties: Record<string, Record<string, unknown>>;
};

/** Pages of "CRM People" (its contacts data source) whose URL contains `fragment`, straight from the sandbox. */
export async function crmPages(app: TestApp, fragment: string): Promise<NotionPage[]> {
  const { url, demoKey } = app.stack.sandboxes!.notion;
  const response = await fetch(`${url}/v1/data_sources/${SEED_IDS.dataSources.people}/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demoKey}`, 'notion-version': '2026-03-11', 'content-type': 'application/json' },
    body: JSON.stringify({ filter: { property: 'LinkedIn URL', url: { contains: fragment } }, page_size: 100 }),
  });
  return ((await response.json()) as { results: NotionPage[] }).results;
}

export const plainText = (property: Record<string, unknown>) =>
  ((property.title ?? property.rich_text ?? []) as { plain_text: string }[]).map((t) => t.plain_text).join('');

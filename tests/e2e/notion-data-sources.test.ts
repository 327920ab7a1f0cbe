/**
 * Issue 14 in Chromium: the user's CRM database gains a second data source after their setting
 * was saved — as people add a "Leads" source beside "Contacts" in Notion. Under Notion-Version
 * 2022-06-28 that database can no longer be queried, written into or related to (Notion's
 * upgrade guide; the sandbox answers the same); Sidenote speaks 2026-03-11, so the check still
 * answers, Add still creates the page in the setting's data source, and a relation into a
 * database that also has two data sources is written and read back through the proxy.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { signInWithForm, waitForPath } from './support/access.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import {
  capturingUser,
  crmPages,
  openHarness,
  openTabUrl,
  plainText,
  startCaptureApp,
  type CaptureApp,
} from './support/capture.ts';

const ADD_TITLE = 'Add this profile to your Notion CRM?';
const { databases, dataSources } = SEED_IDS;

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;
/** A user whose setting row was written the old way: a database id, no data source. */
let legacy: { email: string; password: string; settingId: string };

/**
 * Makes a user with a setting (through the wizard, on another device), then rewrites their
 * setting as the app wrote it before data sources: the same columns but the data source's.
 */
async function legacyUser() {
  const device = await launchBrowser();
  const user = await capturingUser(await device.context.newPage(), capture.app, 'legacy-source');
  await device.close();
  const service = capture.app.stack.serviceClient();
  const { data: profile } = await service
    .from('profiles')
    .select('id, active_setting_id')
    .eq('auth_id', user.id)
    .single();
  const { data: saved } = await service.from('settings').select('*').eq('id', profile!.active_setting_id!).single();
  const { id: _id, notion_data_source_id: _source, created_at: _c, updated_at: _u, ...oldColumns } = saved!;
  await service.from('settings').delete().eq('id', saved!.id);
  const { data: written, error } = await service.from('settings').insert(oldColumns).select('id').single();
  if (error) throw error;
  await service.from('profiles').update({ active_setting_id: written.id }).eq('id', profile!.id);
  return { email: user.email, password: user.password, settingId: written.id as string };
}

beforeAll(async () => {
  capture = await startCaptureApp({
    dev: 'a test imports the app’s own modules into its frame, as the dev server serves them',
  });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'data-sources');
  legacy = await legacyUser();
  // after the setting was saved, both databases gain a second data source
  const notion = capture.app.stack.sandboxes!.notion;
  notion.addDataSource(databases.people, 'Leads');
  notion.addDataSource(databases.companies, 'Partners');
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

/** A call straight to the sandbox with the demo key, in the given Notion-Version. */
async function sandboxCall(version: string, method: string, path: string, body?: unknown) {
  const { url, demoKey } = capture.app.stack.sandboxes!.notion;
  const response = await fetch(`${url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${demoKey}`, 'notion-version': version, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function openProfile(url: string, on = page): Promise<FrameLocator> {
  const frame = await openHarness(on, capture.harness);
  await openTabUrl(on, url);
  return frame;
}

const appFrame = (): Frame => page.frames().find((f) => f.url().startsWith(capture.app.appUrl))!;

describe('a contacts database that gained a second data source', () => {
  test('the old API version can no longer use it (why the upgrade matters)', async () => {
    const legacy = await sandboxCall('2022-06-28', 'POST', `/databases/${databases.people}/query`, { page_size: 1 });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject({ code: 'validation_error' });
    const container = await sandboxCall('2026-03-11', 'GET', `/databases/${databases.people}`);
    expect((container.body.data_sources as { name: string }[]).map((s) => s.name)).toEqual(['CRM People', 'Leads']);
  });

  test('the check still finds a saved profile', async () => {
    const frame = await openProfile('https://www.linkedin.com/in/max-connector');
    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Max Connector' })
      .waitFor({ timeout: 20_000 });
  });

  test('Add creates the page in the setting’s data source', async () => {
    const frame = await openProfile('https://www.linkedin.com/in/olga-ivanova');
    await frame.getByText(ADD_TITLE).waitFor({ timeout: 20_000 });
    expect(await crmPages(capture.app, 'olga-ivanova')).toHaveLength(0);
    await frame.getByRole('button', { name: 'Add profile' }).click();
    await frame.getByTestId('notion-profile').getByRole('heading').first().waitFor({ timeout: 15_000 });
    const created = await crmPages(capture.app, 'olga-ivanova');
    expect(created).toHaveLength(1);
    expect(created[0].parent).toMatchObject({ type: 'data_source_id', data_source_id: dataSources.people });
    expect(plainText(created[0].properties['First name'])).toBe('Ольга');
  });

  test('a relation into a database with two data sources is written and read back', async () => {
    const [person] = await crmPages(capture.app, 'olga-ivanova');
    const company = SEED_IDS.page(databases.companies, 'Company 01');
    // the app's own Notion client, in the app's frame, through the proxy with the user's session
    const readBack = await appFrame().evaluate(
      async ({ source, personId, companyId }) => {
        // served by the app's Vite dev server: the very modules the app runs (a Function, so
        // the test runner does not rewrite this import() as one of its own)
        const load = new Function('path', 'return import(path)') as (path: string) => Promise<unknown>;
        const { notion } = (await load(
          '/src/data/notion/appNotion.ts',
        )) as typeof import('../../src/data/notion/appNotion.ts');
        const { readActiveSetting } = (await load(
          '/src/data/db/activeSetting.ts',
        )) as typeof import('../../src/data/db/activeSetting.ts');
        const { relationPageIds, relationTargetOf, relationValue } = (await load(
          '/src/domain/notion/relations.ts',
        )) as typeof import('../../src/domain/notion/relations.ts');
        const workspaceId = (await readActiveSetting())!.value.setting.workspace_id;
        const schema = await notion.dataSource(workspaceId, source);
        const companies = schema.properties.find((p) => p.name === 'Companies')!;
        const target = relationTargetOf(companies);
        const candidates = await notion.queryDataSourcePage(workspaceId, target!, undefined, { pageSize: 100 });
        await notion.updatePage(workspaceId, personId, { properties: { [companies.id]: relationValue([companyId]) } });
        const saved = await notion.page(workspaceId, personId);
        const value = Object.values(saved.properties).find((p) => p.id === companies.id);
        return { target, candidates: candidates.results.map((p) => p.id), related: relationPageIds(value) };
      },
      { source: dataSources.people, personId: person.id, companyId: company },
    );
    expect(readBack.target).toBe(dataSources.companies);
    expect(readBack.candidates).toContain(company);
    expect(readBack.related).toEqual([company]);
    // and Notion holds it
    const stored = await sandboxCall('2026-03-11', 'GET', `/pages/${person.id}`);
    const properties = stored.body.properties as Record<string, { relation?: { id: string }[] }>;
    expect(properties.Companies.relation).toEqual([{ id: company }]);
  });

  test('a setting saved before data sources (database id only) finds its data source on first use and keeps it', async () => {
    const service = capture.app.stack.serviceClient();
    const sourceOf = async () =>
      (await service.from('settings').select('notion_data_source_id').eq('id', legacy.settingId).single()).data!
        .notion_data_source_id;
    expect(await sourceOf()).toBeNull();
    // a device that never saw the setting: nothing cached, the setting comes from the profile
    const device = await launchBrowser();
    try {
      const panel = await device.context.newPage();
      await signInWithForm(panel, capture.app, legacy.email, legacy.password);
      await waitForPath(panel, '/');
      const frame = await openProfile('https://www.linkedin.com/in/max-connector', panel);
      // found: the card, or the page view the panel opens for a found person
      await frame.getByText('Max Connector', { exact: true }).first().waitFor({ timeout: 20_000 });
      // the contacts' source (it holds the mapped properties), not the "Leads" added since
      await expect.poll(sourceOf, { timeout: 10_000 }).toBe(dataSources.people);
    } finally {
      await device.close();
    }
  });
});

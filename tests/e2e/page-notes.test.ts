/**
 * Notes on the page view (issue 36) in Chromium, production build with its service worker,
 * Notion sandbox through the proxy: a note written offline waits in the outbox, and after
 * reconnecting it is on the Notion page exactly once (read back from the sandbox); an empty
 * note is refused with a text.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { notesFromBlocks } from '../../src/domain/notes/noteBlocks.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';

let app: TestApp;
let browser: TestBrowser;
let panel: Page;

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  await capturingUser(panel, app, 'notes');
  await panel.evaluate(() => navigator.serviceWorker.ready);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const notesOn = async (pageId: string) =>
  notesFromBlocks(
    ((await sandboxCall(app, 'GET', `/blocks/${pageId}/children?page_size=100`)) as { results: [] }).results,
  );

test('a note written offline appears once in Notion after reconnecting; an empty one is refused', async () => {
  const created = await sandboxCall(app, 'POST', '/pages', {
    parent: { data_source_id: SEED_IDS.dataSources.people },
    properties: { Name: { title: [{ text: { content: `Nia Notes ${Date.now()}` } }] } },
  });
  const pageId = created.id as string;
  await panel.goto(`${app.appUrl}/notion-profile?id=${pageId}`);
  const field = panel.getByLabel('New note');
  await field.waitFor({ timeout: 15_000 });
  await panel.getByRole('button', { name: 'Save note' }).click();
  await panel.getByRole('alert').filter({ hasText: 'A note cannot be empty.' }).waitFor();

  await browser.context.setOffline(true);
  await field.fill('Met at the fair.\nCall back in spring.');
  await panel.getByRole('button', { name: 'Save note' }).click();
  await panel
    .getByRole('list', { name: 'Notes waiting to be sent' })
    .getByText(/Call back in spring/)
    .waitFor();
  expect(await notesOn(pageId)).toEqual([]);

  await browser.context.setOffline(false);
  await expect
    .poll(async () => (await notesOn(pageId)).map((note) => note.text), { timeout: 30_000 })
    .toEqual(['Met at the fair.\nCall back in spring.']);
  await panel.getByRole('list', { name: 'Notes waiting to be sent' }).waitFor({ state: 'detached', timeout: 15_000 });
  expect((await notesOn(pageId)).length).toBe(1);
  await panel
    .getByRole('list', { name: 'Latest notes' })
    .getByText(/Call back in spring/)
    .waitFor({ timeout: 15_000 });
});

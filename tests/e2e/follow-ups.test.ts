/**
 * Follow-ups from the page view (issue 36) in Chromium, production build with its service
 * worker, Notion sandbox through the proxy: with the setting mapping "Next follow-up" and
 * "Stage", the page view offers quick follow-up dates and the stage's options as chips; each
 * choice is an outbox write that reaches Notion (read back from the sandbox, not our state).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { daysAfter } from '../../src/domain/followUps/followUpDates.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';
import { notionProperties } from './support/pageRows.ts';

let app: TestApp;
let browser: TestBrowser;
let panel: Page;

/** A new person in CRM People (the seed's people are other tests'). */
async function newPerson(name: string): Promise<string> {
  const page = await sandboxCall(app, 'POST', '/pages', {
    parent: { data_source_id: SEED_IDS.dataSources.people },
    properties: { Name: { title: [{ text: { content: name } }] } },
  });
  return page.id as string;
}

const followUp = () => panel.getByRole('region', { name: 'Follow-up' });

async function openPerson(id: string) {
  await panel.goto(`${app.appUrl}/notion-profile?id=${id}`);
  await followUp().getByRole('button', { name: 'Tomorrow' }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  await capturingUser(panel, app, 'follow-ups', { followUps: true });
  await panel.evaluate(() => navigator.serviceWorker.ready);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('stage chips write the status; quick choices and a picked date write the next follow-up', async () => {
  const ada = await newPerson(`Ada Follow ${Date.now()}`);
  await openPerson(ada);
  const chip = followUp().getByRole('button', { name: 'Meeting booked' });
  await chip.click();
  await expect
    .poll(async () => (await notionProperties(app, ada)).Stage.status, { timeout: 20_000 })
    .toMatchObject({
      name: 'Meeting booked',
    });
  await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');

  await followUp().getByRole('button', { name: 'In 3 days' }).click();
  const inThreeDays = daysAfter(new Date(), 3);
  await expect
    .poll(async () => (await notionProperties(app, ada))['Next follow-up'].date, { timeout: 20_000 })
    .toMatchObject({ start: inThreeDays });
  await followUp().getByLabel('A date').fill('2026-01-15');
  await expect
    .poll(async () => (await notionProperties(app, ada))['Next follow-up'].date, { timeout: 20_000 })
    .toMatchObject({ start: '2026-01-15' });
});

test('two people with a follow-up due are on the Follow-ups screen, oldest first, counted in the header; one moved to next week is gone', async () => {
  const stamp = Date.now();
  const [first, second] = [`Bea Due ${stamp}`, `Cy Due ${stamp}`];
  const bea = await newPerson(first);
  const cy = await newPerson(second);
  await openPerson(bea);
  await followUp().getByLabel('A date').fill('2026-01-02');
  await openPerson(cy);
  await followUp().getByLabel('A date').fill(daysAfter(new Date(), 0));
  await expect
    .poll(async () => (await notionProperties(app, cy))['Next follow-up'].date, { timeout: 20_000 })
    .toMatchObject({ start: daysAfter(new Date(), 0) });
  await expect
    .poll(async () => (await notionProperties(app, bea))['Next follow-up'].date, { timeout: 20_000 })
    .toMatchObject({ start: '2026-01-02' });

  const queries: string[] = [];
  panel.on('request', (request) => {
    if (/\/api\/notion\/v1\/data_sources\/[^/]+\/query$/.test(new URL(request.url()).pathname))
      queries.push(request.url());
  });
  await panel.goto(`${app.appUrl}/follow-ups`);
  const list = panel.getByTestId('follow-ups').getByRole('listitem');
  const ours = list.filter({ hasText: String(stamp) });
  await expect
    .poll(() => ours.allTextContents(), { timeout: 20_000 })
    .toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
  expect(queries).toHaveLength(1); // cold: one Notion query
  const badge = panel.getByTestId('follow-up-count');
  await expect
    .poll(async () => Number((await badge.textContent())?.replace(/\D/g, '')), { timeout: 10_000 })
    .toBe(await list.count());

  await ours.getByRole('link', { name: second }).click();
  await followUp().getByRole('button', { name: 'Next week' }).click();
  await expect
    .poll(async () => (await notionProperties(app, cy))['Next follow-up'].date, { timeout: 20_000 })
    .toMatchObject({ start: daysAfter(new Date(), 7) });
  await panel.goto(`${app.appUrl}/follow-ups`);
  await expect.poll(() => ours.allTextContents(), { timeout: 20_000 }).toEqual([expect.stringContaining(first)]);
});

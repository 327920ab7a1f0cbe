/**
 * Yardsticks of the accessibility browser tests: axe-core's WCAG 2.1 A/AA rules (serious and
 * critical findings, described so a failure says what and where), the 320 px width (no sideways
 * scroll) and a one-line header; and a failed and a conflicting outbox edit written straight
 * into IndexedDB, so the outbox panel can be reached without making Notion refuse anything.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { localDb } from './localDb.ts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const NARROWEST_PANEL_PX = 320;
/** A header of one line: its 2 rem buttons and padding, well under two lines (it wrapped to 90 px). */
export const ONE_LINE_HEADER_PX = 48;

/** The serious and critical WCAG violations on the page as it is, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The page as it is now, in the light and the dark theme: no serious axe finding, no sideways scroll. */
export async function expectAccessibleInBothThemes(page: Page, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.body.className)).toContain(colorScheme);
    expect(await seriousViolations(page), `${state} (${colorScheme})`).toEqual([]);
  }
  expect(await pageWidth(page), `${state}: width`).toBeLessThanOrEqual(NARROWEST_PANEL_PX);
}

export const headerHeight = (page: Page) =>
  page.evaluate(() => document.querySelector('header.app-header')?.getBoundingClientRect().height ?? 0);

/** What the header holds and how wide each is (to say why it wrapped). */
export const headerWidths = (page: Page) =>
  page.evaluate(() =>
    [...(document.querySelector('header.app-header')?.children ?? [])]
      .map((child) => `${child.textContent?.trim()}: ${Math.round(child.getBoundingClientRect().width)}`)
      .join(', '),
  );

/** Adds a failed and a conflicting City edit of made-up pages to the signed-in user's outbox. */
export async function injectOutboxTrouble(page: Page, authId: string, workspaceId: string) {
  const now = Date.now();
  const base = { authId, workspaceId, propertyId: 'city', baseAt: now, editedAt: now, sentValues: [] };
  const text = (content: string) => ({ rich_text: [{ type: 'text', text: { content } }] });
  const rows = [
    {
      ...base,
      pageId: 'a11y-failed-page',
      value: text('Lyon'),
      base: text('Paris'),
      label: { page: 'Ada Lovelace', property: 'City' },
      state: 'failed',
      dueAt: now,
      attempts: 1,
      inFlightSince: null,
      error: { reason: { kind: 'notFound' }, message: 'Could not find page' },
    },
    {
      ...base,
      pageId: 'a11y-conflict-page',
      value: text('Nantes'),
      base: text('Paris'),
      label: { page: 'Grace Hopper', property: 'City' },
      state: 'conflict',
      dueAt: now,
      attempts: 0,
      inFlightSince: null,
      theirs: text('Berlin'),
    },
  ];
  await localDb(page, 'outbox', { op: 'add', rows });
}

/**
 * The NotionProfile screen's property rows as the page-editor tests reach them: a row by the
 * property's name, its edit button, the header's pending count; and a page's properties as the
 * Notion sandbox holds them (read back from Notion, never from our own state).
 */
import type { Page } from 'playwright-core';
import type { TestApp } from './app.ts';
import { sandboxCall } from './notionSandbox.ts';

/** Notion's property values of a page, by property name. */
export type NotionProperties = Record<string, Record<string, unknown> & { type: string }>;

export const notionProperties = async (app: TestApp, pageId: string): Promise<NotionProperties> =>
  ((await sandboxCall(app, 'GET', `/pages/${pageId}`)) as { properties: NotionProperties }).properties;

/** The rows of the panel `panel()` shows (a getter: the tests open their panel in beforeAll). */
export function pageRows(panel: () => Page) {
  const row = (name: string) => panel().locator(`.page-property[data-property="${name}"]`);
  return {
    row,
    edit: (name: string) =>
      row(name)
        .getByRole('button', { name: `Edit ${name}` })
        .click(),
    /** 1 while the header shows a pending count, else 0. */
    pending: () => panel().getByTestId('pending-count').count(),
  };
}

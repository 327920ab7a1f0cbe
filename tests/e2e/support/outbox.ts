/**
 * The header's outbox status as a person reads it: the count of edits that did not reach
 * Notion, and the panel listing them (with the spec's text, Retry and Discard).
 */
import type { Locator, Page } from 'playwright-core';

export const failedCount = (page: Page) => page.getByTestId('failed-count');

/** Opens the header's panel of failed and conflicting edits (unless it is open) and returns it. */
export async function openFailedChanges(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: /failed/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('region', { name: 'Changes that did not reach Notion' });
}

/**
 * Drag and drop as a person does it with a pointer, for the dnd-kit boards (the Customize
 * Properties Display modal): press, move a little (dnd-kit starts a drag after 4 px), move to
 * the target in steps, release near its top.
 */
import type { Locator, Page } from 'playwright-core';

export async function drag(page: Page, source: Locator, target: Locator) {
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 20), { steps: 15 });
  await page.waitForTimeout(250); // the 200 ms animation settles
  await page.mouse.up();
  await page.waitForTimeout(250); // and again: a click right after a drop is the drop's (dnd-kit swallows it)
}

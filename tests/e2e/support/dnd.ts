/**
 * Drag and drop as a person does it with a pointer, for the dnd-kit boards (the Customize
 * Properties Display modal): press, move a little (dnd-kit starts a drag after 4 px), move to
 * the target in steps, release near its top once the board is still.
 */
import type { Locator, Page } from 'playwright-core';

/** dnd-kit's pointer sensor keeps swallowing clicks for this long after a release (a timer it starts then). */
const CLICK_GUARD_MS = 50;

/**
 * Resolves once the board under `within` has stopped moving: none of its transitions (the 200 ms
 * moves) running, and none of its items where it was not the frame before — a keyboard move may
 * scroll the modal smoothly, the picked-up item staying put while the others pass under it. A
 * drop before that lands where the item is passing, not where it goes.
 */
export const boardStill = (within: Locator) =>
  within.evaluate(
    (board) =>
      new Promise<void>((resolve) => {
        let before: string | undefined;
        const look = () => {
          const moving = document
            .getAnimations()
            .some((animation) => board.contains((animation.effect as KeyframeEffect | null)?.target ?? null));
          const places = JSON.stringify(
            [...board.querySelectorAll('.display-item')].map((item) => {
              const { x, y } = item.getBoundingClientRect();
              return [x, y];
            }),
          );
          if (!moving && places === before) return resolve();
          before = places;
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );

export async function drag(page: Page, source: Locator, target: Locator, board: Locator) {
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 20), { steps: 15 });
  await boardStill(board);
  await page.mouse.up();
  // A click right after a drop is the drop's: dnd-kit swallows clicks until its timer, started at
  // the release, runs. A timer as long, started after the release, runs after it.
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), CLICK_GUARD_MS);
}

/**
 * The page's `fetch` to Notion: one client-side rate budget and one layer that waits out a 429
 * for every Notion call of this browser (issue 31). While the service worker controls the page,
 * every call passes the worker's route (sw/notionRoute.ts), which takes from the worker's budget
 * and sends a 429 again once: the page adds neither, so one call is sent at most twice end to
 * end (a budget here too sent it up to 3 × 3 times). Without a controlling worker (its first
 * load, a browser without one) the page's own budget does both (rateBudget.ts).
 *
 * What must stay true: a call takes from exactly one budget, whichever context sends it.
 */
import { budgetedFetch, createRateBudget, type RateBudget } from './rateBudget.ts';
import { timedFetch } from './timedFetch.ts';

/** Whether a service worker controls this page now (its route fronts the Notion proxy). */
const workerControls = (): boolean => Boolean(globalThis.navigator?.serviceWorker?.controller);

export function pageNotionFetch(
  controlled: () => boolean = workerControls,
  budget: RateBudget = createRateBudget(),
): typeof fetch {
  const ownBudget = budgetedFetch(timedFetch, budget);
  return (input, init) => (controlled() ? timedFetch(input, init) : ownBudget(input, init));
}

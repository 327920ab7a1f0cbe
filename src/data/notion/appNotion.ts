/**
 * The app's Notion client: the browser's fetch (with a timeout, timedFetch.ts) and the current
 * Supabase session's token, every call — reads and outbox writes alike — taken from one rate
 * budget (rateBudget.ts); its error answers are reported to the operators. The service worker
 * builds its own for its drains (sw/outboxDrain.ts: its budget, the mirrored token) and reports
 * their error answers the same way (operatorsChannel.ts); it drains only while no page does
 * (the outbox's lock), so the two budgets do not add up.
 */
import { reportNotionErrorAnswer } from '../functions/notifyOperators.ts';
import { supabase } from '../supabase/client.ts';
import { createNotionClient } from './client.ts';
import { budgetedFetch, createRateBudget } from './rateBudget.ts';
import { timedFetch } from './timedFetch.ts';

export const notion = createNotionClient({
  fetch: budgetedFetch(timedFetch, createRateBudget()),
  accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  onErrorAnswer: reportNotionErrorAnswer,
});

/**
 * The app's Notion client: the browser's fetch (with a timeout, timedFetch.ts) and the current
 * Supabase session's token, every call — reads and outbox writes alike — taken from one rate
 * budget (rateBudget.ts); its error answers are reported to the operators. `notionWith` makes
 * one with another token source on the same budget: the page's outbox drainer sends with its
 * account's token only (src/data/outbox/accountSession.ts). The service worker
 * builds its own for its drains (sw/outboxDrain.ts: its budget, the mirrored token) and reports
 * their error answers the same way (operatorsChannel.ts); it drains only while no page does
 * (the outbox's lock), so the two budgets do not add up.
 */
import { reportNotionErrorAnswer } from '../functions/notifyOperators.ts';
import { supabase } from '../supabase/client.ts';
import { createNotionClient } from './client.ts';
import { budgetedFetch, createRateBudget } from './rateBudget.ts';
import { timedFetch } from './timedFetch.ts';

const budgeted = budgetedFetch(timedFetch, createRateBudget());

export const notionWith = (accessToken: () => Promise<string | null>) =>
  createNotionClient({ fetch: budgeted, accessToken, onErrorAnswer: reportNotionErrorAnswer });

export const notion = notionWith(async () => (await supabase.auth.getSession()).data.session?.access_token ?? null);

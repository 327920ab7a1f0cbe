/**
 * The app's Notion client: the page's fetch (pageNotionFetch.ts: the worker's one budget and
 * 429 retry while it controls the page, else the page's own) and the current Supabase
 * session's token, for every call — reads and outbox writes alike; its error answers are
 * reported to the operators. `notionWith` makes one with another token source on the same
 * fetch: the page's outbox drainer sends with its account's token only
 * (src/data/outbox/accountSession.ts). The service worker builds its own for its drains
 * (sw/outboxDrain.ts: the worker's budget, the mirrored token) and reports their error answers
 * the same way (operatorsChannel.ts).
 */
import { reportNotionErrorAnswer } from '../functions/notifyOperators.ts';
import { supabase } from '../supabase/client.ts';
import { createNotionClient } from './client.ts';
import { pageNotionFetch } from './pageNotionFetch.ts';

const notionFetch = pageNotionFetch();

export const notionWith = (accessToken: () => Promise<string | null>) =>
  createNotionClient({ fetch: notionFetch, accessToken, onErrorAnswer: reportNotionErrorAnswer });

export const notion = notionWith(async () => (await supabase.auth.getSession()).data.session?.access_token ?? null);

/**
 * `accountSession`: the drain session of one account, for a context whose session can change
 * under it (issue 32, item 5). A page's tab shares supabase-js's session with every other tab:
 * a sign-out there leaves this tab with none, another user's sign-in with theirs — while this
 * tab's drainer still drains the first account's entries. Bound here, an entry of account A is
 * only ever sent with A's token:
 * - the session is usable only while the context's current session is A's (the drainer asks
 *   before each round, drainer.ts);
 * - the Notion client's token is read at each call and is A's or nothing: another account's, or
 *   none, throws `unauthorized` before any request leaves — the entry waits for its account
 *   (classify.ts `waitsForAccount`) and the drain stops at that batch.
 * The worker pairs its mirrored session's user and token as it reads them (sw/outboxDrain.ts).
 */
import { appError } from '../errors/appError.ts';
import type { DrainSession } from './drainer.ts';

/** Whose session the context holds now, and its access token. */
export interface CurrentSession {
  authId: string;
  accessToken: string;
}

export function accountSession(
  authId: string,
  current: () => Promise<CurrentSession | null>,
  clientWith: (accessToken: () => Promise<string>) => DrainSession['notion'],
): () => Promise<DrainSession | null> {
  const notion = clientWith(async () => {
    const now = await current();
    if (now?.authId !== authId)
      throw appError({ kind: 'unauthorized' }, 'Outbox: the entry’s account is not signed in here');
    return now.accessToken;
  });
  return async () => ((await current())?.authId === authId ? { authId, notion } : null);
}

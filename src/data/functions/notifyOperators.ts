/**
 * The page's operator notifications: operatorsChannel.ts with the app's Supabase client, so
 * they are sent as the signed-in user. The channel (and the Notion failure report it writes)
 * is its own chunk, imported when the first notification is sent (issue 30); like a failed
 * send, a chunk that cannot be downloaded is only logged (operatorsChannel.ts: "the fallback
 * is logging only"), and the next notification tries again.
 */
import type { UserNotificationType } from '../../domain/operators/notificationTypes.ts';
import type { NotionCallError } from '../notion/client.ts';
import { supabase } from '../supabase/client.ts';
import type { operatorsChannel } from './operatorsChannel.ts';

type Channel = ReturnType<typeof operatorsChannel>;

let loading: Promise<Channel> | undefined;

/** Runs `send` on the channel once it has loaded; never rejects. */
async function withChannel(send: (channel: Channel) => Promise<void> | void): Promise<void> {
  loading ??= import('./operatorsChannel.ts').then((m) => m.operatorsChannel(supabase.functions));
  try {
    await send(await loading);
  } catch (error) {
    loading = undefined;
    console.error('operator notification not sent; logged only', error);
  }
}

export const notifyOperators = (message: string, type?: UserNotificationType): Promise<void> =>
  withChannel((channel) => channel.notifyOperators(message, type));

export const notifyNewUser = (): Promise<void> => withChannel((channel) => channel.notifyNewUser());

export function reportNotionErrorAnswer(failure: NotionCallError): void {
  void withChannel((channel) => channel.reportNotionErrorAnswer(failure));
}

/**
 * Operator notifications through the slack-notify edge function (spec 1 §7, §8; spec 2 §7),
 * sent with whichever session the caller has: the page's (notifyOperators.ts) or the mirrored
 * one the service worker drains with (sw/outboxDrain.ts). Notion API errors (the API-error
 * notifier), onboarding events and a new user are reported to the operators' channel.
 * A failure to notify is only logged — it counts as success and never reaches the user (spec 1
 * §7 "the fallback is logging only").
 *
 * Only the kinds a signed-in user may send (UserNotificationType); the function refuses others.
 * What is sent is the body below and nothing else: a Notion failure's text is
 * notionFailureReport's (the call, Notion's message and status — no key, no token).
 */
import type { FunctionsClient } from '@supabase/functions-js';
import type { UserNotificationType } from '../../domain/operators/notificationTypes.ts';
import { notionFailureReport } from '../../domain/operators/notionFailureReport.ts';
import type { NotionCallError } from '../notion/client.ts';

export function operatorsChannel(functions: Pick<FunctionsClient, 'invoke'>) {
  async function sendToOperators(body: { type: UserNotificationType; message?: string }): Promise<void> {
    try {
      const { error } = await functions.invoke('slack-notify', { body });
      if (error) console.error('slack-notify failed; logged only', error, body);
    } catch (error) {
      console.error('slack-notify failed; logged only', error, body);
    }
  }

  const notifyOperators = (message: string, type: UserNotificationType = 'api_error'): Promise<void> =>
    sendToOperators({ type, message });

  return {
    notifyOperators,

    /**
     * "New user registered": the function writes the notice from the signed-in account and
     * sends it once per user, so calling this on every account setup is safe.
     */
    notifyNewUser: (): Promise<void> => sendToOperators({ type: 'new_user' }),

    /**
     * The API-error notifier for Notion calls (spec 1 §8 "Each such error also notifies the
     * operators"): every error answer a Notion client gets, except those that are not the
     * operators' concern (notionFailureReport.ts), once, as an api_error.
     */
    reportNotionErrorAnswer({ method, path, body, error }: NotionCallError): void {
      const text = notionFailureReport({
        method,
        path,
        body,
        reason: error.reason,
        code: error.debug.code,
        status: error.debug.status,
        message: error.message,
      });
      if (text !== undefined) void notifyOperators(text);
    },
  };
}

/**
 * Operator notifications through the slack-notify edge function (spec 1 §7, §8; spec 2 §7):
 * Notion API errors, onboarding events and a new user are reported to the operators' channel.
 * A failure to notify is only logged — it counts as success and never reaches the user (spec 1
 * §7 "the fallback is logging only").
 *
 * Only the kinds a signed-in user may send (UserNotificationType); the function refuses others.
 */
import type { UserNotificationType } from '../../domain/operators/notificationTypes.ts';
import { supabase } from '../supabase/client.ts';

async function sendToOperators(body: { type: UserNotificationType; message?: string }): Promise<void> {
  try {
    const { error } = await supabase.functions.invoke('slack-notify', { body });
    if (error) console.error('slack-notify failed; logged only', error, body);
  } catch (error) {
    console.error('slack-notify failed; logged only', error, body);
  }
}

export function notifyOperators(message: string, type: UserNotificationType = 'api_error'): Promise<void> {
  return sendToOperators({ type, message });
}

/**
 * "New user registered": the function writes the notice from the signed-in account and sends it
 * once per user, so calling this on every account setup is safe.
 */
export function notifyNewUser(): Promise<void> {
  return sendToOperators({ type: 'new_user' });
}

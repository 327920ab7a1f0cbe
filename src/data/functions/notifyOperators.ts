/**
 * Operator notifications through the slack-notify edge function (spec 1 §7, §8): Notion API
 * errors are reported to the operators' channel. A failure to notify is only logged — it
 * counts as success and never reaches the user (spec 1 §7 "the fallback is logging only").
 */
import type { NotificationType } from '../../domain/operators/notificationTypes.ts';
import { supabase } from '../supabase/client.ts';

export async function notifyOperators(message: string, type: NotificationType = 'api_error'): Promise<void> {
  try {
    const { error } = await supabase.functions.invoke('slack-notify', { body: { type, message } });
    if (error) console.error('slack-notify failed; logged only', error, message);
  } catch (error) {
    console.error('slack-notify failed; logged only', error, message);
  }
}

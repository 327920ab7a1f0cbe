/**
 * Sync Now (spec 2 §7 `POST sync-stripe-cron` with the signed-in admin's bearer token, body
 * `{run_type: "manual"}`): reconciles every team with Stripe and writes one sync log row. An
 * HTTP error is thrown as an `AppError` whose message is 'API error: {status}' (spec 2 §8),
 * whatever the body said; a lost connection as the connection failure it is.
 */
import { syncApiError } from '../../domain/admin/adminTexts.ts';
import { AppError } from '../errors/appError.ts';
import { invokeError } from '../errors/edgeFunction.ts';
import { supabase } from '../supabase/client.ts';

export async function runStripeSync(): Promise<void> {
  const { error } = await supabase.functions.invoke('sync-stripe-cron', { body: { run_type: 'manual' } });
  if (!error) return;
  const failure = await invokeError(error);
  const { status } = failure.debug;
  throw status === undefined ? failure : new AppError(failure.reason, syncApiError(status), failure.debug);
}

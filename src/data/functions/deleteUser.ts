/**
 * The delete-user-complete edge function (spec 2 §7 delete_user_complete {target_email}, one
 * call per user): deletes the user and everything of theirs, avatar files included. Answers
 * the server's `{success, message}` as it came (the screen reads its shape); a refusal or
 * failure is thrown as an `AppError` carrying the function's message.
 */
import { invokeError } from '../errors/edgeFunction.ts';
import { supabase } from '../supabase/client.ts';

export async function callDeleteUser(email: string): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke<unknown>('delete-user-complete', {
    body: { target_email: email },
  });
  if (error) throw await invokeError(error);
  return data;
}

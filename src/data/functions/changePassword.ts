/**
 * The change-password edge function (spec 1 §7): POST {current_password, new_password} with
 * the session's token as bearer; answers {success, message}. The current password is checked
 * on the server, never here. A refusal is thrown as an `AppError` carrying the function's
 * message, or 'Failed to update password' when it gave none.
 */
import { AppError } from '../errors/appError.ts';
import { invokeError } from '../errors/edgeFunction.ts';
import { supabase } from '../supabase/client.ts';

interface ChangePasswordAnswer {
  success: boolean;
  message: string;
}

export const PASSWORD_UPDATE_FAILED = 'Failed to update password';

/** The function's success message. */
export async function callChangePassword(currentPassword: string, newPassword: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<ChangePasswordAnswer>('change-password', {
    body: { current_password: currentPassword, new_password: newPassword },
  });
  if (error) throw await invokeError(error, PASSWORD_UPDATE_FAILED);
  if (!data?.success) {
    throw new AppError({ kind: 'server' }, data?.message || PASSWORD_UPDATE_FAILED, { source: 'function', body: data });
  }
  return data.message;
}

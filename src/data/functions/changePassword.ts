/**
 * The change-password edge function (spec 1 §7): POST {current_password, new_password} with
 * the session's token as bearer; answers {success, message}. The current password is checked
 * on the server, never here.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../supabase/client.ts';

export interface ChangePasswordResult {
  success: boolean;
  message: string;
}

export const PASSWORD_UPDATE_FAILED = 'Failed to update password';

export async function callChangePassword(currentPassword: string, newPassword: string): Promise<ChangePasswordResult> {
  const { data, error } = await supabase.functions.invoke<ChangePasswordResult>('change-password', {
    body: { current_password: currentPassword, new_password: newPassword },
  });
  if (error instanceof FunctionsHttpError) {
    const body = (await error.context.json().catch(() => null)) as Partial<ChangePasswordResult> | null;
    return { success: false, message: body?.message || PASSWORD_UPDATE_FAILED };
  }
  if (error || !data) return { success: false, message: PASSWORD_UPDATE_FAILED };
  return { success: data.success === true, message: data.message || (data.success ? '' : PASSWORD_UPDATE_FAILED) };
}

/**
 * What the profile screen does (spec 1 §2, §4, §7, §8): load the user's profile and avatar,
 * save one field, replace or delete the avatar, change the password through the edge function.
 * Failures become the spec's messages here, once.
 */
import type { User } from '@supabase/supabase-js';
import { canChangePassword, PASSWORD_CHANGE_INVALID } from '../../domain/auth/passwordRules.ts';
import { avatarExtension, avatarFileError } from '../../domain/profile/avatarRules.ts';
import { callChangePassword } from '../../data/functions/changePassword.ts';
import { currentSession } from '../../data/supabase/auth.ts';
import { deleteAvatar, findAvatarUrl, storeAvatar } from '../../data/supabase/avatars.ts';
import {
  ensureProfile,
  updateProfileField,
  type EditableProfileField,
  type ProfileRow,
} from '../../data/supabase/profiles.ts';
import { FAILED_TO_LOAD_IMAGE, FAILED_TO_READ_FILE, resizeAvatar } from './resizeAvatar.ts';

export type { EditableProfileField, ProfileRow };

export const USER_UNAVAILABLE = 'User information is unavailable. Please try logging in again.';
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
export const AVATAR_UPDATED = 'Avatar updated!';
export const UPLOAD_FAILED = 'Failed to upload avatar';
export const DELETE_FAILED = 'Failed to delete avatar';
export const LOGIN_TO_UPLOAD = 'User must be logged in to upload avatar';

export interface ProfileData {
  user: User;
  profile: ProfileRow;
  avatarUrl: string | null;
  /** Password change is offered to e-mail accounts only (spec 1 §6). */
  canChangePassword: boolean;
}

export async function loadProfile(): Promise<ProfileData> {
  const session = await currentSession();
  if (!session) throw new Error(USER_UNAVAILABLE);
  const [profile, avatarUrl] = await Promise.all([
    ensureProfile(session.user.id),
    findAvatarUrl(session.user.id).catch(() => null),
  ]);
  const provider = session.user.app_metadata?.provider;
  return { user: session.user, profile, avatarUrl, canChangePassword: provider === 'email' };
}

export const saveProfileField = (profileId: string, field: EditableProfileField, value: string) =>
  updateProfileField(profileId, field, value.trim());

export type Outcome<T = undefined> = { ok: true; value: T } | { ok: false; message: string };

export async function replaceAvatar(file: File | null | undefined): Promise<Outcome<string>> {
  const invalid = avatarFileError(file);
  if (invalid || !file) return { ok: false, message: invalid ?? UPLOAD_FAILED };
  const session = await currentSession();
  if (!session) return { ok: false, message: LOGIN_TO_UPLOAD };
  let image: Blob;
  try {
    image = await resizeAvatar(file);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return {
      ok: false,
      message: [FAILED_TO_READ_FILE, FAILED_TO_LOAD_IMAGE].includes(message) ? message : UPLOAD_FAILED,
    };
  }
  try {
    return { ok: true, value: await storeAvatar(session.user.id, avatarExtension(image.type), image) };
  } catch (error) {
    console.error('avatar upload failed', error);
    return { ok: false, message: UPLOAD_FAILED };
  }
}

export async function removeAvatar(): Promise<Outcome> {
  const session = await currentSession();
  if (!session) return { ok: false, message: SESSION_EXPIRED };
  try {
    await deleteAvatar(session.user.id);
    return { ok: true, value: undefined };
  } catch (error) {
    console.error('avatar delete failed', error);
    return { ok: false, message: DELETE_FAILED };
  }
}

export async function changePassword(current: string, next: string, confirmation: string): Promise<Outcome<string>> {
  if (!canChangePassword(current, next, confirmation)) return { ok: false, message: PASSWORD_CHANGE_INVALID };
  if (!(await currentSession())) return { ok: false, message: SESSION_EXPIRED };
  try {
    const result = await callChangePassword(current, next);
    if (result.success) return { ok: true, value: result.message };
    return { ok: false, message: `Password change failed: ${result.message}` };
  } catch {
    return { ok: false, message: UNEXPECTED_ERROR };
  }
}

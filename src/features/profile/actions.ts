/**
 * What the profile screen does (spec 1 §2, §4, §7, §8): load the user's profile and avatar,
 * save one field, replace or delete the avatar, change the password through the edge function.
 * Failures are `Result`s carrying an `AppError`; the screens take their texts from the message
 * catalogue (contexts loadProfile, uploadAvatar, deleteAvatar, changePassword).
 */
import type { User } from '@supabase/auth-js';
import { canChangePassword } from '../../domain/auth/passwordRules.ts';
import { avatarExtension, avatarFileError } from '../../domain/profile/avatarRules.ts';
import { appError } from '../../data/errors/appError.ts';
import { attempt, fail, type Result } from '../../data/errors/result.ts';
import { callChangePassword } from '../../data/functions/changePassword.ts';
import { currentSession } from '../../data/supabase/auth.ts';
import { deleteAvatar, findAvatarUrl, storeAvatar } from '../../data/supabase/avatars.ts';
import {
  ensureProfile,
  updateProfileField,
  type EditableProfileField,
  type ProfileRow,
} from '../../data/supabase/profiles.ts';
import { resizeAvatar } from './resizeAvatar.ts';

export type { EditableProfileField, ProfileRow };

export const AVATAR_UPDATED = 'Avatar updated!';

export interface ProfileData {
  user: User;
  profile: ProfileRow;
  avatarUrl: string | null;
  /** Password change is offered to e-mail accounts only (spec 1 §6). */
  canChangePassword: boolean;
}

export async function loadProfile(): Promise<ProfileData> {
  const session = await currentSession();
  if (!session) throw appError({ kind: 'unauthorized' });
  const [profile, avatarUrl] = await Promise.all([
    ensureProfile(session.user.id),
    findAvatarUrl(session.user.id).catch(() => null),
  ]);
  const provider = session.user.app_metadata?.provider;
  return { user: session.user, profile, avatarUrl, canChangePassword: provider === 'email' };
}

export const saveProfileField = (profileId: string, field: EditableProfileField, value: string) =>
  updateProfileField(profileId, field, value.trim());

export async function replaceAvatar(file: File | null | undefined): Promise<Result<string>> {
  const invalid = avatarFileError(file);
  if (invalid || !file) return fail(appError({ kind: 'validation', field: 'file' }, invalid ?? ''));
  const session = await currentSession();
  if (!session) return fail(appError({ kind: 'unauthorized' }));
  let image: Blob;
  try {
    image = await resizeAvatar(file);
  } catch (error) {
    return fail(error);
  }
  const stored = await attempt(() => storeAvatar(session.user.id, avatarExtension(image.type), image));
  if (!stored.ok) console.error('avatar upload failed', stored.error);
  return stored;
}

export async function removeAvatar(): Promise<Result> {
  const session = await currentSession();
  if (!session) return fail(appError({ kind: 'unauthorized' }));
  const removed = await attempt(() => deleteAvatar(session.user.id));
  if (!removed.ok) console.error('avatar delete failed', removed.error);
  return removed;
}

/** The function's success message, or the failure (its text from the catalogue, 'changePassword'). */
export async function changePassword(current: string, next: string, confirmation: string): Promise<Result<string>> {
  if (!canChangePassword(current, next, confirmation)) return fail(appError({ kind: 'validation', field: 'form' }));
  if (!(await currentSession())) return fail(appError({ kind: 'unauthorized' }));
  return attempt(() => callChangePassword(current, next));
}

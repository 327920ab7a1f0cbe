/**
 * THE avatar object rule (spec 1 §3 "stored as public/<user id>.<extension>"), read by both
 * sides: the app (re-exported by src/domain/profile/avatarRules.ts) and delete-user-complete,
 * which removes a deleted user's avatars through the Storage API. The SQL of the admin search
 * and delete_user_complete match the same names (`public/<id>.%` in bucket avatars). No imports.
 */
export const AVATAR_BUCKET = 'avatars';
export const AVATAR_FOLDER = 'public';

/** The object path of a user's avatar with this extension. */
export function avatarPath(userId: string, extension: string): string {
  return `${AVATAR_FOLDER}/${userId}.${extension}`;
}

/** Whether a file name listed in the avatar folder is one of this user's avatars. */
export function isAvatarOf(fileName: string, userId: string): boolean {
  return fileName.startsWith(`${userId}.`);
}

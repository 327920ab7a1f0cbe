/**
 * Avatar rules (spec 1 §3, §5, §9): images only, under 2 MB, centre-cropped to a square and
 * resized to 200×200 at 0.9 quality, stored as `public/<user id>.<extension>`.
 */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 200;
export const AVATAR_QUALITY = 0.9;
export const AVATAR_DISPLAY_PX = 100;
export const AVATAR_LIST_LIMIT = 100;
export {
  AVATAR_BUCKET,
  AVATAR_FOLDER,
  avatarPath,
  isAvatarOf,
} from '../../../supabase/functions/_shared/avatar-objects.ts';

export const NOT_AN_IMAGE = 'Please select an image file';
export const IMAGE_TOO_LARGE = 'Image must be less than 2MB in size';
export const NO_FILE_SELECTED = 'No file selected';

export function avatarFileError(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return NO_FILE_SELECTED;
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size >= AVATAR_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** The centred square of a width×height image, as a canvas source rectangle. */
export function centredSquare(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: Math.floor((width - side) / 2), sy: Math.floor((height - side) / 2), side };
}

/**
 * The stored file's extension: that of the format the canvas encoded (see avatarOutputType),
 * not of the chosen file — a .heic or .gif is stored as PNG bytes, so under `.png`.
 */
export function avatarExtension(outputType: string): string {
  return ({ 'image/jpeg': 'jpg', 'image/webp': 'webp' } as Record<string, string>)[outputType] ?? 'png';
}

/** The canvas output type: formats a canvas encodes keep theirs, others become PNG. */
export function avatarOutputType(mimeType: string): string {
  return ['image/jpeg', 'image/png', 'image/webp'].includes(mimeType) ? mimeType : 'image/png';
}

/** The avatar's letter: first name's first letter, else the e-mail's, else U. */
export function avatarInitial(firstName: string | null | undefined, email: string | null | undefined): string {
  const source = firstName?.trim() || email?.trim() || '';
  return (source[0] ?? 'U').toUpperCase();
}

/** The initials of a person's name: the first letters of its first and last words ("Ada King Lovelace" → "AL"). */
export function nameInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const letters = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]];
  return letters.map((word) => [...word][0].toLocaleUpperCase()).join('');
}

/** A public URL that bypasses caches after each change. */
export function cacheBusted(url: string, timestampMs: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${timestampMs}`;
}

/**
 * Setting name rules (spec 1 §5 "Setting name"): 3–50 characters after trimming, unique per
 * user in any letter case (not checked in edit mode). Messages are the spec's.
 */
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 50;

export const NAME_REQUIRED = 'Please provide a name for this setting';
export const NAME_TOO_SHORT = 'Name must be at least 3 characters long';
export const NAME_TOO_LONG = 'Name must be at most 50 characters long';
export const NAME_TAKEN = 'A setting with this name already exists';
export const FIX_FORM_ERRORS = 'Please fix the errors in the form before saving';
export const NAME_UNIQUENESS_UNVERIFIED = 'Unable to verify setting name uniqueness';

/** The message for a name as typed, or null when it is valid. */
export function settingNameError(name: string, existingNames: readonly string[], editing: boolean): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return NAME_REQUIRED;
  if (trimmed.length < NAME_MIN_LENGTH) return NAME_TOO_SHORT;
  if (trimmed.length > NAME_MAX_LENGTH) return NAME_TOO_LONG;
  if (!editing) {
    const wanted = trimmed.toLowerCase();
    if (existingNames.some((existing) => existing.trim().toLowerCase() === wanted)) return NAME_TAKEN;
  }
  return null;
}

export const HEADER_NAME_MAX = 35;
export const UNNAMED_SETTING = 'Sans nom';

/** The header's setting name: 35 characters then an ellipsis; 'Sans nom' when empty. */
export function headerSettingName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return UNNAMED_SETTING;
  return trimmed.length > HEADER_NAME_MAX ? `${trimmed.slice(0, HEADER_NAME_MAX)}...` : trimmed;
}

/**
 * Notion integration key rules (spec 1 §5 "Integration key"): the messages are the spec's,
 * checked in order — empty, then trimmed length 45–55. (The mask of spec 2 §5 is made by the
 * server: migration 20261124000100.)
 */
export const KEY_MIN_LENGTH = 45;
export const KEY_MAX_LENGTH = 55;
export const KEY_PREFIX_HINT = 'ntn_';

export const KEY_EMPTY = 'Please enter a valid Notion API key';
export const KEY_LENGTH = 'Incorrect key length';
export const KEY_VALIDATION_FAILED = 'Failed to validate Notion API key';

/** The first message that applies to a key as typed, or null when it may be validated. */
export function notionKeyError(key: string): string | null {
  const trimmed = key.trim();
  if (trimmed === '') return KEY_EMPTY;
  if (trimmed.length < KEY_MIN_LENGTH || trimmed.length > KEY_MAX_LENGTH) return KEY_LENGTH;
  return null;
}

/** 'This API key is already associated with workspace "…". Each key must be unique.' */
export function duplicateKeyMessage(workspaceName: string): string {
  return `This API key is already associated with workspace "${workspaceName}". Each key must be unique.`;
}

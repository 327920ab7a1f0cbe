/**
 * Password and sign-up rules of the access screens (spec 1 §5, spec 2 §5). The messages are
 * the spec's, verbatim: screens show them as returned.
 */
export const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_TOO_SHORT = `Password must contain at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_CHANGE_INVALID =
  'Please check that your new password is at least 6 characters and matches the confirmation.';
export const EMAIL_ALREADY_REGISTERED =
  'This email is already registered. Please use the login page or reset your password.';

/** The first broken rule of a new password and its confirmation, or null when both hold. */
export function newPasswordError(password: string, confirmation: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  return null;
}

/** The profile's change-password button is enabled only when this holds. */
export function canChangePassword(current: string, next: string, confirmation: string): boolean {
  return current.length > 0 && newPasswordError(next, confirmation) === null;
}

/** An auth error that means the address already has an account. */
export function isAlreadyRegisteredError(message: string): boolean {
  return /already|exist|registered|taken/i.test(message);
}

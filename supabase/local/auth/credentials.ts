/**
 * Password hashing and the checks GoTrue applies to e-mail addresses and new passwords.
 *
 * What must stay true:
 * - hashes are bcrypt, cost 10, with the `$2a$` prefix GoTrue (Go's bcrypt) writes, so that
 *   SQL can check them with pgcrypto's `crypt()` (PostgreSQL 15's pgcrypto cannot read
 *   `$2b$`); `$2a$`, `$2b$` and `$2y$` hashes (e.g. seeded with `crypt(…, gen_salt('bf'))`)
 *   all verify;
 * - hashing runs outside database transactions (it is slow on purpose; PGlite would stall);
 * - the messages are GoTrue's, because clients show them to people.
 */
import bcrypt from 'bcryptjs';
import { AuthApiError, validationFailed } from './errors.ts';

const BCRYPT_COST = 10;
/** Supabase CLI default (`[auth] minimum_password_length`). */
export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt ignores bytes past 72; GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72;

export async function hashPassword(password: string): Promise<string> {
  const hash = await bcrypt.hash(password, BCRYPT_COST);
  return hash.replace(/^\$2b\$/, '$2a$');
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
  } catch {
    return false;
  }
}

/** The `weak_password` payload, or undefined when the password is strong enough. */
export function passwordWeakness(password: string): { message: string; reasons: string[] } | undefined {
  if (password.length >= MIN_PASSWORD_LENGTH) return undefined;
  return { message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, reasons: ['length'] };
}

/** GoTrue's checkPasswordStrength: too long is 400, too weak is 422 `weak_password`. */
export function checkPasswordStrength(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password);
  if (weakness) {
    throw new AuthApiError(422, 'weak_password', weakness.message, { weak_password: { reasons: weakness.reasons } });
  }
}

// The format check GoTrue uses (github.com/badoux/checkmail ValidateFormat).
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: returns the address lower-cased, or throws `validation_failed`. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

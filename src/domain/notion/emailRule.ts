/**
 * The email property's rule (spec 2 §5): a local part of letters, digits, dot, underscore and
 * hyphen, an @, a domain, a top-level domain of 2 or more letters; anything else shows "Please
 * enter a valid email address" and is not saved. An empty value is valid (it clears the
 * property). Surrounding spaces are ignored.
 */
import { propertyTexts } from '../errors/messages.ts';

const EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const isValidEmail = (value: string): boolean => value.trim() === '' || EMAIL.test(value.trim());

/** The text to show under the field, or null when the value may be saved. */
export const emailError = (value: string): string | null => (isValidEmail(value) ? null : propertyTexts.invalidEmail);

/**
 * The page editor's refusal of a text-like field as typed (spec 2 §5), by the property's type:
 * an email must be one ("Please enter a valid email address"; blank clears it), a URL must be
 * an http(s) link ("Please enter a valid URL"; blank clears it), a number must be one ("Please
 * enter a number"; blank clears it). Other types take any text. Null: the text may be saved.
 */
import { propertyTexts } from '../errors/messages.ts';
import { emailError } from './emailRule.ts';
import { externalUrlError } from './externalFiles.ts';
import { numberFromInput } from './numberInput.ts';

export function textFieldError(type: string, text: string): string | null {
  if (type === 'email') return emailError(text);
  if (type === 'url') return text.trim() === '' ? null : externalUrlError(text);
  if (type === 'number') return numberFromInput(text).ok ? null : propertyTexts.invalidNumber;
  return null;
}

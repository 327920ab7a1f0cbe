/**
 * What a number field's text saves (spec 2 §5 "Number: empty saves null, otherwise a number"):
 * blank text is null; anything else must be a finite number, written plainly (`1234.5`, `-3`,
 * `1e3`, `.5`), else the text is not a number and is not saved (no hex, no `Infinity`, no
 * thousands separators: "1,5" is not guessed at).
 */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

export type NumberInput = { ok: true; value: number | null } | { ok: false };

export function numberFromInput(text: string): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const value = Number(trimmed);
  return PLAIN_NUMBER.test(trimmed) && Number.isFinite(value) ? { ok: true, value } : { ok: false };
}

/**
 * When a long text property is folded behind a toggle (spec 2 §9 "Long rich text collapse
 * toggle at 5+ line breaks or over 500 characters").
 */
export const COLLAPSE_LINE_BREAKS = 5;
export const COLLAPSE_CHARACTERS = 500;

export function isLongText(text: string): boolean {
  const lineBreaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return lineBreaks >= COLLAPSE_LINE_BREAKS || text.length > COLLAPSE_CHARACTERS;
}

/**
 * Which values the page may turn into a link: a URL value or a file's address from Notion is
 * anyone's text, and a `javascript:` (or `data:`) href runs in our origin when clicked. Only an
 * http(s) address is a link; anything else is shown as text.
 */
export function webHref(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

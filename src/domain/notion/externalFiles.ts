/**
 * Adding an external file link to a files property (spec 2 §5): the URL must parse as a URL —
 * an http(s) one (ours: see webLinks.ts) —
 * else "Please enter a valid URL" (and Add stays disabled); the name is optional and defaults
 * to the URL's last path segment, else its host, else "External File".
 */
import { propertyTexts } from '../errors/messages.ts';
import { webHref } from './webLinks.ts';

function parsed(text: string): URL | null {
  try {
    return new URL(text.trim());
  } catch {
    return null;
  }
}

/** An http(s) address: another scheme (`javascript:`…) would become a link that runs in our origin. */
export const isValidExternalUrl = (text: string): boolean => webHref(text) !== null;

/** The text to show under the URL field, or null when the link may be added. */
export const externalUrlError = (text: string): string | null =>
  isValidExternalUrl(text) ? null : propertyTexts.invalidUrl;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The name the file gets: the one typed, else the URL's last path segment, host, or "External File". */
export function externalFileName(url: string, typedName = ''): string {
  if (typedName.trim() !== '') return typedName.trim();
  const link = parsed(url);
  if (!link) return propertyTexts.externalFileName;
  // a hierarchical URL's path ("/docs/cv.pdf"); an opaque one ("mailto:…") has none
  const segments = link.pathname.startsWith('/') ? link.pathname.split('/').filter(Boolean) : [];
  const last = segments.at(-1);
  if (last) return decoded(last);
  return link.hostname || propertyTexts.externalFileName;
}

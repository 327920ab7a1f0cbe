/**
 * Which files are previewed as images (spec 2 §9 "Image extensions: jpg, jpeg, png, gif, webp,
 * svg, bmp"), by the extension of the file's name or, failing that, of its URL's path (query
 * and fragment ignored — Notion-hosted URLs carry a signature). Case does not matter.
 */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp'] as const;

function extensionOf(path: string): string | undefined {
  const last = path.split('/').at(-1) ?? '';
  const dot = last.lastIndexOf('.');
  return dot === -1 ? undefined : last.slice(dot + 1).toLowerCase();
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

const isImageExtension = (extension: string | undefined) =>
  extension !== undefined && (IMAGE_EXTENSIONS as readonly string[]).includes(extension);

export function isImageFile(file: { name?: string | null; url?: string | null }): boolean {
  return isImageExtension(extensionOf(file.name ?? '')) || isImageExtension(extensionOf(urlPath(file.url ?? '')));
}

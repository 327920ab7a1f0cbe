/**
 * files: each file's name, Notion type, kind (file, external, unknown), URL and expiry.
 *
 * Writing, under Notion-Version 2026-03-11 (@notionhq/client v5's `InternalOrExternalFileWithNameRequest`):
 * - an external link: `{name, type: 'external', external: {url}}`;
 * - a Notion-hosted file already on the property: `{name, type: 'file', file: {url}}` — its URL
 *   as read, without `expiry_time` (optional in today's API; 2022-06-28's types required it, so
 *   the read object was re-sent whole there). Notion keeps the file it names; a file cannot be
 *   uploaded this way, only kept (new files are links);
 * - a file of a type this app does not know (a newer one): Notion's object as read, as is.
 */
import { notEditable } from './errors.ts';
import type { FileShape, PropertyCodec } from './shapes.ts';

type Item = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function fileOf(item: unknown): FileShape | null {
  if (typeof item !== 'object' || item === null) return null;
  const file = item as Item;
  const name = text(file.name) ?? '';
  const type = text(file.type) ?? (file.external ? 'external' : file.file ? 'file' : 'unknown');
  const body = (file[type] ?? null) as Item | null;
  if (type === 'file' || type === 'external') {
    return { name, type, fileType: type, url: text(body?.url), expiryTime: text(body?.expiry_time) };
  }
  return { name, type, fileType: 'unknown', url: text(body?.url), expiryTime: text(body?.expiry_time), source: file };
}

function writeFile(file: FileShape): Item {
  switch (file.fileType) {
    case 'external':
      return { name: file.name, type: 'external', external: { url: file.url ?? '' } };
    case 'file':
      return { name: file.name, type: 'file', file: { url: file.url ?? '' } };
    default:
      if (!file.source) throw notEditable(`files (${file.type})`);
      return file.source;
  }
}

export const files: PropertyCodec<FileShape[]> = {
  read: ({ inner }) => (Array.isArray(inner) ? inner.map(fileOf).filter((file) => file !== null) : []),
  write: (list) => ({ files: list.map(writeFile) }),
};

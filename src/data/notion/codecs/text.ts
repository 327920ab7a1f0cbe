/**
 * Text types. title and rich_text read as their plain text (mentions and equations by the text
 * Notion shows; formatting is not kept) and write as text objects of at most 2000 characters
 * each (Notion's limit per text object, spec 1 §9); url, email and phone_number read as the
 * text or "" and write trimmed, an empty one as null (which clears it).
 */
import { plainText } from '../../../domain/notion/valueText.ts';
import type { PropertyCodec } from './shapes.ts';

/** Notion's limit on one text object's `content`. */
export const TEXT_CHUNK_CHARS = 2000;

/** The text in pieces of at most 2000 UTF-16 units, never splitting a surrogate pair. */
export function textChunks(text: string): string[] {
  const chunks: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + TEXT_CHUNK_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    chunks.push(text.slice(at, end));
    at = end;
  }
  return chunks;
}

const richText = (text: string) => textChunks(text).map((content) => ({ type: 'text', text: { content } }));

export const title: PropertyCodec<string> = {
  read: ({ inner }) => plainText(inner),
  write: (text) => ({ title: richText(text) }),
};

export const richTextCodec: PropertyCodec<string> = {
  read: ({ inner }) => plainText(inner),
  write: (text) => ({ rich_text: richText(text) }),
};

type PlainType = 'url' | 'email' | 'phone_number';

const plainString = (type: PlainType): PropertyCodec<string> => ({
  read: ({ inner }) => (typeof inner === 'string' ? inner : ''),
  write: (text) => ({ [type]: text.trim() === '' ? null : text.trim() }),
});

export const url = plainString('url');
export const email = plainString('email');
export const phoneNumber = plainString('phone_number');

/**
 * The value shapes the page editor works with (spec 2 §3 "Notion page … Value shapes"), one per
 * Notion property type, and what a codec is: `read` turns Notion's value — the read form GET
 * pages answers (`{id, type, <type>: …}`) or the write form a snapshot keeps for an edit not yet
 * confirmed (`{<type>: …}`) — into the shape; `write` turns the shape into Notion's write form,
 * the `PropertyValue` the outbox stores. A codec without `write` is read-only.
 *
 * What must stay true: for every codec, `write(read(v))` says what `v` says (`sameValue`), so an
 * unchanged value is never queued and a confirmed edit never reads as a conflict.
 */
import type { PropertyValue } from '../../outbox/entry.ts';

export interface NumberShape {
  value: number | null;
  /** The schema's `number.format` ("number" when unknown): src/domain/notion/numberFormats.ts. */
  numberFormat: string;
}

export interface DateShape {
  start: string;
  end: string | null;
  timeZone: string | null;
}

export interface RelationShape {
  /** The related pages, in order: what a write sends, whole. */
  ids: string[];
  /** Titles by page id, as far as they are known (filled by the titles fetch, never by a read). */
  titles: Record<string, string>;
  /** The ids as read, to tell an edit from the value Notion holds. */
  originalIds: string[];
  /** Notion's value as read. */
  raw: PropertyValue | null;
  /** Notion cut the list at 25 (`has_more`): the rest must be read through the property endpoint. */
  hasMore: boolean;
}

export interface PersonShape {
  id: string;
  /** Empty when Notion (or a queued write) named only the id. */
  name: string;
  avatarUrl: string | null;
  /** "person" or "bot"; null when not said. */
  type: string | null;
}

export interface FileShape {
  name: string;
  /** Notion's own type of the file object ("file", "external", or a newer one). */
  type: string;
  fileType: 'file' | 'external' | 'unknown';
  url: string | null;
  /** When a Notion-hosted file's URL stops working (about an hour after the read). */
  expiryTime: string | null;
  /** A file of a type this app does not know: Notion's object as read, written back as it is. */
  source?: Record<string, unknown>;
}

export interface ShapeByType {
  title: string;
  rich_text: string;
  url: string;
  email: string;
  phone_number: string;
  number: NumberShape;
  select: string | null;
  status: string | null;
  multi_select: string[];
  date: DateShape | null;
  checkbox: boolean;
  relation: RelationShape;
  people: PersonShape[];
  files: FileShape[];
  created_time: string | null;
  last_edited_time: string | null;
  created_by: PersonShape | null;
  last_edited_by: PersonShape | null;
}

export type KnownType = keyof ShapeByType;

/** A type the editor cannot show: formula, rollup, button and any other, as a placeholder text. */
export interface UnsupportedShape {
  type: 'unsupported';
  notionType: string;
  placeholder: string;
}

export type PropertyShape = { [T in KnownType]: { type: T; value: ShapeByType[T] } }[KnownType] | UnsupportedShape;

/** A data source schema's property (`{id, name, type, <type>: config}`), as far as codecs read it. */
export interface SchemaProperty {
  type: string;
  number?: { format?: string | null } | null;
}

export interface ReadInput {
  /** The value under the type's key (`value[type]`). */
  inner: unknown;
  /** The whole property value (`has_more` of a relation sits beside the list). */
  value: PropertyValue | null;
  schema?: SchemaProperty;
}

/** The codec of a type whose shape is `V` (`PropertyCodec<ShapeByType['date']>`). */
export interface PropertyCodec<V> {
  read(input: ReadInput): V;
  write?(value: V): PropertyValue;
}

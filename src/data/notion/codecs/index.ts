/**
 * The property codecs by Notion type (one file per family next to this one), and the two calls
 * the page editor makes: `readProperty` (Notion's value, read or write form, with its schema →
 * the shape the editor shows) and `writeProperty` (an edited shape → the write form the outbox
 * queues).
 *
 * What must stay true: every type Notion may answer reads — the types without a codec as a
 * placeholder ("[Formulas are not supported]"); writing a read-only or unsupported type throws
 * the typed "Error: Property type {type} not supported for editing" and queues nothing.
 */
import { placeholderOf } from '../../../domain/errors/messages.ts';
import type { PropertyValue } from '../../outbox/entry.ts';
import { notEditable } from './errors.ts';
import { files } from './files.ts';
import { multiSelect, select, status } from './options.ts';
import { createdBy, createdTime, lastEditedBy, lastEditedTime, people, relation } from './references.ts';
import { checkbox, date, number } from './scalars.ts';
import type { KnownType, PropertyCodec, PropertyShape, SchemaProperty, ShapeByType } from './shapes.ts';
import { email, phoneNumber, richTextCodec, title, url } from './text.ts';

export const CODECS: { [T in KnownType]: PropertyCodec<ShapeByType[T]> } = {
  title,
  rich_text: richTextCodec,
  url,
  email,
  phone_number: phoneNumber,
  number,
  select,
  status,
  multi_select: multiSelect,
  date,
  checkbox,
  relation,
  people,
  files,
  created_time: createdTime,
  last_edited_time: lastEditedTime,
  created_by: createdBy,
  last_edited_by: lastEditedBy,
};

const isKnown = (type: string): type is KnownType => Object.hasOwn(CODECS, type);

/** The type a value names: the read form says it; a write form is its one key. */
function typeOf(value: PropertyValue | null | undefined, schema?: SchemaProperty): string | undefined {
  if (typeof value?.type === 'string') return value.type;
  if (schema) return schema.type;
  return value ? Object.keys(value).find((key) => key !== 'id' && key !== 'has_more') : undefined;
}

/** Whether the editor may change a property of this type. */
export const isEditable = (type: string): boolean => isKnown(type) && CODECS[type].write !== undefined;

/** The shape of a property value (null or absent: the type's empty value, the schema naming the type). */
export function readProperty(value: PropertyValue | null | undefined, schema?: SchemaProperty): PropertyShape {
  const type = typeOf(value, schema) ?? 'unknown';
  if (!isKnown(type)) return { type: 'unsupported', notionType: type, placeholder: placeholderOf(type) };
  const codec = CODECS[type] as PropertyCodec<ShapeByType[KnownType]>;
  return { type, value: codec.read({ inner: value?.[type] ?? null, value: value ?? null, schema }) } as PropertyShape;
}

/** Notion's write form of an edited shape; throws (AppError) for a type the editor cannot write. */
export function writeProperty(shape: PropertyShape): PropertyValue {
  if (shape.type === 'unsupported') throw notEditable(shape.notionType);
  const codec = CODECS[shape.type] as PropertyCodec<ShapeByType[KnownType]>;
  if (!codec.write) throw notEditable(shape.type);
  return codec.write(shape.value as ShapeByType[KnownType]);
}

export { completeRelation } from './references.ts';
export type { PropertyShape, SchemaProperty, ShapeByType } from './shapes.ts';

/**
 * The property codecs (src/data/notion/codecs), one row per Notion type: Notion's read form as
 * GET pages answers it (with its schema where the shape needs it) → the editor's shape → the
 * write form the outbox queues, which must say the same as the read form (`sameValue`), and
 * read back to the same write form when a snapshot keeps it for an edit not yet confirmed.
 */
import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/data/errors/appError.ts';
import {
  completeRelation,
  readProperty,
  writeProperty,
  type PropertyShape,
} from '../../src/data/notion/codecs/index.ts';
import { textChunks } from '../../src/data/notion/codecs/text.ts';
import { sameValue } from '../../src/data/outbox/sameValue.ts';

const PAGE_A = '1a2b3c4d-0000-4000-8000-00000000000a';
const PAGE_B = '1a2b3c4d-0000-4000-8000-00000000000b';
const ADA = {
  object: 'user',
  id: 'u-ada',
  name: 'Ada',
  avatar_url: 'https://img.example/ada.png',
  type: 'person',
  person: { email: 'ada@example.com' },
};
const S3 = 'https://prod-files-secure.s3.us-west-2.amazonaws.com/ws/file/cv.pdf?X-Amz-Signature=abc';
const rich = (...parts: string[]) =>
  parts.map((content) => ({
    type: 'text',
    text: { content, link: null },
    annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default' },
    plain_text: content,
    href: null,
  }));

function relationOf(shape: PropertyShape) {
  if (shape.type !== 'relation') throw new Error(`not a relation: ${shape.type}`);
  return shape.value;
}

interface Row {
  read: Record<string, unknown>;
  schema?: Record<string, unknown> & { type: string };
  shape: PropertyShape;
  write: Record<string, unknown>;
}

const ROWS: Record<string, Row> = {
  title: {
    read: { id: 'title', type: 'title', title: rich('Ada ', 'Lovelace') },
    shape: { type: 'title', value: 'Ada Lovelace' },
    write: { title: [{ type: 'text', text: { content: 'Ada Lovelace' } }] },
  },
  'empty title': {
    read: { id: 'title', type: 'title', title: [] },
    shape: { type: 'title', value: '' },
    write: { title: [] },
  },
  rich_text: {
    read: { id: 'r', type: 'rich_text', rich_text: rich('Met at SaaStr') },
    shape: { type: 'rich_text', value: 'Met at SaaStr' },
    write: { rich_text: [{ type: 'text', text: { content: 'Met at SaaStr' } }] },
  },
  url: {
    read: { id: 'u', type: 'url', url: 'https://ada.example' },
    shape: { type: 'url', value: 'https://ada.example' },
    write: { url: 'https://ada.example' },
  },
  'empty url': { read: { id: 'u', type: 'url', url: null }, shape: { type: 'url', value: '' }, write: { url: null } },
  email: {
    read: { id: 'e', type: 'email', email: 'ada@example.com' },
    shape: { type: 'email', value: 'ada@example.com' },
    write: { email: 'ada@example.com' },
  },
  phone_number: {
    read: { id: 'p', type: 'phone_number', phone_number: '+44 20 7946 0000' },
    shape: { type: 'phone_number', value: '+44 20 7946 0000' },
    write: { phone_number: '+44 20 7946 0000' },
  },
  number: {
    read: { id: 'n', type: 'number', number: 1234.5 },
    schema: { type: 'number', number: { format: 'euro' } },
    shape: { type: 'number', value: { value: 1234.5, numberFormat: 'euro' } },
    write: { number: 1234.5 },
  },
  'empty number': {
    read: { id: 'n', type: 'number', number: null },
    schema: { type: 'number', number: { format: 'number' } },
    shape: { type: 'number', value: { value: null, numberFormat: 'number' } },
    write: { number: null },
  },
  select: {
    read: { id: 's', type: 'select', select: { id: 'o1', name: 'Warm', color: 'orange' } },
    shape: { type: 'select', value: 'Warm' },
    write: { select: { name: 'Warm' } },
  },
  'empty select': {
    read: { id: 's', type: 'select', select: null },
    shape: { type: 'select', value: null },
    write: { select: null },
  },
  status: {
    read: { id: 'st', type: 'status', status: { id: 'o2', name: 'In progress', color: 'blue' } },
    shape: { type: 'status', value: 'In progress' },
    write: { status: { name: 'In progress' } },
  },
  multi_select: {
    read: {
      id: 'm',
      type: 'multi_select',
      multi_select: [
        { id: 'a', name: 'AI', color: 'red' },
        { id: 'b', name: 'SaaS', color: 'blue' },
      ],
    },
    shape: { type: 'multi_select', value: ['AI', 'SaaS'] },
    write: { multi_select: [{ name: 'AI' }, { name: 'SaaS' }] },
  },
  'empty multi_select': {
    read: { id: 'm', type: 'multi_select', multi_select: [] },
    shape: { type: 'multi_select', value: [] },
    write: { multi_select: [] },
  },
  date: {
    read: { id: 'd', type: 'date', date: { start: '2025-03-05', end: null, time_zone: null } },
    shape: { type: 'date', value: { start: '2025-03-05', end: null, timeZone: null } },
    write: { date: { start: '2025-03-05' } },
  },
  'date range with a time zone': {
    read: {
      id: 'd',
      type: 'date',
      date: { start: '2025-03-05T09:00:00.000', end: '2025-03-05T17:30:00.000', time_zone: 'Europe/Paris' },
    },
    shape: {
      type: 'date',
      value: { start: '2025-03-05T09:00:00.000', end: '2025-03-05T17:30:00.000', timeZone: 'Europe/Paris' },
    },
    write: { date: { start: '2025-03-05T09:00:00.000', end: '2025-03-05T17:30:00.000', time_zone: 'Europe/Paris' } },
  },
  'empty date': {
    read: { id: 'd', type: 'date', date: null },
    shape: { type: 'date', value: null },
    write: { date: null },
  },
  checkbox: {
    read: { id: 'c', type: 'checkbox', checkbox: true },
    shape: { type: 'checkbox', value: true },
    write: { checkbox: true },
  },
  'unchecked checkbox': {
    read: { id: 'c', type: 'checkbox', checkbox: false },
    shape: { type: 'checkbox', value: false },
    write: { checkbox: false },
  },
  relation: {
    read: { id: 'rel', type: 'relation', relation: [{ id: PAGE_A }, { id: PAGE_B }], has_more: false },
    shape: {
      type: 'relation',
      value: {
        ids: [PAGE_A, PAGE_B],
        titles: {},
        originalIds: [PAGE_A, PAGE_B],
        raw: { id: 'rel', type: 'relation', relation: [{ id: PAGE_A }, { id: PAGE_B }], has_more: false },
        hasMore: false,
      },
    },
    write: { relation: [{ id: PAGE_A }, { id: PAGE_B }] },
  },
  people: {
    read: {
      id: 'pp',
      type: 'people',
      people: [ADA, { object: 'user', id: 'u-bot', name: 'Sync', avatar_url: null, type: 'bot', bot: {} }],
    },
    shape: {
      type: 'people',
      value: [
        { id: 'u-ada', name: 'Ada', avatarUrl: 'https://img.example/ada.png', type: 'person' },
        { id: 'u-bot', name: 'Sync', avatarUrl: null, type: 'bot' },
      ],
    },
    write: { people: [{ id: 'u-ada' }, { id: 'u-bot' }] },
  },
  files: {
    read: {
      id: 'f',
      type: 'files',
      files: [
        { name: 'cv.pdf', type: 'file', file: { url: S3, expiry_time: '2026-11-24T17:00:00.000Z' } },
        { name: 'site', type: 'external', external: { url: 'https://ada.example/' } },
      ],
    },
    shape: {
      type: 'files',
      value: [
        { name: 'cv.pdf', type: 'file', fileType: 'file', url: S3, expiryTime: '2026-11-24T17:00:00.000Z' },
        { name: 'site', type: 'external', fileType: 'external', url: 'https://ada.example/', expiryTime: null },
      ],
    },
    write: {
      files: [
        { name: 'cv.pdf', type: 'file', file: { url: S3 } },
        { name: 'site', type: 'external', external: { url: 'https://ada.example/' } },
      ],
    },
  },
  'files of a type this app does not know': {
    read: { id: 'f', type: 'files', files: [{ name: 'scan.png', type: 'file_upload', file_upload: { id: 'fu-1' } }] },
    shape: {
      type: 'files',
      value: [
        {
          name: 'scan.png',
          type: 'file_upload',
          fileType: 'unknown',
          url: null,
          expiryTime: null,
          source: { name: 'scan.png', type: 'file_upload', file_upload: { id: 'fu-1' } },
        },
      ],
    },
    write: { files: [{ name: 'scan.png', type: 'file_upload', file_upload: { id: 'fu-1' } }] },
  },
};

describe.each(Object.entries(ROWS))('%s', (_name, row) => {
  test("reads Notion's read form into the shape", () => {
    expect(readProperty(row.read, row.schema)).toEqual(row.shape);
  });

  test('writes the shape as the write form, which says what the read form says', () => {
    const written = writeProperty(row.shape);
    expect(written).toEqual(row.write);
    expect(sameValue(written, row.read)).toBe(true);
  });

  test('reads its own write form (a queued edit in the snapshot) back to the same write form', () => {
    expect(writeProperty(readProperty(row.write, row.schema ?? { type: row.shape.type }))).toEqual(row.write);
  });
});

describe('long text', () => {
  const text = 'a'.repeat(4500);

  test.each(['title', 'rich_text'] as const)('%s: 4500 characters leave in pieces of 2000, 2000 and 500', (type) => {
    const written = writeProperty({ type, value: text }) as Record<string, { text: { content: string } }[]>;
    expect(written[type].map((part) => part.text.content.length)).toEqual([2000, 2000, 500]);
    expect(written[type].map((part) => part.text.content).join('')).toBe(text);
    expect(sameValue(written, { id: 'x', type, [type]: rich(text.slice(0, 1000), text.slice(1000)) })).toBe(true);
  });

  test('exactly 2000 characters is one piece; a pair of UTF-16 units is never cut in two', () => {
    expect(textChunks('b'.repeat(2000))).toEqual(['b'.repeat(2000)]);
    const chunks = textChunks(`${'c'.repeat(1999)}😀d`);
    expect(chunks).toEqual(['c'.repeat(1999), '😀d']);
    expect(textChunks('')).toEqual([]);
  });
});

describe('empty and edited values', () => {
  test.each([
    [{ type: 'url', value: '   ' }, { url: null }],
    [{ type: 'email', value: ' ada@example.com ' }, { email: 'ada@example.com' }],
    [{ type: 'phone_number', value: '' }, { phone_number: null }],
    [{ type: 'select', value: '' }, { select: null }],
    [{ type: 'status', value: null }, { status: null }],
    [{ type: 'date', value: { start: '', end: null, timeZone: null } }, { date: null }],
    [{ type: 'rich_text', value: '' }, { rich_text: [] }],
  ] as [PropertyShape, Record<string, unknown>][])('%j writes %j', (shape, write) => {
    expect(writeProperty(shape)).toEqual(write);
  });

  test('an edit does not say what Notion holds', () => {
    const read = ROWS.select.read;
    expect(sameValue(writeProperty({ type: 'select', value: 'Cold' }), read)).toBe(false);
    const removed = { ...relationOf(ROWS.relation.shape), ids: [PAGE_A] };
    expect(sameValue(writeProperty({ type: 'relation', value: removed }), ROWS.relation.read)).toBe(false);
  });

  test('a property Notion left out reads as its type’s empty value, by the schema', () => {
    expect(readProperty(undefined, { type: 'multi_select' })).toEqual({ type: 'multi_select', value: [] });
    expect(readProperty(null, { type: 'number', number: { format: 'percent' } })).toEqual({
      type: 'number',
      value: { value: null, numberFormat: 'percent' },
    });
  });
});

describe('read-only and unsupported types', () => {
  const when = '2026-11-24T09:15:00.000Z';

  test.each([
    [
      { id: 'ct', type: 'created_time', created_time: when },
      { type: 'created_time', value: when },
    ],
    [
      { id: 'lt', type: 'last_edited_time', last_edited_time: when },
      { type: 'last_edited_time', value: when },
    ],
    [
      { id: 'cb', type: 'created_by', created_by: ADA },
      {
        type: 'created_by',
        value: { id: 'u-ada', name: 'Ada', avatarUrl: 'https://img.example/ada.png', type: 'person' },
      },
    ],
    [
      { id: 'lb', type: 'last_edited_by', last_edited_by: { object: 'user', id: 'u-2' } },
      { type: 'last_edited_by', value: { id: 'u-2', name: '', avatarUrl: null, type: null } },
    ],
  ])('%j reads its value', (read, shape) => {
    expect(readProperty(read)).toEqual(shape);
  });

  test.each([
    ['formula', { type: 'string', string: 'x' }, '[Formulas are not supported]'],
    ['rollup', { type: 'number', number: 3, function: 'count' }, '[Rollups are not supported]'],
    ['button', {}, '[Buttons are not supported]'],
    ['unique_id', { prefix: 'CRM', number: 7 }, '[Unique IDs are not supported]'],
    ['verification', { state: 'verified' }, '[Verifications are not supported]'],
    ['place', null, '[Places are not supported]'],
    ['some_new_type', {}, '[Some new type properties are not supported]'],
  ])('%s reads as the placeholder %s', (type, inner, placeholder) => {
    expect(readProperty({ id: 'x', type, [type]: inner })).toEqual({
      type: 'unsupported',
      notionType: type,
      placeholder,
    });
  });

  test.each([
    [{ type: 'unsupported', notionType: 'formula', placeholder: '[Formulas are not supported]' }, 'formula'],
    [{ type: 'unsupported', notionType: 'rollup', placeholder: '[Rollups are not supported]' }, 'rollup'],
    [{ type: 'created_time', value: '2026-11-24T09:15:00.000Z' }, 'created_time'],
    [{ type: 'last_edited_by', value: null }, 'last_edited_by'],
  ] as [PropertyShape, string][])('writing %j is refused with the spec’s text', (shape, type) => {
    let thrown: unknown;
    try {
      writeProperty(shape);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).message).toBe(`Error: Property type ${type} not supported for editing`);
    expect((thrown as AppError).reason).toEqual({ kind: 'validation', field: 'propertyType' });
  });
});

describe('a relation Notion cut at 25 pages', () => {
  const ids = Array.from({ length: 25 }, (_, i) => `1a2b3c4d-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const read = { id: 'rel', type: 'relation', relation: ids.map((id) => ({ id })), has_more: true };

  test('reads as incomplete, and is not written until its full list is loaded', () => {
    const shape = readProperty(read);
    expect(shape).toMatchObject({ type: 'relation', value: { hasMore: true } });
    expect(() => writeProperty(shape)).toThrow(
      'This relation has more pages than were loaded. Load its full list before changing it, so no page is dropped.',
    );
    const loaded = { ...relationOf(shape), ids: [...ids, PAGE_A], hasMore: false };
    expect(writeProperty({ type: 'relation', value: loaded })).toEqual({
      relation: [...ids, PAGE_A].map((id) => ({ id })),
    });
  });

  test('completed with the property endpoint’s items, it is the whole list, and writable', () => {
    const items = [...ids, PAGE_A].map((id) => ({
      object: 'property_item',
      id: 'rel',
      type: 'relation',
      relation: { id },
    }));
    const whole = completeRelation(relationOf(readProperty(read)), [...items, { type: 'title', title: {} }]);
    expect(whole).toMatchObject({ ids: [...ids, PAGE_A], originalIds: [...ids, PAGE_A], hasMore: false });
    expect(writeProperty({ type: 'relation', value: whole })).toEqual({
      relation: [...ids, PAGE_A].map((id) => ({ id })),
    });
  });
});

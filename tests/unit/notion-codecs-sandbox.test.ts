/**
 * The codecs' write forms as Notion takes them (the Notion sandbox, in-process, API 2026-03-11,
 * through the app's client): on the seed page holding every property type, writing back what
 * was read changes nothing, and each edit reads back as the shape that was written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  completeRelation,
  isEditable,
  readProperty,
  writeProperty,
  type PropertyShape,
} from '../../src/data/notion/codecs/index.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import type { NotionProperty } from '../../src/data/notion/objects.ts';
import { sameValue } from '../../src/data/outbox/sameValue.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

const PAGE = SEED_IDS.page(SEED_IDS.databases.people, 'max');
let sandbox: NotionSandbox;
let client: NotionClient;
let schemaByName: Record<string, NotionProperty>;

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  client = sandboxClient(sandbox);
  const source = await client.dataSource(DEMO_WORKSPACE, SEED_IDS.dataSources.people);
  schemaByName = Object.fromEntries(source.properties.map((property) => [property.name, property]));
});
afterAll(() => sandbox.stop());

const shapesOf = async () => {
  const page = await client.page(DEMO_WORKSPACE, PAGE);
  return Object.fromEntries(
    Object.entries(page.properties).map(([name, value]) => [
      name,
      { value, shape: readProperty(value, schemaByName[name]) },
    ]),
  );
};

/** A Notion-hosted file's URL gets a new expiry on each read. */
const withoutExpiry = (shape: PropertyShape) =>
  shape.type === 'files' ? { ...shape, value: shape.value.map((file) => ({ ...file, expiryTime: null })) } : shape;

test('every type of the seed page reads; writing back what was read changes nothing', async () => {
  const before = await shapesOf();
  expect(Object.values(before).map(({ shape }) => shape.type)).not.toContain(undefined);
  // the seed page relates 30 companies: the page object's 25 are not a list to write back
  expect(before.Companies.shape).toMatchObject({ type: 'relation', value: { hasMore: true } });
  expect(() => writeProperty(before.Companies.shape)).toThrow('This relation has more pages than were loaded.');
  const editable = Object.entries(before).filter(([name, { shape }]) => name !== 'Companies' && isEditable(shape.type));
  const properties = Object.fromEntries(editable.map(([name, { shape }]) => [name, writeProperty(shape)]));
  for (const [name, { value }] of editable) expect(sameValue(properties[name], value), name).toBe(true);
  expect(Object.keys(properties)).toEqual(expect.arrayContaining(['Name', 'Attachments', 'Owner', 'Stage', 'Tags']));

  await client.updatePage(DEMO_WORKSPACE, PAGE, { properties });
  const after = await shapesOf();
  for (const [name] of editable)
    expect(withoutExpiry(after[name].shape), name).toEqual(withoutExpiry(before[name].shape));
  expect(before['Display name'].shape).toMatchObject({
    type: 'unsupported',
    placeholder: '[Formulas are not supported]',
  });
  expect(before['Company count'].shape).toMatchObject({
    type: 'unsupported',
    placeholder: '[Rollups are not supported]',
  });
});

describe('each edit reads back as written', () => {
  const long = `${'Met at SaaStr. '.repeat(300)}end`;
  const EDITS: [string, PropertyShape][] = [
    ['Name', { type: 'title', value: 'Max Connector (renamed)' }],
    ['Summary', { type: 'rich_text', value: long }],
    ['Email', { type: 'email', value: '' }],
    ['Phone', { type: 'phone_number', value: '+44 20 7946 0000' }],
    ['LinkedIn URL', { type: 'url', value: 'https://www.linkedin.com/in/max-c/' }],
    ['Score', { type: 'number', value: { value: null, numberFormat: 'number' } }],
    ['Deal size', { type: 'number', value: { value: 99.5, numberFormat: 'dollar' } }],
    ['Priority', { type: 'select', value: 'Brand new option' }],
    ['Stage', { type: 'status', value: 'Won' }],
    ['Tags', { type: 'multi_select', value: ['Customer', 'Another new one'] }],
    ['Contacted', { type: 'checkbox', value: false }],
    [
      'Next follow-up',
      {
        type: 'date',
        value: { start: '2026-12-01T09:00:00.000', end: '2026-12-01T10:30:00.000', timeZone: 'Europe/Paris' },
      },
    ],
    ['Owner', { type: 'people', value: [] }],
  ];

  test.each(EDITS)('%s', async (name, shape) => {
    const written = writeProperty(shape);
    await client.updatePage(DEMO_WORKSPACE, PAGE, { properties: { [name]: written } });
    const read = (await shapesOf())[name];
    expect(read.shape).toEqual(shape);
    expect(sameValue(written, read.value)).toBe(true);
  });

  test('files: a link added beside the Notion-hosted file, which stays', async () => {
    const before = (await shapesOf()).Attachments.shape;
    if (before.type !== 'files') throw new Error(before.type);
    const link = {
      name: 'cv.pdf',
      type: 'external',
      fileType: 'external' as const,
      url: 'https://ada.example/cv.pdf',
      expiryTime: null,
    };
    const written = writeProperty({ type: 'files', value: [...before.value, link] });
    await client.updatePage(DEMO_WORKSPACE, PAGE, { properties: { Attachments: written } });
    const read = (await shapesOf()).Attachments;
    expect(read.shape).toMatchObject({
      type: 'files',
      value: [{ name: 'deck.pdf', fileType: 'external' }, { name: 'notes.txt', fileType: 'file' }, link],
    });
    expect(sameValue(written, read.value)).toBe(true);
  });

  test('relation: its full list loaded, one page removed, the rest kept in order', async () => {
    const items = () => client.propertyItems(DEMO_WORKSPACE, PAGE, schemaByName.Companies.id);
    const cut = (await shapesOf()).Companies.shape;
    if (cut.type !== 'relation') throw new Error(cut.type);
    const whole = completeRelation(cut.value, await items());
    expect(whole).toMatchObject({ hasMore: false });
    expect(whole.ids).toHaveLength(30);
    expect(whole.ids.slice(0, 25)).toEqual(cut.value.ids);
    const ids = whole.ids.slice(1);
    await client.updatePage(DEMO_WORKSPACE, PAGE, {
      properties: { Companies: writeProperty({ type: 'relation', value: { ...whole, ids } }) },
    });
    expect(completeRelation(cut.value, await items()).ids).toEqual(ids);
    expect((await shapesOf()).Companies.shape).toMatchObject({ type: 'relation', value: { ids: ids.slice(0, 25) } });
  });
});

/**
 * The Notion sandbox write endpoints through the official client: pages create/update (every
 * writable type, icon, archive), select options created by name, database schema updates
 * (option removal by omission), Notion's write limits answered with validation_error, and the
 * state kept in the data dir between runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiError, DB, notionClient, PEOPLE_PAGE, SEED_IDS, startSandbox } from './notion-sandbox-support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let notion: ReturnType<typeof notionClient>;

beforeAll(async () => {
  sandbox = await startSandbox();
  notion = notionClient(sandbox.url, sandbox.demoKey);
});
afterAll(() => sandbox?.stop());

const text = (content: string) => [{ text: { content } }];

async function createPerson(name: string, extra: Record<string, unknown> = {}): Promise<Any> {
  return notion.pages.create({
    parent: { database_id: DB.people },
    properties: { Name: { title: text(name) }, ...extra } as Any,
  });
}

describe('pages', () => {
  test('create with the values Sidenote writes, an external icon, and a new select option by name', async () => {
    const page = await createPerson('Ada Lovelace', {
      'LinkedIn URL': { url: 'https://www.linkedin.com/in/ada/' },
      Headline: { rich_text: text('Analyst') },
      Priority: { select: { name: 'Someday' } },
      Tags: { multi_select: [{ name: 'Prospect' }, { name: 'Mathematics' }] },
    });
    expect(page.icon).toBeNull();
    expect(page.properties['LinkedIn URL'].url).toBe('https://www.linkedin.com/in/ada/');
    expect(page.properties.Priority.select.name).toBe('Someday');
    expect(page.properties.Tags.multi_select.map((o: Any) => o.name)).toEqual(['Prospect', 'Mathematics']);
    expect(page.properties.ID.unique_id.number).toBeGreaterThan(8);
    const db: Any = await notion.databases.retrieve({ database_id: DB.people });
    expect(db.properties.Priority.select.options.map((o: Any) => o.name)).toContain('Someday');
    const withIcon: Any = await notion.pages.create({
      parent: { database_id: DB.people.replace(/-/g, '') },
      properties: { Name: { title: text('Iconic') } },
      icon: { type: 'external', external: { url: 'https://media.example.com/a.jpg' } },
    });
    expect(withIcon.icon).toEqual({ type: 'external', external: { url: 'https://media.example.com/a.jpg' } });
  });

  test('update every writable type; last_edited_time moves; ids without dashes work', async () => {
    const page = await createPerson('Grace Hopper');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated: Any = await notion.pages.update({
      page_id: page.id.replace(/-/g, ''),
      properties: {
        Score: { number: 42 },
        Contacted: { checkbox: true },
        Email: { email: 'grace@example.com' },
        Phone: { phone_number: '+1 555 0100' },
        Stage: { status: { name: 'Won' } },
        'Next follow-up': { date: { start: '2027-01-15' } },
        Owner: { people: [{ id: SEED_IDS.alice }] },
        Companies: { relation: [{ id: SEED_IDS.page(DB.companies, 'Company 03') }] },
        Attachments: { files: [{ name: 'cv.pdf', external: { url: 'https://example.com/cv.pdf' } }] },
      } as Any,
      icon: { emoji: '🚀' } as Any,
    });
    const p = updated.properties;
    expect(updated.last_edited_time > page.last_edited_time).toBe(true);
    expect([p.Score.number, p.Contacted.checkbox, p.Email.email, p.Stage.status.name]).toEqual([
      42,
      true,
      'grace@example.com',
      'Won',
    ]);
    expect(p.Owner.people.map((u: Any) => u.name)).toEqual(['Alice Martin']);
    expect(p.Companies.relation).toEqual([{ id: SEED_IDS.page(DB.companies, 'Company 03') }]);
    expect(p['Company count'].rollup.number).toBe(1);
    expect(p.Attachments.files[0]).toEqual({
      name: 'cv.pdf',
      type: 'external',
      external: { url: 'https://example.com/cv.pdf' },
    });
    expect(updated.icon).toEqual({ type: 'emoji', emoji: '🚀' });
    const cleared: Any = await notion.pages.update({
      page_id: page.id,
      properties: { Score: { number: null }, Stage: { status: null } } as Any,
    });
    expect([cleared.properties.Score.number, cleared.properties.Stage.status]).toEqual([null, null]);
  });

  test('archive: the page leaves queries, refuses edits, and comes back when unarchived', async () => {
    const page = await createPerson('Temporary Person');
    const archived: Any = await notion.pages.update({ page_id: page.id, archived: true });
    expect(archived.archived).toBe(true);
    const found: Any = await notion.databases.query({
      database_id: DB.people,
      filter: { property: 'Name', title: { equals: 'Temporary Person' } },
    });
    expect(found.results).toHaveLength(0);
    const refused = await apiError(
      notion.pages.update({ page_id: page.id, properties: { Score: { number: 1 } } as Any }),
    );
    expect(refused.code).toBe('validation_error');
    expect(((await notion.pages.update({ page_id: page.id, archived: false })) as Any).archived).toBe(false);
  });

  test('write limits are validation_error and change nothing', async () => {
    const page = await createPerson('Limits');
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { Summary: { rich_text: text('x'.repeat(2001)) } },
        /text\.content\.length should be ≤ `2000`, instead was `2001`/,
      ],
      [
        { Summary: { rich_text: Array.from({ length: 101 }, () => ({ text: { content: 'a' } })) } },
        /length should be ≤ `100`, instead was `101`/,
      ],
      [{ 'LinkedIn URL': { url: `https://x.com/${'a'.repeat(2000)}` } }, /url\.length should be ≤ `2000`/],
      [{ Email: { email: `${'a'.repeat(200)}@x.io` } }, /email\.length should be ≤ `200`/],
      [{ Phone: { phone_number: '1'.repeat(201) } }, /phone_number\.length should be ≤ `200`/],
      [{ Tags: { multi_select: Array.from({ length: 101 }, (_, i) => ({ name: `t${i}` })) } }, /should be ≤ `100`/],
      [{ Companies: { relation: Array.from({ length: 101 }, () => ({ id: page.id })) } }, /should be ≤ `100`/],
      [{ Stage: { status: { name: 'Invented' } } }, /Status option "Invented" does not exist/],
      [{ 'Display name': { formula: { string: 'no' } } }, /cannot be written/],
      [{ Nonexistent: { rich_text: text('x') } }, /Nonexistent is not a property that exists/],
      [{ Score: { rich_text: text('x') } }, /Score\.number should be defined/],
      [{ Priority: { select: { name: 'Brand new' } }, Summary: { rich_text: text('x'.repeat(2001)) } }, /2001/],
    ];
    for (const [properties, message] of cases) {
      const error = await apiError(notion.pages.update({ page_id: page.id, properties: properties as Any }));
      expect([error.status, error.code]).toEqual([400, 'validation_error']);
      expect(error.message).toMatch(message);
    }
    const db: Any = await notion.databases.retrieve({ database_id: DB.people });
    expect(db.properties.Priority.select.options.map((o: Any) => o.name)).not.toContain('Brand new');
    expect(
      (await createPerson('Exactly 2000', { Summary: { rich_text: text('y'.repeat(2000)) } })).properties.Summary
        .rich_text[0].plain_text,
    ).toHaveLength(2000);
  });
});

describe('database updates', () => {
  test('an option left out is removed from the schema and from the pages using it', async () => {
    const page = await createPerson('Option Holder', {
      Priority: { select: { name: 'Doomed' } },
      Tags: { multi_select: [{ name: 'Doomed tag' }, { name: 'Customer' }] },
    });
    const db: Any = await notion.databases.retrieve({ database_id: DB.people });
    const keepPriority = db.properties.Priority.select.options
      .filter((o: Any) => o.name !== 'Doomed')
      .map((o: Any) => ({ id: o.id }));
    const keepTags = db.properties.Tags.multi_select.options
      .filter((o: Any) => o.name !== 'Doomed tag')
      .map((o: Any) => ({ name: o.name }));
    const updated: Any = await notion.databases.update({
      database_id: DB.people,
      properties: {
        Priority: { select: { options: keepPriority } },
        Tags: { multi_select: { options: keepTags } },
      } as Any,
    });
    expect(updated.properties.Priority.select.options.map((o: Any) => o.name)).not.toContain('Doomed');
    expect(updated.last_edited_time > db.last_edited_time).toBe(true);
    const after: Any = await notion.pages.retrieve({ page_id: page.id });
    expect(after.properties.Priority.select).toBeNull();
    expect(after.properties.Tags.multi_select.map((o: Any) => o.name)).toEqual(['Customer']);
  });

  test('rename, add and delete properties; status options and the title are protected', async () => {
    const added: Any = await notion.databases.update({
      database_id: DB.investors,
      properties: { Stage: { select: { options: [{ name: 'Seed' }] } } } as Any,
    });
    expect(added.properties.Stage.select.options.map((o: Any) => o.name)).toEqual(['Seed']);
    const renamed: Any = await notion.databases.update({
      database_id: DB.investors,
      properties: { Fund: { name: 'Fund name' } },
    });
    expect(Object.keys(renamed.properties)).toContain('Fund name');
    const deleted: Any = await notion.databases.update({
      database_id: DB.investors,
      properties: { Stage: null } as Any,
    });
    expect(Object.keys(deleted.properties)).not.toContain('Stage');
    const status = await apiError(
      notion.databases.update({ database_id: DB.people, properties: { Stage: { status: { options: [] } } } as Any }),
    );
    expect(status.code).toBe('validation_error');
    const title = await apiError(
      notion.databases.update({ database_id: DB.people, properties: { Name: null } as Any }),
    );
    expect(title.code).toBe('validation_error');
  });
});

test('state is kept in the data dir between runs', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'notion-sandbox-'));
  try {
    const first = await startSandbox({ dataDir });
    const client = notionClient(first.url, first.demoKey);
    const created: Any = await client.pages.create({
      parent: { database_id: DB.people },
      properties: { Name: { title: text('Persistent') } },
    });
    await first.stop();
    const second = await startSandbox({ dataDir });
    expect(second.demoKey).toBe(first.demoKey);
    const again: Any = await notionClient(second.url, second.demoKey).pages.retrieve({ page_id: created.id });
    expect(again.properties.Name.title[0].plain_text).toBe('Persistent');
    await second.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the seed is fresh for an in-memory sandbox', async () => {
  const fresh = await startSandbox();
  const page: Any = await notionClient(fresh.url, fresh.demoKey).pages.retrieve({ page_id: PEOPLE_PAGE('camille-1') });
  expect(page.properties.Name.title[0].plain_text).toBe('Camille Dupont');
  await fresh.stop();
});

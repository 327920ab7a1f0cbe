/**
 * The Notion sandbox at Notion-Version 2026-03-11, driven by the official `@notionhq/client`
 * 5.x (installed as `@notionhq/client-v5`): every call the product makes on that version
 * (users.me/list, search for data sources, databases.retrieve, dataSources.retrieve/query/
 * update, pages.create/retrieve/update, pages.properties.retrieve). The versions side by side
 * and a database given a second data source are in notion-sandbox-versions.test.ts.
 *
 * What must stay true: the shapes checked here are the SDK 5.x response types' (data source
 * objects, `data_sources` on databases, `data_source_id` parents, `in_trash` without
 * `archived`).
 */
import type { Client } from '@notionhq/client-v5';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  currentApiError,
  currentNotionClient,
  DB,
  PEOPLE_PAGE,
  SEED_IDS,
  startSandbox,
} from './notion-sandbox-support.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const DS = SEED_IDS.dataSources;

describe('2026-03-11 with the SDK 5.x', () => {
  let sandbox: Sandbox;
  let notion: Client;
  beforeAll(async () => {
    sandbox = await startSandbox();
    notion = currentNotionClient(sandbox.url, sandbox.demoKey);
  });
  afterAll(() => sandbox?.stop());

  test('users.me and users.list', async () => {
    const me: Any = await notion.users.me({});
    expect(me).toMatchObject({ object: 'user', id: SEED_IDS.demoBot, type: 'bot' });
    expect(me.bot.workspace_name).toBe('Sidenote Demo');
    const users = await notion.users.list({ page_size: 5 });
    expect(users.results).toHaveLength(5);
    expect(users.has_more).toBe(true);
  });

  test('search filtered by data_source answers data source objects; `database` is no longer a filter value', async () => {
    const found: Any = await notion.search({ query: 'crm', filter: { property: 'object', value: 'data_source' } });
    expect(found.type).toBe('page_or_data_source');
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      object: 'data_source',
      id: DS.people,
      parent: { type: 'database_id', database_id: DB.people },
      in_trash: false,
    });
    expect(found.results[0]).not.toHaveProperty('archived');
    const error = await currentApiError(
      notion.search({ filter: { property: 'object', value: 'database' as 'data_source' } }),
    );
    expect(error.code).toBe('validation_error');
  });

  test('databases.retrieve answers the container with its data sources', async () => {
    const db: Any = await notion.databases.retrieve({ database_id: DB.people });
    expect(db).toMatchObject({ object: 'database', id: DB.people, in_trash: false, is_inline: false });
    expect(db.data_sources).toEqual([{ id: DS.people, name: 'CRM People' }]);
    expect(db).not.toHaveProperty('properties');
    expect(db).not.toHaveProperty('archived');
  });

  test('dataSources.retrieve: the schema, a relation naming its target data source', async () => {
    const source: Any = await notion.dataSources.retrieve({ data_source_id: DS.people });
    expect(source).toMatchObject({ object: 'data_source', id: DS.people, in_trash: false });
    expect(source.parent).toEqual({ type: 'database_id', database_id: DB.people });
    expect(source.properties.Name.type).toBe('title');
    expect(source.properties.Companies.relation).toMatchObject({
      database_id: DB.companies,
      data_source_id: DS.companies,
    });
    expect(source).not.toHaveProperty('archived');
  });

  test('dataSources.query: filters, sorts and pages as the database query did; pages have a data_source_id parent', async () => {
    const query = {
      data_source_id: DS.people,
      filter: { property: 'LinkedIn URL', url: { contains: 'camille-dupont' } },
      sorts: [{ timestamp: 'created_time' as const, direction: 'ascending' as const }],
      page_size: 1,
    };
    const first: Any = await notion.dataSources.query(query);
    expect(first.type).toBe('page_or_data_source');
    expect(first.results.map((page: Any) => page.id)).toEqual([PEOPLE_PAGE('camille-1')]);
    expect(first.has_more).toBe(true);
    expect(first.results[0].parent).toEqual({
      type: 'data_source_id',
      data_source_id: DS.people,
      database_id: DB.people,
    });
    expect(first.results[0]).not.toHaveProperty('archived');
    const second: Any = await notion.dataSources.query({ ...query, start_cursor: first.next_cursor });
    expect(second.results.map((page: Any) => page.id)).toEqual([PEOPLE_PAGE('camille-2')]);
    expect(second.has_more).toBe(false);
  });

  test('dataSources.update changes the schema; a relation is named by data_source_id', async () => {
    const updated: Any = await notion.dataSources.update({
      data_source_id: DS.investors,
      properties: {
        Notes: { rich_text: {} },
        Portfolio: { relation: { data_source_id: DS.companies, single_property: {} } },
      },
    });
    expect(updated.properties.Notes.type).toBe('rich_text');
    expect(updated.properties.Portfolio.relation).toMatchObject({
      database_id: DB.companies,
      data_source_id: DS.companies,
    });
    const read: Any = await notion.dataSources.retrieve({ data_source_id: DS.investors });
    expect(Object.keys(read.properties)).toEqual(expect.arrayContaining(['Notes', 'Portfolio']));
  });

  test('pages.create under a data source, retrieve, property items, update, trash with in_trash', async () => {
    const company = SEED_IDS.page(DB.companies, 'Company 03');
    const created: Any = await notion.pages.create({
      parent: { type: 'data_source_id', data_source_id: DS.people },
      properties: {
        Name: { title: [{ text: { content: 'Dana New' } }] },
        'LinkedIn URL': { url: 'https://www.linkedin.com/in/dana-new/' },
        Companies: { relation: [{ id: company }] },
      },
    });
    expect(created.parent).toEqual({ type: 'data_source_id', data_source_id: DS.people, database_id: DB.people });
    expect(created.in_trash).toBe(false);
    expect(created).not.toHaveProperty('archived');

    const read: Any = await notion.pages.retrieve({ page_id: created.id });
    expect(read.properties.Companies.relation).toEqual([{ id: company }]);
    const items: Any = await notion.pages.properties.retrieve({
      page_id: PEOPLE_PAGE('max'),
      property_id: read.properties.Companies.id,
      page_size: 100,
    });
    expect(items.results).toHaveLength(30);

    const edited: Any = await notion.pages.update({
      page_id: created.id,
      properties: { Email: { email: 'dana@example.com' } },
    });
    expect(edited.properties.Email.email).toBe('dana@example.com');
    const trashed: Any = await notion.pages.update({ page_id: created.id, in_trash: true });
    expect(trashed.in_trash).toBe(true);
    const listed: Any = await notion.dataSources.query({ data_source_id: DS.people, page_size: 100 });
    expect(listed.results.map((page: Any) => page.id)).not.toContain(created.id);
    const inTrash: Any = await notion.dataSources.query({ data_source_id: DS.people, in_trash: true });
    expect(inTrash.results.map((page: Any) => page.id)).toEqual([created.id]);
  });

  test('2026-03-11 refuses `archived` in a request', async () => {
    const error = await currentApiError(
      notion.pages.update({ page_id: PEOPLE_PAGE('sam'), archived: true } as Parameters<typeof notion.pages.update>[0]),
    );
    expect(error.code).toBe('validation_error');
    expect(error.message).toContain('body.archived should be not present');
  });
});

/**
 * The Notion sandbox at Notion-Version 2026-03-11, driven by the official `@notionhq/client`
 * 5.x (installed as `@notionhq/client-v5`): every call the product makes on that version
 * (users.me/list, search for data sources, databases.retrieve, dataSources.retrieve/query/
 * update, pages.create/retrieve/update, pages.properties.retrieve), then a database given a
 * second data source — the 2022-06-28 calls Notion's upgrade guide names fail on it while
 * 2026-03-11 keeps working.
 *
 * What must stay true: the shapes checked here are the SDK 5.x response types' (data source
 * objects, `data_sources` on databases, `data_source_id` parents, `in_trash` without
 * `archived`).
 */
import { APIResponseError, Client, LogLevel } from '@notionhq/client-v5';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiError,
  DB,
  notionClient,
  PEOPLE_PAGE,
  rawRequest,
  SEED_IDS,
  startSandbox,
} from './notion-sandbox-support.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const DS = SEED_IDS.dataSources;
const MULTI_SOURCE = 'Databases with multiple data sources are not supported in this API version.';

function currentClient(url: string, auth: string): Client {
  return new Client({
    auth,
    baseUrl: url,
    notionVersion: '2026-03-11',
    logLevel: LogLevel.ERROR,
    logger: () => undefined,
  });
}

/** The 5.x APIResponseError a call rejects with (fails the test if it resolves or throws something else). */
async function currentError(call: Promise<unknown>): Promise<APIResponseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(APIResponseError.isAPIResponseError(error), `expected an APIResponseError, got ${String(error)}`).toBe(true);
  return error as APIResponseError;
}

describe('2026-03-11 with the SDK 5.x', () => {
  let sandbox: Sandbox;
  let notion: Client;
  beforeAll(async () => {
    sandbox = await startSandbox();
    notion = currentClient(sandbox.url, sandbox.demoKey);
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
    const error = await currentError(
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
    const error = await currentError(
      notion.pages.update({ page_id: PEOPLE_PAGE('sam'), archived: true } as Parameters<typeof notion.pages.update>[0]),
    );
    expect(error.code).toBe('validation_error');
    expect(error.message).toContain('body.archived should be not present');
  });
});

describe('versions', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  const headers = (version: string, key: string) => ({ 'notion-version': version, authorization: `Bearer ${key}` });

  test('2025-09-03 speaks data sources and still answers `archived` beside `in_trash`', async () => {
    const answer = await rawRequest(sandbox.url, `/v1/databases/${DB.people}`, {
      headers: headers('2025-09-03', sandbox.demoKey),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data_sources: [{ id: DS.people }], archived: false, in_trash: false });
  });

  test('a data-source path sent with 2022-06-28 is an unknown URL, as in Notion', async () => {
    const answer = await rawRequest(sandbox.url, `/v1/data_sources/${DS.people}`, {
      headers: headers('2022-06-28', sandbox.demoKey),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_request_url');
  });

  test('an unknown Notion-Version is refused before the token is looked at', async () => {
    const answer = await rawRequest(sandbox.url, '/v1/users/me', { headers: headers('2024-01-01', 'not-a-token') });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ object: 'error', code: 'invalid_request' });
    expect(String(answer.body.message)).toContain('instead was `2024-01-01`');
  });
});

describe('a database given a second data source', () => {
  let sandbox: Sandbox;
  let current: Client;
  let legacy: ReturnType<typeof notionClient>;
  let leads: string;
  beforeAll(async () => {
    sandbox = await startSandbox();
    current = currentClient(sandbox.url, sandbox.demoKey);
    legacy = notionClient(sandbox.url, sandbox.demoKey);
  });
  afterAll(() => sandbox?.stop());

  test('before: 2022-06-28 reads, queries and writes relations to it as today', async () => {
    expect(((await legacy.databases.retrieve({ database_id: DB.companies })) as Any).properties.Name.type).toBe(
      'title',
    );
    const rows = await legacy.databases.query({ database_id: DB.companies, page_size: 1 });
    expect(rows.results).toHaveLength(1);
    const related = (await legacy.pages.update({
      page_id: PEOPLE_PAGE('no-url'),
      properties: { Companies: { relation: [{ id: SEED_IDS.page(DB.companies, 'Company 02') }] } },
    })) as Any;
    expect(related.properties.Companies.relation).toHaveLength(1);
    leads = sandbox.addDataSource(DB.companies, 'Leads');
  });

  test('after: the 2022-06-28 calls the upgrade guide names fail with Notion’s validation_error', async () => {
    const calls: Promise<unknown>[] = [
      legacy.databases.retrieve({ database_id: DB.companies }),
      legacy.databases.query({ database_id: DB.companies }),
      legacy.databases.update({ database_id: DB.companies, title: [{ text: { content: 'Firms' } }] }),
      legacy.pages.create({
        parent: { database_id: DB.companies },
        properties: { Name: { title: [{ text: { content: 'Acme' } }] } },
      }),
      legacy.pages.update({
        page_id: PEOPLE_PAGE('sam'),
        properties: { Companies: { relation: [{ id: SEED_IDS.page(DB.companies, 'Company 01') }] } },
      }),
    ];
    for (const call of calls) {
      const error = await apiError(call);
      expect(error.status).toBe(400);
      expect(error.code).toBe('validation_error');
      expect(error.message).toBe(MULTI_SOURCE);
    }
    // A single-source database is untouched: other 2022-06-28 writes on People still work.
    const edited = (await legacy.pages.update({
      page_id: PEOPLE_PAGE('sam'),
      properties: { Email: { email: 'sam@example.com' } },
    })) as Any;
    expect(edited.properties.Email.email).toBe('sam@example.com');
  });

  test('after: 2026-03-11 lists both data sources, creates in either and writes the relation', async () => {
    const db: Any = await current.databases.retrieve({ database_id: DB.companies });
    expect(db.data_sources).toEqual([
      { id: DS.companies, name: 'Companies' },
      { id: leads, name: 'Leads' },
    ]);
    const lead: Any = await current.pages.create({
      parent: { type: 'data_source_id', data_source_id: leads },
      properties: { Name: { title: [{ text: { content: 'Lead One' } }] } },
    });
    expect(lead.parent).toEqual({ type: 'data_source_id', data_source_id: leads, database_id: DB.companies });
    const leadRows: Any = await current.dataSources.query({ data_source_id: leads });
    expect(leadRows.results.map((page: Any) => page.id)).toEqual([lead.id]);
    const companyRows: Any = await current.dataSources.query({ data_source_id: DS.companies, page_size: 100 });
    expect(companyRows.results).toHaveLength(30);

    const company = SEED_IDS.page(DB.companies, 'Company 01');
    await current.pages.update({
      page_id: PEOPLE_PAGE('sam'),
      properties: { Companies: { relation: [{ id: company }] } },
    });
    const sam: Any = await current.pages.retrieve({ page_id: PEOPLE_PAGE('sam') });
    expect(sam.properties.Companies.relation).toEqual([{ id: company }]);
  });

  test('after: a page create naming the multi-source database (not a data source) fails in 2026-03-11 too', async () => {
    const error = await currentError(
      current.pages.create({
        parent: { type: 'database_id', database_id: DB.companies },
        properties: { Name: { title: [{ text: { content: 'Acme' } }] } },
      }),
    );
    expect(error.code).toBe('validation_error');
  });
});

describe('a notion.json kept from before data sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notion-sandbox-v1-'));
  const workspace = '11111111-1111-4111-a111-111111111111';
  const bot = '22222222-2222-4222-a222-222222222222';
  const db = '33333333-3333-4333-a333-333333333333';
  const page = '44444444-4444-4444-a444-444444444444';
  const token = `secret_${'a'.repeat(43)}`;
  const time = '2026-01-05T09:00:00.000Z';
  const title = (content: string) => [
    {
      type: 'text',
      text: { content, link: null },
      annotations: {},
      plain_text: content,
      href: null,
    },
  ];
  let sandbox: Sandbox;
  beforeAll(async () => {
    const v1 = {
      version: 1,
      // The sandbox hands out the first two workspaces' keys (demo and second).
      workspaces: [
        { id: workspace, name: 'Kept', botId: bot, tokens: [token] },
        { id: '55555555-5555-4555-a555-555555555555', name: 'Other', botId: bot, tokens: [`secret_${'b'.repeat(43)}`] },
      ],
      users: [{ id: bot, workspaceId: workspace, type: 'bot', name: 'Kept bot', avatar_url: null }],
      databases: [
        {
          id: db,
          workspaceId: workspace,
          title: title('Kept contacts'),
          description: [],
          icon: null,
          cover: null,
          properties: { title: { id: 'title', name: 'Name', type: 'title', config: {} } },
          created_time: time,
          last_edited_time: time,
          created_by: bot,
          last_edited_by: bot,
          archived: false,
          is_inline: false,
          nextUniqueId: 2,
        },
      ],
      pages: [
        {
          id: page,
          workspaceId: workspace,
          databaseId: db,
          values: { title: title('Kept person') },
          icon: null,
          cover: null,
          archived: false,
          uniqueNumber: 1,
          created_time: time,
          last_edited_time: time,
          created_by: bot,
          last_edited_by: bot,
        },
      ],
    };
    writeFileSync(join(dir, 'notion.json'), JSON.stringify(v1));
    sandbox = await startSandbox({ dataDir: dir });
  });
  afterAll(async () => {
    await sandbox?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('each database gets one data source holding its schema and pages; the token still works', async () => {
    const current = currentClient(sandbox.url, token);
    const container: Any = await current.databases.retrieve({ database_id: db });
    expect(container.data_sources).toHaveLength(1);
    expect(container.data_sources[0].name).toBe('Kept contacts');
    const rows: Any = await current.dataSources.query({ data_source_id: container.data_sources[0].id });
    expect(rows.results.map((row: Any) => row.id)).toEqual([page]);
    const legacy = notionClient(sandbox.url, token);
    const old: Any = await legacy.databases.retrieve({ database_id: db });
    expect(Object.keys(old.properties)).toEqual(['Name']);
  });
});

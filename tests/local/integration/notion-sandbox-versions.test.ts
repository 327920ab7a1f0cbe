/**
 * The Notion sandbox answers by Notion-Version: 2025-09-03 beside 2026-03-11, a data-source
 * path or an unknown version refused; a database given a second data source — the 2022-06-28
 * calls Notion's upgrade guide names fail on it while 2026-03-11 keeps working; and a
 * notion.json saved before data sources upgraded on start.
 */
import type { Client } from '@notionhq/client-v5';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiError,
  currentApiError,
  currentNotionClient,
  DB,
  MULTI_SOURCE,
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
    current = currentNotionClient(sandbox.url, sandbox.demoKey);
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

  test('a test can give the new data source its own properties, after the title', async () => {
    const partners = sandbox.addDataSource(DB.companies, 'Partners', [
      ['Company', 'rich_text'],
      ['LinkedIn', 'url'],
    ]);
    const source: Any = await current.dataSources.retrieve({ data_source_id: partners });
    expect(Object.values(source.properties).map((p: Any) => [p.name, p.type])).toEqual([
      ['Name', 'title'],
      ['Company', 'rich_text'],
      ['LinkedIn', 'url'],
    ]);
    const leadsSource: Any = await current.dataSources.retrieve({ data_source_id: leads });
    expect(Object.keys(leadsSource.properties)).toEqual(['Name']);
  });

  test('after: a page create naming the multi-source database (not a data source) fails in 2026-03-11 too', async () => {
    const error = await currentApiError(
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
    const current = currentNotionClient(sandbox.url, token);
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

/**
 * The Notion sandbox read endpoints, driven by the official `@notionhq/client` (2022-06-28):
 * users/me, users, search, databases/{id} and databases/{id}/query (filters, sorts, cursors).
 * Pages and property items: notion-sandbox-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DB, notionClient, SEED_IDS, startSandbox } from './notion-sandbox-support.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let notion: ReturnType<typeof notionClient>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

beforeAll(async () => {
  sandbox = await startSandbox();
  notion = notionClient(sandbox.url, sandbox.demoKey);
});
afterAll(() => sandbox?.stop());

const names = (results: Any[]) => results.map((page) => page.properties.Name.title[0]?.plain_text);

describe('tokens and users', () => {
  test('keys have Notion shapes: ntn_ and secret_, 50 characters', () => {
    expect(sandbox.demoKey).toMatch(/^ntn_[0-9]{11}[A-Za-z0-9]{35}$/);
    expect(sandbox.secondKey).toMatch(/^secret_[A-Za-z0-9]{43}$/);
  });

  test('users/me is the integration bot with its workspace name', async () => {
    const me: Any = await notion.users.me({});
    expect(me).toMatchObject({ object: 'user', type: 'bot', bot: { workspace_name: 'Sidenote Demo' } });
    const other: Any = await notionClient(sandbox.url, sandbox.secondKey).users.me({});
    expect(other.bot.workspace_name).toBe('Acme Sales');
  });

  test('users lists people and bots, page by page', async () => {
    const seen: Any[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page: Any = await notion.users.list({ page_size: 10, start_cursor: cursor });
      expect(page).toMatchObject({ object: 'list', type: 'user' });
      expect(page.results.length).toBeLessThanOrEqual(10);
      seen.push(...page.results);
      cursor = page.next_cursor ?? undefined;
      expect(page.has_more).toBe(cursor !== undefined);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen.map((u) => u.id)).size).toBe(31);
    expect(seen.filter((u) => u.type === 'bot').map((u) => u.name)).toEqual(['Sidenote Demo Integration', 'Zapier']);
    expect(seen.find((u) => u.name === 'Alice Martin')).toMatchObject({
      type: 'person',
      person: { email: 'alice@example.com' },
    });
  });
});

describe('search', () => {
  test('databases of the own workspace only, most recently edited first', async () => {
    const result: Any = await notion.search({ filter: { property: 'object', value: 'database' }, page_size: 100 });
    expect(result.type).toBe('page_or_database');
    expect(result.results.map((db: Any) => db.title[0].plain_text).sort()).toEqual([
      'CRM People',
      'Companies',
      'Investors',
    ]);
    const acme: Any = await notionClient(sandbox.url, sandbox.secondKey).search({});
    expect(acme.results.map((r: Any) => r.object).sort()).toEqual(['database', 'page']);
  });

  test('query text, page filter and cursors', async () => {
    const first: Any = await notion.search({
      query: 'company',
      filter: { property: 'object', value: 'page' },
      page_size: 20,
    });
    expect(first.results).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const rest: Any = await notion.search({
      query: 'company',
      filter: { property: 'object', value: 'page' },
      start_cursor: first.next_cursor,
    });
    expect(rest.results).toHaveLength(10);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
  });
});

describe('databases', () => {
  test('the schema shows every property type, ids with or without dashes', async () => {
    const db: Any = await notion.databases.retrieve({ database_id: DB.people.replace(/-/g, '') });
    expect(db.id).toBe(DB.people);
    const types = Object.values(db.properties).map((p: Any) => p.type);
    for (const type of [
      'title',
      'rich_text',
      'url',
      'email',
      'phone_number',
      'status',
      'select',
      'multi_select',
      'number',
      'checkbox',
      'date',
      'people',
      'files',
      'relation',
      'rollup',
      'formula',
      'created_time',
      'last_edited_time',
      'created_by',
      'last_edited_by',
      'unique_id',
      'button',
    ]) {
      expect(types).toContain(type);
    }
    expect(db.properties.Companies.relation).toEqual({
      database_id: DB.companies,
      type: 'single_property',
      single_property: {},
    });
    expect(db.properties.Stage.status.groups.map((g: Any) => g.name)).toEqual(['To-do', 'In progress', 'Complete']);
    expect(db.properties['Deal size'].number.format).toBe('dollar');
    expect(db.properties['Company count'].rollup).toMatchObject({
      relation_property_name: 'Companies',
      function: 'count',
    });
    expect(db.properties.ID.unique_id).toEqual({ prefix: 'CRM' });
  });

  test('query filters: URL equals and contains, title contains, ignoring case', async () => {
    const exact: Any = await notion.databases.query({
      database_id: DB.people,
      filter: { property: 'LinkedIn URL', url: { equals: 'https://www.linkedin.com/in/camille-dupont/' } },
    });
    expect(names(exact.results)).toEqual(['Camille Dupont']);
    const variants: Any = await notion.databases.query({
      database_id: DB.people,
      filter: { property: 'LinkedIn URL', url: { contains: 'linkedin.com/in/camille-dupont' } },
    });
    expect(variants.results).toHaveLength(2);
    const upper: Any = await notion.databases.query({
      database_id: DB.people,
      filter: { property: 'LinkedIn URL', url: { contains: '/in/sam-lee' } },
    });
    expect(names(upper.results)).toEqual(['Sam Lee']);
    const title: Any = await notion.databases.query({
      database_id: DB.people,
      filter: { property: 'title', title: { contains: 'zoë' } },
    });
    expect(names(title.results)).toEqual(['Zoë Łukasiewicz']);
  });

  test('query filters on every queried type, with and/or nesting', async () => {
    const query = async (filter: Any) =>
      names(((await notion.databases.query({ database_id: DB.people, filter })) as Any).results);
    expect(await query({ property: 'Stage', status: { equals: 'Meeting booked' } })).toEqual(['Max Connector']);
    expect(await query({ property: 'Priority', select: { equals: 'High' } })).toEqual(['Max Connector']);
    expect(await query({ property: 'Tags', multi_select: { contains: 'Speaker' } })).toEqual(['Max Connector']);
    expect(await query({ property: 'Contacted', checkbox: { equals: true } })).toEqual(['Max Connector']);
    expect(await query({ property: 'Score', number: { greater_than: 50 } })).toEqual(['Max Connector']);
    expect(await query({ property: 'Next follow-up', date: { on_or_after: '2026-11-01' } })).toEqual(['Max Connector']);
    expect(
      await query({ property: 'Companies', relation: { contains: SEED_IDS.page(DB.companies, 'Company 02') } }),
    ).toEqual(['Mina Sato', 'Max Connector']);
    expect(await query({ property: 'LinkedIn URL', url: { is_empty: true } })).toEqual(['Nora Blank']);
    expect(await query({ property: 'Name', title: { starts_with: 'jos' } })).toEqual(['José Álvarez']);
    expect(await query({ property: 'Name', title: { ends_with: 'dupont' } })).toHaveLength(2);
    expect(
      await query({
        or: [
          { property: 'Name', title: { equals: 'Sam Lee' } },
          {
            and: [
              { property: 'Name', title: { contains: 'a' } },
              { property: 'LinkedIn URL', url: { contains: 'fr.linkedin' } },
            ],
          },
        ],
      }),
    ).toEqual(['Sam Lee', 'José Álvarez']);
  });

  test('sorts by timestamp and by property; page_size and cursors', async () => {
    const byTitle: Any = await notion.databases.query({
      database_id: DB.people,
      sorts: [{ property: 'Name', direction: 'ascending' }],
    });
    expect(names(byTitle.results)).toEqual([...names(byTitle.results)].sort((a, b) => a.localeCompare(b)));
    const recent: Any = await notion.databases.query({
      database_id: DB.people,
      sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }],
      page_size: 5,
    });
    expect(recent.results).toHaveLength(5);
    expect(recent.has_more).toBe(true);
    const edited = recent.results.map((p: Any) => p.last_edited_time);
    expect(edited).toEqual([...edited].sort().reverse());
    const rest: Any = await notion.databases.query({
      database_id: DB.people,
      sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }],
      start_cursor: recent.next_cursor,
    });
    expect(rest.has_more).toBe(false);
    expect(new Set([...recent.results, ...rest.results].map((p: Any) => p.id)).size).toBe(8);
  });
});

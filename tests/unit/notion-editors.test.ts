/**
 * The people, files and option editors' rules and data (issue 17): a schema's options and what
 * deleting one sends (src/domain/notion/schemaOptions.ts); people named by id alone take the
 * workspace's names, the add list offers people not yet there (people.ts); deleting an option
 * against the Notion sandbox (in-process, API 2026-03-11, through the app's client) removes it
 * from the schema, the cache and the pages, keeps an option added since the cache was read, and
 * sends nothing for an option already gone; the workspace's users are cached and read again only
 * when stale.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { readDataSourceSchema } from '../../src/data/db/dataSourceSchemas.ts';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { WORKSPACE_USERS_TTL_MS } from '../../src/data/db/ttl.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { deleteSchemaOption } from '../../src/data/notion/optionDelete.ts';
import { readWorkspaceUsers, refreshWorkspaceUsers } from '../../src/data/notion/workspaceUsers.ts';
import { addablePeople, withKnownNames, type Person } from '../../src/domain/notion/people.ts';
import { canDeleteOption, optionsOf, optionsWithout } from '../../src/domain/notion/schemaOptions.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

describe('schema options', () => {
  const tags = {
    id: 't',
    type: 'multi_select',
    multi_select: {
      options: [
        { id: 'o1', name: 'Prospect', color: 'blue' },
        { id: 'o2', name: 'Partner', color: 'purple' },
        { name: 'No id yet' },
      ],
    },
  };

  test('reads the options of the property type, none without a config', () => {
    expect(optionsOf(tags, 'multi_select').map((option) => option.name)).toEqual(['Prospect', 'Partner', 'No id yet']);
    expect(optionsOf(tags, 'select')).toEqual([]);
    expect(optionsOf(undefined, 'status')).toEqual([]);
  });

  test('deleting one sends every other option, by id when it has one', () => {
    expect(optionsWithout(optionsOf(tags, 'multi_select'), 'Partner')).toEqual([{ id: 'o1' }, { name: 'No id yet' }]);
  });

  test('select and multi-select options can be deleted; status ones cannot (Notion refuses)', () => {
    expect([canDeleteOption('select'), canDeleteOption('multi_select'), canDeleteOption('status')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('people', () => {
  const users: Person[] = [
    { id: 'a', name: 'Alice Martin', avatarUrl: 'https://example.com/a.png', type: 'person' },
    { id: 'b', name: 'Bruno Costa', avatarUrl: null, type: 'person' },
    { id: 'z', name: 'Zapier', avatarUrl: null, type: 'bot' },
  ];

  test('a person named by id alone takes the workspace’s name and avatar; a named one is kept', () => {
    const people: Person[] = [
      { id: 'a', name: '', avatarUrl: null, type: null },
      { id: 'b', name: 'Bruno (as Notion said)', avatarUrl: null, type: 'person' },
      { id: 'gone', name: '', avatarUrl: null, type: null },
    ];
    expect(withKnownNames(people, users).map((person) => [person.name, person.avatarUrl])).toEqual([
      ['Alice Martin', 'https://example.com/a.png'],
      ['Bruno (as Notion said)', null],
      ['', null],
    ]);
    expect(withKnownNames(people, undefined)).toEqual(people);
  });

  test('the add list offers the workspace’s people not on the property, never its bots', () => {
    expect(addablePeople(users, [users[0]]).map((user) => user.id)).toEqual(['b']);
  });
});

describe('against the Notion sandbox', () => {
  const AUTH = 'auth-1';
  const MAX = SEED_IDS.page(SEED_IDS.databases.people, 'max');
  const SOURCE = SEED_IDS.dataSources.people;
  let sandbox: NotionSandbox;
  let client: NotionClient;
  let sent: string[] = [];
  let database: SidenoteDatabase;
  let TAGS: string;

  beforeAll(async () => {
    sandbox = await startNotionSandbox({ rateLimit: false });
    client = sandboxClient(sandbox, (path, init) => sent.push(`${init?.method ?? 'GET'} ${path}`));
    TAGS = (await client.dataSource(DEMO_WORKSPACE, SOURCE)).properties.find(
      (property) => property.name === 'Tags',
    )!.id;
  });
  afterAll(() => sandbox.stop());
  beforeEach(() => {
    sent = [];
    database = new SidenoteDatabase(`editors-${Math.random()}`);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await database.delete();
  });

  const tagNames = async () =>
    optionsOf(
      (await client.dataSource(DEMO_WORKSPACE, SOURCE)).properties.find((property) => property.id === TAGS),
      'multi_select',
    ).map((option) => option.name);
  const target = (name: string) => ({
    authId: AUTH,
    workspaceId: DEMO_WORKSPACE,
    dataSourceId: SOURCE,
    propertyId: TAGS,
    type: 'multi_select' as const,
    name,
  });

  test('deleting an option removes it from the schema, the cached schema and the pages that had it', async () => {
    // someone adds an option after this device cached the schema: the delete must keep it
    await client.updateDataSource(DEMO_WORKSPACE, SOURCE, {
      properties: {
        [TAGS]: {
          multi_select: { options: [...(await tagNames()).map((name) => ({ name })), { name: 'Added elsewhere' }] },
        },
      },
    });
    await deleteSchemaOption(target('Speaker'), { notion: client, database });

    expect(await tagNames()).toEqual(['Prospect', 'Customer', 'Partner', 'Added elsewhere']);
    const cached = await readDataSourceSchema(AUTH, SOURCE, database);
    expect(
      optionsOf(
        cached?.properties.find((property) => property.id === TAGS),
        'multi_select',
      ),
    ).toHaveLength(4);
    const page = await client.page(DEMO_WORKSPACE, MAX);
    expect((page.properties.Tags.multi_select as { name: string }[]).map((tag) => tag.name)).toEqual(['Partner']);
    expect(sent.filter((call) => call.startsWith('PATCH'))).toHaveLength(2); // the one above, and the delete
  });

  test('an option already gone sends no schema update (never an empty list), and the cache is refreshed', async () => {
    await deleteSchemaOption(target('Never existed'), { notion: client, database });
    expect(sent.filter((call) => call.startsWith('PATCH'))).toEqual([]);
    expect(await readDataSourceSchema(AUTH, SOURCE, database)).toBeDefined();
    expect(await tagNames()).toContain('Prospect');
  });

  test('the workspace’s users are cached, and read from Notion again only once stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const target = { authId: AUTH, workspaceId: DEMO_WORKSPACE };
    await refreshWorkspaceUsers(target, { notion: client, database });
    const users = await readWorkspaceUsers(AUTH, DEMO_WORKSPACE, database);
    expect(users?.map((user) => user.name)).toEqual(expect.arrayContaining(['Alice Martin', 'Chloé Nguyễn', 'Zapier']));
    expect(users?.find((user) => user.name === 'Zapier')?.type).toBe('bot');
    await refreshWorkspaceUsers(target, { notion: client, database });
    expect(sent.filter((call) => call.includes('/users'))).toHaveLength(1);
    vi.setSystemTime(Date.now() + WORKSPACE_USERS_TTL_MS);
    await refreshWorkspaceUsers(target, { notion: client, database });
    expect(sent.filter((call) => call.includes('/users'))).toHaveLength(2);
  });
});

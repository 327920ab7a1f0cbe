/**
 * Issue 14: a setting saved before data sources names its database only; on first use its data
 * source is found — the only one (one request, GET databases/{id}), or among several the one
 * holding the mapped properties (the contacts), never a source added beside them since.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { discoverDataSource } from '../../src/data/notion/settingDataSource.ts';
import { legacyDataSource } from '../../src/domain/settings/dataSourceDiscovery.ts';
import type { Mapping } from '../../src/domain/settings/mapping.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

describe('legacyDataSource: which source a database-only setting means', () => {
  const contacts = { id: 'contacts', propertyIds: ['title', 'url', 'city'] };
  const leads = { id: 'leads', propertyIds: ['title'] };
  const partial = { id: 'partial', propertyIds: ['title', 'url'] };

  test('the first source holding every mapped property, whatever the order', () => {
    const mapping: Mapping = { fullName: 'title', profileUrl: 'url', city: 'city' };
    expect(legacyDataSource([leads, partial, contacts], mapping)).toBe('contacts');
    expect(legacyDataSource([contacts, leads], mapping)).toBe('contacts');
  });

  test('else the first holding the profile URL property, else the first', () => {
    expect(legacyDataSource([leads, partial], { fullName: 'title', profileUrl: 'url', city: 'gone' })).toBe('partial');
    expect(legacyDataSource([leads, partial], { profileUrl: 'gone' })).toBe('leads');
    expect(legacyDataSource([], { profileUrl: 'url' })).toBeUndefined();
  });
});

describe('discoverDataSource against the Notion sandbox', () => {
  let sandbox: NotionSandbox;
  let client: NotionClient;
  let mapping: Mapping;
  const { databases, dataSources } = SEED_IDS;

  beforeAll(async () => {
    sandbox = await startNotionSandbox({ rateLimit: false });
    client = sandboxClient(sandbox);
    const schema = await client.dataSource(DEMO_WORKSPACE, dataSources.people);
    const id = (name: string) => schema.properties.find((p) => p.name === name)!.id;
    mapping = { fullName: id('Name'), profileUrl: id('LinkedIn URL'), city: id('City') };
  });
  afterAll(() => sandbox.stop());
  beforeEach(() => sandbox.clearRequestLog());

  test('a database with one data source: that one, in one request', async () => {
    expect(await discoverDataSource(client, DEMO_WORKSPACE, databases.people, mapping)).toBe(dataSources.people);
    expect(sandbox.requestLog().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/databases/${databases.people}`]);
  });

  test('after the user added a "Leads" source: still the contacts, read from the schemas', async () => {
    sandbox.addDataSource(databases.people, 'Leads');
    expect(await discoverDataSource(client, DEMO_WORKSPACE, databases.people, mapping)).toBe(dataSources.people);
    expect(sandbox.requestLog()).toHaveLength(3);
  });
});

/**
 * Two-way and one-way relations in the Notion sandbox at 2026-03-11, driven by the official SDK
 * 5.x: a `dual_property` relation gives its target the reverse property, links show on both
 * sides, and the target is queried with `relation: {contains: <page>}` — the one request the
 * app reads a two-way relation's titles with.
 */
import type { Client } from '@notionhq/client-v5';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { currentNotionClient, DB, PEOPLE_PAGE, SEED_IDS, startSandbox } from './notion-sandbox-support.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const DS = SEED_IDS.dataSources;
const company = (n: number) => SEED_IDS.page(DB.companies, `Company ${String(n).padStart(2, '0')}`);

let sandbox: Sandbox;
let notion: Client;
beforeAll(async () => {
  sandbox = await startSandbox();
  notion = currentNotionClient(sandbox.url, sandbox.demoKey);
});
afterAll(() => sandbox?.stop());

test('a dual_property relation names its reverse property, which the target gains', async () => {
  const updated: Any = await notion.dataSources.update({
    data_source_id: DS.people,
    properties: {
      Partners: { relation: { data_source_id: DS.companies, type: 'dual_property', dual_property: {} } },
    },
  });
  const partners = updated.properties.Partners;
  expect(partners.relation).toMatchObject({
    data_source_id: DS.companies,
    database_id: DB.companies,
    type: 'dual_property',
    dual_property: { synced_property_name: 'Related to CRM People (Partners)' },
  });
  const companies: Any = await notion.dataSources.retrieve({ data_source_id: DS.companies });
  const reverse = companies.properties['Related to CRM People (Partners)'];
  expect(reverse.id).toBe(partners.relation.dual_property.synced_property_id);
  expect(reverse.relation).toMatchObject({
    data_source_id: DS.people,
    type: 'dual_property',
    dual_property: { synced_property_id: partners.id, synced_property_name: 'Partners' },
  });
});

test('linking on one side lists the page on the other; the target answers `relation contains` in one query', async () => {
  await notion.dataSources.update({
    data_source_id: DS.people,
    properties: {
      Suppliers: {
        relation: {
          data_source_id: DS.companies,
          type: 'dual_property',
          dual_property: { synced_property_name: 'Buyers' },
        },
      },
    },
  });
  const sam = PEOPLE_PAGE('sam');
  const linked = [company(3), company(4), company(5)];
  await notion.pages.update({ page_id: sam, properties: { Suppliers: { relation: linked.map((id) => ({ id })) } } });
  const buyers: Any = await notion.pages.retrieve({ page_id: company(4) });
  expect(buyers.properties.Buyers.relation).toEqual([{ id: sam }]);

  const found: Any = await notion.dataSources.query({
    data_source_id: DS.companies,
    filter: { property: 'Buyers', relation: { contains: sam } },
    page_size: 100,
  });
  expect(found.results.map((page: Any) => page.id).sort()).toEqual([...linked].sort());

  await notion.pages.update({ page_id: sam, properties: { Suppliers: { relation: [{ id: company(5) }] } } });
  const unlinked: Any = await notion.pages.retrieve({ page_id: company(4) });
  expect(unlinked.properties.Buyers.relation).toEqual([]);
});

test('a one-way relation stays single_property and touches no other page', async () => {
  const schema: Any = await notion.dataSources.retrieve({ data_source_id: DS.people });
  expect(schema.properties.Companies.relation).toMatchObject({ type: 'single_property', single_property: {} });
  const before: Any = await notion.pages.retrieve({ page_id: company(6) });
  await notion.pages.update({
    page_id: PEOPLE_PAGE('sam'),
    properties: { Companies: { relation: [{ id: company(6) }] } },
  });
  const after: Any = await notion.pages.retrieve({ page_id: company(6) });
  expect(after.properties).toEqual(before.properties);
});

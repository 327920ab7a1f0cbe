/**
 * The Notion sandbox read endpoints, driven by the official `@notionhq/client` (2022-06-28):
 * pages/{id} (every value type, filter_properties) and the property-item endpoint, with the
 * 25-reference cap on relations and people.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DB, notionClient, PEOPLE_PAGE, startSandbox } from './notion-sandbox-support.ts';

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

describe('pages', () => {
  test('a page object shows every value type, computed ones included', async () => {
    const page: Any = await notion.pages.retrieve({ page_id: PEOPLE_PAGE('max') });
    const p = page.properties;
    expect(page.parent).toEqual({ type: 'database_id', database_id: DB.people });
    expect(p.Email.email).toBe('max@example.com');
    expect(p.Stage.status.name).toBe('Meeting booked');
    expect(p.Tags.multi_select.map((o: Any) => o.name)).toEqual(['Partner', 'Speaker']);
    expect(p['Next follow-up'].date).toEqual({ start: '2026-12-01', end: null, time_zone: null });
    expect(p.Attachments.files[1]).toMatchObject({
      type: 'file',
      file: { url: expect.any(String), expiry_time: expect.any(String) },
    });
    expect(p['Company count'].rollup).toEqual({ type: 'number', number: 30, function: 'count' });
    expect(p['Display name'].formula).toEqual({ type: 'string', string: 'Max Connector' });
    expect(p.ID.unique_id).toEqual({ prefix: 'CRM', number: 1 });
    expect(p['Created by'].created_by.name).toBe('Alice Martin');
  });

  test('the 25-reference cap: relation has_more and people truncated; property items page through all', async () => {
    const page: Any = await notion.pages.retrieve({ page_id: PEOPLE_PAGE('max') });
    expect(page.properties.Companies.relation).toHaveLength(25);
    expect(page.properties.Companies.has_more).toBe(true);
    expect(page.properties.Owner.people).toHaveLength(25);
    const mina: Any = await notion.pages.retrieve({ page_id: PEOPLE_PAGE('mina') });
    expect(mina.properties.Companies).toMatchObject({ has_more: false });

    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const items: Any = await notion.pages.properties.retrieve({
        page_id: page.id,
        property_id: page.properties.Companies.id,
        page_size: 20,
        start_cursor: cursor,
      });
      expect(items).toMatchObject({ object: 'list', type: 'property_item', property_item: { type: 'relation' } });
      ids.push(...items.results.map((r: Any) => r.relation.id));
      cursor = items.next_cursor ?? undefined;
    } while (cursor);
    expect(ids).toHaveLength(30);
    const owners: Any = await notion.pages.properties.retrieve({
      page_id: page.id,
      property_id: page.properties.Owner.id,
    });
    expect(owners.results).toHaveLength(29);
    const email: Any = await notion.pages.properties.retrieve({
      page_id: page.id,
      property_id: page.properties.Email.id,
    });
    expect(email).toEqual({
      object: 'property_item',
      id: page.properties.Email.id,
      type: 'email',
      email: 'max@example.com',
    });
  });

  test('filter_properties limits the properties returned', async () => {
    const page: Any = await notion.pages.retrieve({ page_id: PEOPLE_PAGE('max'), filter_properties: ['title'] });
    expect(Object.keys(page.properties)).toEqual(['Name']);
  });
});

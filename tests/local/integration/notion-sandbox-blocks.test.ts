/**
 * The Notion sandbox's page content at Notion-Version 2026-03-11, driven by the official
 * `@notionhq/client` 5.x: blocks.children.append and blocks.children.list (paginated) for the
 * block types Sidenote writes and shows (paragraph, heading_3, quote, callout), with Notion's
 * statuses and error bodies.
 */
import type { Client } from '@notionhq/client-v5';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { currentApiError, currentNotionClient, PEOPLE_PAGE, startSandbox } from './notion-sandbox-support.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const text = (content: string) => [{ type: 'text' as const, text: { content } }];
const paragraph = (content: string) => ({ paragraph: { rich_text: text(content) } });

describe('blocks with the SDK 5.x', () => {
  let sandbox: Sandbox;
  let notion: Client;
  const page = PEOPLE_PAGE('mina');
  beforeAll(async () => {
    sandbox = await startSandbox();
    notion = currentNotionClient(sandbox.url, sandbox.demoKey);
  });
  beforeEach(() => sandbox.reset());
  afterAll(() => sandbox?.stop());

  test('append puts the blocks at the end of the page, in order, and answers them', async () => {
    const first: Any = await notion.blocks.children.append({
      block_id: page,
      children: [
        { heading_3: { rich_text: text('27 Nov 2026') } },
        paragraph('Met at the fair.'),
        { quote: { rich_text: text('Call me in spring') } },
        { callout: { rich_text: text('Warm lead'), icon: { type: 'emoji', emoji: '🔥' } } },
      ],
    });
    expect(first).toMatchObject({ object: 'list', type: 'block', has_more: false, next_cursor: null });
    expect(first.results.map((b: Any) => b.type)).toEqual(['heading_3', 'paragraph', 'quote', 'callout']);
    expect(first.results[1]).toMatchObject({
      object: 'block',
      parent: { type: 'page_id', page_id: page },
      has_children: false,
      in_trash: false,
      paragraph: { rich_text: [{ plain_text: 'Met at the fair.' }], color: 'default' },
    });
    expect(first.results[1]).not.toHaveProperty('archived');
    expect(first.results[3].callout.icon).toEqual({ type: 'emoji', emoji: '🔥' });
    await notion.blocks.children.append({ block_id: page.replace(/-/g, ''), children: [paragraph('Second note')] });

    const listed: Any = await notion.blocks.children.list({ block_id: page });
    expect(listed.results.map((b: Any) => b[b.type].rich_text[0].plain_text)).toEqual([
      '27 Nov 2026',
      'Met at the fair.',
      'Call me in spring',
      'Warm lead',
      'Second note',
    ]);
  });

  test('list pages through with page_size and start_cursor; a page without content is an empty list', async () => {
    const children = Array.from({ length: 7 }, (_, i) => paragraph(`note ${i}`));
    await notion.blocks.children.append({ block_id: page, children });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const slice: Any = await notion.blocks.children.list({ block_id: page, page_size: 3, start_cursor: cursor });
      expect(slice.results.length).toBeLessThanOrEqual(3);
      seen.push(...slice.results.map((b: Any) => b.paragraph.rich_text[0].plain_text));
      cursor = slice.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(children.map((_, i) => `note ${i}`));
    const empty: Any = await notion.blocks.children.list({ block_id: PEOPLE_PAGE('max') });
    expect(empty).toMatchObject({ object: 'list', results: [], has_more: false, next_cursor: null });
  });

  test("Notion's refusals: limits, unknown ids, a page in the trash; a refused append stores nothing", async () => {
    const long = await currentApiError(
      notion.blocks.children.append({ block_id: page, children: [paragraph('ok'), paragraph('x'.repeat(2001))] }),
    );
    expect(long).toMatchObject({ status: 400, code: 'validation_error' });
    expect(long.message).toContain('body.children[1].paragraph.rich_text[0].text.content.length should be ≤ `2000`');
    const many = await currentApiError(
      notion.blocks.children.append({ block_id: page, children: Array.from({ length: 101 }, () => paragraph('x')) }),
    );
    expect(many.message).toBe('body failed validation: body.children.length should be ≤ `100`, instead was `101`.');
    expect(((await notion.blocks.children.list({ block_id: page })) as Any).results).toEqual([]);

    const missing = '0b6a9c1e-0000-4000-8000-000000000000';
    const notFound = await currentApiError(notion.blocks.children.list({ block_id: missing }));
    expect(notFound).toMatchObject({ status: 404, code: 'object_not_found' });
    expect(notFound.message).toContain(`Could not find block with ID: ${missing}.`);
    const other = currentNotionClient(sandbox.url, sandbox.secondKey);
    expect(await currentApiError(other.blocks.children.list({ block_id: page }))).toMatchObject({ status: 404 });

    await notion.pages.update({ page_id: page, in_trash: true });
    const trashed = await currentApiError(
      notion.blocks.children.append({ block_id: page, children: [paragraph('late')] }),
    );
    expect(trashed).toMatchObject({ status: 400, code: 'validation_error' });
    expect(trashed.message).toBe("Can't edit block that is archived. You must unarchive the block before editing.");
  });
});

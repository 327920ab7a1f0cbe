/**
 * The Notion sandbox's File Upload API (issue 34: a page icon that does not expire), driven by
 * the official SDK 5.x at 2026-03-11 as the other conformance suites are: an `external_url`
 * import (create → pending, then uploaded on the next read), attached once as a page icon and
 * read back as a Notion-hosted `file`; a failed import, a pending or unknown upload, a second
 * attach and a non-https URL refused with Notion's validation_error; another workspace's
 * upload not found.
 */
import type { Client } from '@notionhq/client-v5';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UNREACHABLE_HOST } from '../../../supabase/local/sandboxes/notion/routes-file-uploads.ts';
import { currentApiError, currentNotionClient, SEED_IDS, startSandbox } from './notion-sandbox-support.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
const AVATAR =
  'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/17?e=1767225600&v=beta&t=x';

let sandbox: Sandbox;
let notion: Client;
beforeAll(async () => {
  sandbox = await startSandbox();
  notion = currentNotionClient(sandbox.url, sandbox.demoKey);
});
afterAll(() => sandbox?.stop());

const importAvatar = (external_url = AVATAR) =>
  notion.fileUploads.create({ mode: 'external_url', external_url, filename: 'avatar.jpg' });

const pageWithIcon = (id: string) =>
  notion.pages.create({
    parent: { type: 'data_source_id', data_source_id: SEED_IDS.dataSources.people },
    properties: { Name: { title: [{ text: { content: 'Iconic Person' } }] } },
    icon: { type: 'file_upload', file_upload: { id } },
  });

describe('file uploads (SDK 5.x, 2026-03-11)', () => {
  test('an external URL import: pending, then uploaded; attached as an icon, read back as a Notion file', async () => {
    const created = await importAvatar();
    expect(created).toMatchObject({
      object: 'file_upload',
      status: 'pending',
      filename: 'avatar.jpg',
      content_type: 'image/jpeg',
      expiry_time: expect.any(String),
    });
    const read = await notion.fileUploads.retrieve({ file_upload_id: created.id });
    expect(read).toMatchObject({ id: created.id, status: 'uploaded', file_import_result: { type: 'success' } });

    const page = await pageWithIcon(created.id);
    const again = await notion.pages.retrieve({ page_id: page.id });
    expect('icon' in again && again.icon).toMatchObject({
      type: 'file',
      file: { url: expect.stringMatching(/^https:\/\//), expiry_time: expect.any(String) },
    });
    expect(JSON.stringify(again)).not.toContain('e=1767225600');
    // attached: it no longer expires, and cannot be attached twice
    expect((await notion.fileUploads.retrieve({ file_upload_id: created.id })).expiry_time).toBeNull();
    expect((await currentApiError(pageWithIcon(created.id))).code).toBe('validation_error');
  });

  test('a pending upload (not read since its create) is attached once the import is done', async () => {
    const created = await importAvatar();
    const page = await pageWithIcon(created.id);
    expect('icon' in page && page.icon?.type).toBe('file');
  });

  test('a failed import: status failed with an error result, and it cannot be attached', async () => {
    const created = await importAvatar(`https://${UNREACHABLE_HOST}/avatar.jpg`);
    const read = await notion.fileUploads.retrieve({ file_upload_id: created.id });
    expect(read).toMatchObject({ status: 'failed', file_import_result: { type: 'error' } });
    expect((await currentApiError(pageWithIcon(created.id))).code).toBe('validation_error');
  });

  test('refusals: no https, no filename, bytes (single_part), an unknown upload', async () => {
    const refused = [
      notion.fileUploads.create({
        mode: 'external_url',
        external_url: 'http://media.licdn.com/a.jpg',
        filename: 'a.jpg',
      }),
      notion.fileUploads.create({ mode: 'external_url', external_url: AVATAR }),
      notion.fileUploads.create({ mode: 'single_part', filename: 'a.jpg' }),
      pageWithIcon('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'),
    ];
    for (const call of refused) expect((await currentApiError(call)).code).toBe('validation_error');
    const unknown = await currentApiError(
      notion.fileUploads.retrieve({ file_upload_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
    );
    expect(unknown).toMatchObject({ status: 404, code: 'object_not_found' });
  });
});

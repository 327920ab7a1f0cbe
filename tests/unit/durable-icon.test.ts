/**
 * Add's page icon that does not expire (issue 34, src/data/notion/fileUploads.ts): a LinkedIn
 * photo is imported by Notion and the page gets the upload; anything short of `uploaded` within
 * the bounded checks — a refused import, an error, a failed or slow import — and any URL not on
 * LinkedIn's media host give the external icon, as before.
 */
import { describe, expect, test } from 'vitest';
import {
  durableIcon,
  ICON_IMPORT_CHECKS,
  type FileUploadApi,
  type NotionFileUpload,
} from '../../src/data/notion/fileUploads.ts';

const AVATAR =
  'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/17?e=1767225600&v=beta&t=x';
const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const EXTERNAL = { type: 'external', external: { url: AVATAR } };

/** An API whose import answers `created`, then each status read the next of `reads` (the last repeats). */
function fakeApi(created: NotionFileUpload | Error, reads: NotionFileUpload['status'][] = []) {
  const calls: string[] = [];
  const api: FileUploadApi = {
    importFile: async (workspaceId, body) => {
      calls.push(`import ${workspaceId} ${body.external_url} ${body.filename}`);
      if (created instanceof Error) throw created;
      return created;
    },
    fileUpload: async (_workspaceId, id) => {
      calls.push(`read ${id}`);
      return { id, status: reads.shift() ?? 'pending' };
    },
  };
  return { api, calls };
}

const noSleep = async () => {};

describe('durableIcon', () => {
  test('imported: the page icon is the upload, after one status read', async () => {
    const { api, calls } = fakeApi({ id: ID, status: 'pending' }, ['uploaded']);
    expect(await durableIcon(api, 'w1', AVATAR, noSleep)).toEqual({ type: 'file_upload', file_upload: { id: ID } });
    expect(calls).toEqual([`import w1 ${AVATAR} linkedin-avatar.jpg`, `read ${ID}`]);
  });

  test('uploaded at once: no status read', async () => {
    const { api, calls } = fakeApi({ id: ID, status: 'uploaded' });
    expect(await durableIcon(api, 'w1', AVATAR, noSleep)).toEqual({ type: 'file_upload', file_upload: { id: ID } });
    expect(calls).toHaveLength(1);
  });

  test.each([
    ['the import refused or lost', new Error('Notion said no'), []],
    ['the import failed', { id: ID, status: 'pending' as const }, ['failed' as const]],
    ['the upload expired', { id: ID, status: 'pending' as const }, ['expired' as const]],
    ['an answer that is not a file upload', { id: 42 } as unknown as NotionFileUpload, []],
  ])('%s: the external icon', async (_name, created, reads) => {
    const { api } = fakeApi(created, reads);
    expect(await durableIcon(api, 'w1', AVATAR, noSleep)).toEqual(EXTERNAL);
  });

  test('still pending after the bounded checks: the external icon, with that many reads and a pause between', async () => {
    const { api, calls } = fakeApi({ id: ID, status: 'pending' });
    const pauses: number[] = [];
    const icon = await durableIcon(api, 'w1', AVATAR, async (ms) => void pauses.push(ms));
    expect(icon).toEqual(EXTERNAL);
    expect(calls.filter((call) => call.startsWith('read'))).toHaveLength(ICON_IMPORT_CHECKS);
    expect(pauses).toHaveLength(ICON_IMPORT_CHECKS - 1);
  });

  test.each([
    'https://media.example.com/ada.jpg',
    'http://media.licdn.com/dms/image/a.jpg',
    'https://media.licdn.com.evil.example/a.jpg',
    'https://user@media.licdn.com/a.jpg',
    'not a url',
  ])('%s is not LinkedIn’s media: the external icon, Notion not asked', async (url) => {
    const { api, calls } = fakeApi({ id: ID, status: 'uploaded' });
    expect(await durableIcon(api, 'w1', url, noSleep)).toEqual({ type: 'external', external: { url } });
    expect(calls).toEqual([]);
  });
});

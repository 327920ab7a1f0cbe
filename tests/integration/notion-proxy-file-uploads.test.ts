/**
 * The notion-proxy's File Upload calls (issue 34, supabase/functions/notion-proxy/file-uploads.ts)
 * through the whole local stack against the Notion sandbox: an import of a LinkedIn media URL
 * and the read of its status are forwarded and answered as Notion answers; any other import —
 * another host, plain http, bytes (`single_part`), extra fields — is refused with a 400 before
 * Notion is asked; a status read of something that is not an id never leaves the proxy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { startProxyFixture, type ProxyFixture } from './support/notionProxy.ts';

const AVATAR =
  'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/1700000000?e=1767225600&v=beta&t=sig';

let fixture: ProxyFixture;
let sandbox: NotionSandbox;
let call: ProxyFixture['call'];

beforeAll(async () => {
  fixture = await startProxyFixture();
  ({ sandbox, call } = fixture);
});
afterAll(() => fixture?.stop());

describe('file uploads through the proxy', () => {
  test('a LinkedIn photo import and its status read reach Notion and come back as Notion answers', async () => {
    const created = await call('/file_uploads', {
      method: 'POST',
      body: { mode: 'external_url', external_url: AVATAR, filename: 'linkedin-avatar.jpg' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'file_upload', status: 'pending' });
    const read = await call(`/file_uploads/${String(created.body.id).replace(/-/g, '')}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ object: 'file_upload', id: created.body.id, status: 'uploaded' });
  });

  test('any other upload is refused before Notion', async () => {
    sandbox.clearRequestLog();
    const refusedBodies = [
      { mode: 'external_url', external_url: 'https://evil.example/a.jpg', filename: 'a.jpg' },
      { mode: 'external_url', external_url: 'http://media.licdn.com/a.jpg', filename: 'a.jpg' },
      { mode: 'external_url', external_url: 'https://media.licdn.com.evil.example/a.jpg', filename: 'a.jpg' },
      { mode: 'external_url', external_url: 'https://169.254.169.254/latest/meta-data', filename: 'a.jpg' },
      { mode: 'external_url', external_url: AVATAR },
      { mode: 'external_url', external_url: AVATAR, filename: 'a.jpg', content_type: 'text/html' },
      { mode: 'single_part', filename: 'a.jpg' },
      {},
    ];
    for (const body of refusedBodies) {
      const response = await call('/file_uploads', { method: 'POST', body });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
      expect(response.body).toMatchObject({ object: 'error', code: 'validation_error' });
      expect(response.headers.get('x-sidenote-proxy')).toBe('refused');
    }
    for (const path of ['/file_uploads/not-an-id', '/file_uploads/a%2Fb', '/file_uploads']) {
      const response = await call(path);
      expect([path, response.status, response.body.code]).toEqual([path, 400, 'invalid_request_url']);
    }
    expect(
      (await call(`/file_uploads/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/send`, { method: 'POST', body: {} })).status,
    ).toBe(400);
    expect(sandbox.requestLog()).toHaveLength(0);
  });
});

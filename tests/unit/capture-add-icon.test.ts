/**
 * Add's durable icon against the Notion sandbox (in-process, through the stand-in proxy; issue
 * 34): a LinkedIn photo whose URL expires (`e=`) is imported by Notion and the page, read back,
 * has a Notion-hosted `file` icon, not the expiring URL; when the import fails (Notion refuses
 * it) the page still gets made, with the external URL as before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProfileData } from '../../src/domain/capture/profilePage.ts';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { addProfilePage } from '../../src/data/notion/profileAdd.ts';
import type { ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { memoryClaims } from './support/memoryClaims.ts';
import { peopleDatabase } from './support/prefixCrowd.ts';
import { sandboxClient } from './support/sandboxProxy.ts';

const AVATAR =
  'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/1700000000?e=1767225600&v=beta&t=sig';

let sandbox: NotionSandbox;
let target: ProfileDatabase;
/** When true, the stand-in proxy fails every file upload call (as a refusal or an outage would). */
let uploadsFail = false;

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  target = await peopleDatabase(sandboxClient(sandbox));
});
afterAll(() => sandbox.stop());

const person = (slug: string, fullName: string): ProfileData => ({
  fullName,
  firstName: '',
  lastName: '',
  headline: '',
  summary: '',
  company: '',
  education: '',
  country: '',
  city: '',
  profileUrl: `https://www.linkedin.com/in/${slug}`,
  avatarUrl: AVATAR,
});

async function added(slug: string, fullName: string): Promise<{ icon: unknown }> {
  const client = sandboxClient(sandbox, (path) => {
    if (uploadsFail && path.includes('/file_uploads')) throw new TypeError('Failed to fetch');
  });
  const url = parseProfileUrl(`https://www.linkedin.com/in/${slug}`)!;
  const result = await addProfilePage(client, memoryClaims().claims, target, url, async () => person(slug, fullName));
  if (result.outcome !== 'created') throw new Error(`expected a created page, got ${result.outcome}`);
  const response = await fetch(`${sandbox.url}/v1/pages/${result.page.id}`, {
    headers: { authorization: `Bearer ${sandbox.demoKey}`, 'notion-version': '2026-03-11' },
  });
  return (await response.json()) as { icon: unknown };
}

describe('Add’s page icon', () => {
  test('a LinkedIn photo is imported: read back, a Notion-hosted file, not the expiring URL', async () => {
    const page = await added('icon-imported', 'Icon Imported');
    expect(page.icon).toMatchObject({
      type: 'file',
      file: { url: expect.any(String), expiry_time: expect.any(String) },
    });
    expect(JSON.stringify(page.icon)).not.toContain('licdn');
    const imports = sandbox.requestLog().filter((r) => r.path.startsWith('/v1/file_uploads'));
    expect(imports.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  test('the import fails: the page is still made, with the external URL', async () => {
    uploadsFail = true;
    try {
      const page = await added('icon-fallback', 'Icon Fallback');
      expect(page.icon).toEqual({ type: 'external', external: { url: AVATAR } });
    } finally {
      uploadsFail = false;
    }
  });
});

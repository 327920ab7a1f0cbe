/**
 * /storage/v1 through the real supabase-js: what the profile screen does with the avatars
 * bucket (spec: list the public folder with limit 100 and search by user id, public URL with a
 * cache-busting timestamp, upload with overwrite, cache 3600 and the file's content type,
 * remove), checked against the rows in storage.objects and the files on disk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { createTestUser, type TestUser } from '../../integration/support/users.ts';
import { imageFile, objectRow, pngBytes, storageFetch, versionFiles } from '../../integration/support/storage.ts';

let stack: TestStack;
let alice: TestUser;
const avatarOf = (user: TestUser, ext = 'png') => `public/${user.id}.${ext}`;

beforeAll(async () => {
  stack = await startTestStack();
  alice = await createTestUser(stack, 'alice@example.com');
});
afterAll(() => stack?.stop());

describe('upload', () => {
  it('stores a File as the app sends it: row owned by the uploader, metadata, bytes on disk', async () => {
    const bytes = pngBytes(1500);
    const { data, error } = await alice.client.storage
      .from('avatars')
      .upload(avatarOf(alice), imageFile(bytes), { cacheControl: '3600', upsert: true });
    expect(error).toBeNull();
    expect(data).toEqual({ path: avatarOf(alice), fullPath: `avatars/${avatarOf(alice)}`, id: expect.any(String) });

    const row = await objectRow(stack, avatarOf(alice));
    expect(row).toMatchObject({ id: data!.id, owner: alice.id, owner_id: alice.id });
    expect(row!.metadata).toMatchObject({
      mimetype: 'image/png',
      size: 1500,
      contentLength: 1500,
      cacheControl: 'max-age=3600',
      eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      lastModified: expect.any(String),
    });
    expect(await versionFiles(stack, avatarOf(alice))).toEqual([`storage/avatars/${avatarOf(alice)}/~${row!.version}`]);
  });

  it('takes content type and cache-control from the options for a raw Buffer', async () => {
    const { error } = await stack
      .serviceClient()
      .storage.from('avatars')
      .upload('public/raw.jpg', pngBytes(64), { contentType: 'image/jpeg', cacheControl: '60' });
    expect(error).toBeNull();
    const row = await objectRow(stack, 'public/raw.jpg');
    expect(row!.metadata).toMatchObject({ mimetype: 'image/jpeg', cacheControl: 'max-age=60', size: 64 });
    expect(row!.owner).toBeNull(); // the service role has no auth.uid()
  });

  it('without upsert, refuses to overwrite an existing object and keeps its bytes', async () => {
    const before = await objectRow(stack, avatarOf(alice));
    const { data, error } = await alice.client.storage.from('avatars').upload(avatarOf(alice), imageFile(pngBytes(10)));
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(await objectRow(stack, avatarOf(alice))).toEqual(before);
    expect(await versionFiles(stack, avatarOf(alice))).toHaveLength(1);
  });

  it('with upsert, overwrites in place: same id, new bytes and metadata, old version file gone', async () => {
    const before = await objectRow(stack, avatarOf(alice));
    const bytes = pngBytes(2000, 7);
    const { data, error } = await alice.client.storage
      .from('avatars')
      .upload(avatarOf(alice), imageFile(bytes, 'image/webp'), { upsert: true, cacheControl: '3600' });
    expect(error).toBeNull();
    expect(data!.id).toBe(before!.id);
    const after = await objectRow(stack, avatarOf(alice));
    expect(after!.version).not.toBe(before!.version);
    expect(after!.metadata).toMatchObject({ mimetype: 'image/webp', size: 2000 });
    expect(await versionFiles(stack, avatarOf(alice))).toEqual([
      `storage/avatars/${avatarOf(alice)}/~${after!.version}`,
    ]);
  });

  it('update (PUT) overwrites too', async () => {
    const { error } = await alice.client.storage.from('avatars').update(avatarOf(alice), imageFile(pngBytes(300, 9)));
    expect(error).toBeNull();
    expect((await objectRow(stack, avatarOf(alice)))!.metadata).toMatchObject({ mimetype: 'image/png', size: 300 });
  });
});

describe('public URL and download', () => {
  it('serves the bytes with the stored content type and cache-control, with no key, cache-busted', async () => {
    const bytes = pngBytes(777, 3);
    await alice.client.storage
      .from('avatars')
      .upload(avatarOf(alice), imageFile(bytes), { upsert: true, cacheControl: '3600' });
    const { publicUrl } = alice.client.storage.from('avatars').getPublicUrl(avatarOf(alice)).data;
    expect(publicUrl).toBe(`${stack.apiUrl}/storage/v1/object/public/avatars/${avatarOf(alice)}`);

    const response = await fetch(`${publicUrl}?t=${Date.now()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    const etag = response.headers.get('etag')!;
    expect((await fetch(publicUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '777']);
  });

  it('answers storage-api bodies for a missing object and for a bucket that is not public', async () => {
    const missing = await fetch(`${stack.apiUrl}/storage/v1/object/public/avatars/public/nobody.png`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    await stack.db.exec(`insert into storage.buckets (id, name, public) values ('private', 'private', false)`);
    const privateUrl = await fetch(`${stack.apiUrl}/storage/v1/object/public/private/x.png`);
    expect(await privateUrl.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('downloads with the caller’s rights', async () => {
    const { data, error } = await alice.client.storage.from('avatars').download(avatarOf(alice));
    expect(error).toBeNull();
    expect(data!.type).toBe('image/png');
    expect(Buffer.from(await data!.arrayBuffer()).equals(pngBytes(777, 3))).toBe(true);
    const missing = await alice.client.storage.from('avatars').download('public/nobody.png');
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
    expect((await alice.client.storage.from('avatars').exists(avatarOf(alice))).data).toBe(true);
  });
});

describe('list', () => {
  beforeAll(async () => {
    const service = stack.serviceClient().storage.from('avatars');
    for (const name of ['public/Zed.png', 'public/nested/deep.png', 'other/folder/x.png']) {
      const { error } = await service.upload(name, imageFile(pngBytes(20)));
      expect(error).toBeNull();
    }
  });

  it('finds a user’s avatar in the public folder by search, as the profile screen does', async () => {
    const { data, error } = await alice.client.storage.from('avatars').list('public', { limit: 100, search: alice.id });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: `${alice.id}.png`,
        id: (await objectRow(stack, avatarOf(alice)))!.id,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_accessed_at: expect.any(String),
        metadata: expect.objectContaining({ mimetype: 'image/png', size: 777 }),
      },
    ]);
  });

  it('lists one level, folders as entries with null id, sorted by name; limit, offset, case-insensitive search', async () => {
    // The service role sees every row; users see only their own avatar (db-privilege-edges).
    const list = (prefix: string, options = {}) => stack.serviceClient().storage.from('avatars').list(prefix, options);
    const names = async (prefix: string, options = {}) => (await list(prefix, options)).data!.map((e) => e.name);
    expect(await names('public')).toEqual([`${alice.id}.png`, 'nested', 'raw.jpg', 'Zed.png']);
    expect((await list('')).data).toEqual([
      expect.objectContaining({ name: 'other', id: null, metadata: null }),
      expect.objectContaining({ name: 'public', id: null, metadata: null }),
    ]);
    expect(await names('public/', { limit: 2, offset: 1 })).toEqual(['nested', 'raw.jpg']);
    expect(await names('public', { search: 'zE' })).toEqual(['Zed.png']);
    expect(await names('public', { search: 'nes' })).toEqual(['nested']);
    expect(await names('public', { sortBy: { column: 'name', order: 'desc' } })).toEqual([
      'Zed.png',
      'raw.jpg',
      'nested',
      `${alice.id}.png`,
    ]);
    expect(await names('other/folder')).toEqual(['x.png']);
    expect(await names('nowhere')).toEqual([]);
  });
});

describe('remove', () => {
  it('removes the caller’s objects, answers the removed rows, and deletes the files', async () => {
    const { data, error } = await alice.client.storage.from('avatars').remove([avatarOf(alice), 'public/absent.png']);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ name: avatarOf(alice), bucket_id: 'avatars', owner: alice.id })]);
    expect(await objectRow(stack, avatarOf(alice))).toBeUndefined();
    expect(await versionFiles(stack, avatarOf(alice))).toEqual([]);
    const gone = await fetch(alice.client.storage.from('avatars').getPublicUrl(avatarOf(alice)).data.publicUrl);
    expect(await gone.json()).toMatchObject({ statusCode: '404', error: 'not_found' });
  });
});

describe('buckets and unsupported routes', () => {
  it('lists buckets under RLS: the service role sees avatars, anon sees none', async () => {
    const { data } = await stack.serviceClient().storage.getBucket('avatars');
    expect(data).toMatchObject({
      id: 'avatars',
      public: true,
      file_size_limit: 2097152,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp'],
    });
    expect((await stack.client().storage.listBuckets()).data).toEqual([]);
  });

  it('answers storage-api’s NotSupported for routes this stack does not emulate', async () => {
    const { error } = await stack.serviceClient().storage.from('avatars').move('public/raw.jpg', 'public/moved.jpg');
    expect(error).toMatchObject({
      statusCode: '409',
      message: 'The feature object/move is not enabled for this resource',
    });
    expect((await storageFetch(stack, '/nothing-here')).status).toBe(404);
  });
});

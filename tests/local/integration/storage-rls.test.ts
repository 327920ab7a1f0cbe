/**
 * /storage/v1 refusals through the real supabase-js: RLS on storage.objects (another user's
 * avatar, anon), the bucket's size and mime rules, unsafe keys and bad JWTs — each answered with
 * storage-api's error body, and each leaving storage.objects and the disk exactly as they were.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { clientWithToken, createTestUser, userToken, type TestUser } from '../../integration/support/users.ts';
import { imageFile, objectRow, pngBytes, storageFetch, storageSnapshot } from '../../integration/support/storage.ts';

let stack: TestStack;
let alice: TestUser;
let bob: TestUser;
const avatarOf = (user: TestUser) => `public/${user.id}.png`;
const RLS_DENIED = { status: 400, statusCode: '403', message: 'new row violates row-level security policy' };

beforeAll(async () => {
  stack = await startTestStack();
  alice = await createTestUser(stack, 'alice@example.com');
  bob = await createTestUser(stack, 'bob@example.com');
  const { error } = await alice.client.storage
    .from('avatars')
    .upload(avatarOf(alice), imageFile(pngBytes(100, 1)), { upsert: true, cacheControl: '3600' });
  expect(error).toBeNull();
});
afterAll(() => stack?.stop());

let before: Awaited<ReturnType<typeof storageSnapshot>>;
beforeEach(async () => {
  before = await storageSnapshot(stack);
});
const expectUnchanged = async () => expect(await storageSnapshot(stack)).toEqual(before);

describe('row-level security', () => {
  it('a user cannot upload under another user’s name', async () => {
    const { error } = await bob.client.storage
      .from('avatars')
      .upload(`public/${alice.id}.jpg`, imageFile(pngBytes(10)));
    expect(error).toMatchObject(RLS_DENIED);
    const raw = await storageFetch(stack, `/object/avatars/public/${alice.id}.gif`, {
      method: 'POST',
      token: bob.accessToken,
      headers: { 'content-type': 'image/gif' },
      body: new Uint8Array(pngBytes(10)),
    });
    expect([raw.status, await raw.json()]).toEqual([
      400,
      { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: RLS_DENIED.message },
    ]);
    await expectUnchanged();
  });

  it('a user cannot overwrite another user’s avatar, by upsert or update', async () => {
    const bucket = bob.client.storage.from('avatars');
    expect((await bucket.upload(avatarOf(alice), imageFile(pngBytes(10, 5)), { upsert: true })).error).toMatchObject(
      RLS_DENIED,
    );
    expect((await bucket.update(avatarOf(alice), imageFile(pngBytes(10, 5)))).error).toMatchObject(RLS_DENIED);
    expect((await bucket.upload(avatarOf(alice), imageFile(pngBytes(10, 5)))).error).toMatchObject(RLS_DENIED);
    await expectUnchanged();
    const served = await fetch(bucket.getPublicUrl(avatarOf(alice)).data.publicUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes(100, 1))).toBe(true);
  });

  it('a user cannot delete another user’s avatar: nothing is removed', async () => {
    const { data, error } = await bob.client.storage.from('avatars').remove([avatarOf(alice)]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const single = await storageFetch(stack, `/object/avatars/${avatarOf(alice)}`, {
      method: 'DELETE',
      token: bob.accessToken,
    });
    expect(await single.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
    await expectUnchanged();
  });

  it('anon cannot upload at all', async () => {
    const { error } = await stack
      .client()
      .storage.from('avatars')
      .upload('public/anon.png', imageFile(pngBytes(10)));
    expect(error).toMatchObject(RLS_DENIED);
    await expectUnchanged();
  });

  it('the user can manage their own avatar, and the service role anyone’s', async () => {
    expect((await bob.client.storage.from('avatars').upload(avatarOf(bob), imageFile(pngBytes(10)))).error).toBeNull();
    const service = stack.serviceClient().storage.from('avatars');
    expect((await service.upload(avatarOf(alice), imageFile(pngBytes(20, 2)), { upsert: true })).error).toBeNull();
    expect((await objectRow(stack, avatarOf(alice)))!.metadata).toMatchObject({ size: 20 });
    const { data } = await service.remove([avatarOf(bob)]);
    expect(data!.map((o) => o.name)).toEqual([avatarOf(bob)]);
  });
});

describe('bucket rules', () => {
  it('refuses a file over the bucket’s 2 MB with storage-api’s 413 body, writing nothing', async () => {
    const tooBig = imageFile(pngBytes(2 * 1024 * 1024 + 1));
    const { error } = await alice.client.storage.from('avatars').upload(avatarOf(alice), tooBig, { upsert: true });
    expect(error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const raw = await storageFetch(stack, `/object/avatars/${avatarOf(alice)}`, {
      method: 'PUT',
      token: alice.accessToken,
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(pngBytes(2 * 1024 * 1024 + 1)),
    });
    expect(await raw.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    await expectUnchanged();
  });

  it('accepts exactly 2 MB', async () => {
    const { error } = await alice.client.storage
      .from('avatars')
      .upload(avatarOf(alice), imageFile(pngBytes(2 * 1024 * 1024)), { upsert: true });
    expect(error).toBeNull();
  });

  it('refuses a type outside image/* with storage-api’s 415 body, writing nothing', async () => {
    const bucket = alice.client.storage.from('avatars');
    const text = new File(['hello'], 'a.txt', { type: 'text/plain' });
    expect((await bucket.upload(avatarOf(alice), text, { upsert: true })).error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });
    const raw = await bucket.upload(avatarOf(alice), Buffer.from('hello'), { upsert: true });
    expect(raw.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain;charset=UTF-8 is not supported',
    });
    await expectUnchanged();
  });
});

describe('a write failing after the row statement', () => {
  it('leaves neither row nor file when the transaction fails at commit', async () => {
    await stack.db.exec(`
      create function public.refuse_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$;
      create constraint trigger refuse_at_commit after insert or update on storage.objects
        deferrable initially deferred for each row
        when (new.name like 'public/fail-at-commit%') execute function public.refuse_at_commit();`);
    before = await storageSnapshot(stack);
    const service = stack.serviceClient().storage.from('avatars');
    const { error } = await service.upload('public/fail-at-commit.png', imageFile(pngBytes(10)));
    expect(error).toMatchObject({ status: 500, statusCode: '500', message: 'database error, code: P0001' });
    await expectUnchanged();
  });
});

describe('unsafe keys and bad tokens', () => {
  it('refuses keys with `..` or empty (absolute) segments, writing nothing anywhere', async () => {
    const service = stack.serviceClient().storage.from('avatars');
    for (const key of ['public/..%2F..%2F..%2F..%2Fescape.png', 'a/../../escape.png']) {
      const { error } = await service.upload(key, imageFile(pngBytes(10)));
      expect(error, key).toMatchObject({ status: 400 });
    }
    const encoded = await service.upload('public/..%2Fescape.png', imageFile(pngBytes(10)));
    expect(encoded.error).toMatchObject({ statusCode: '400', message: 'Invalid key: public/../escape.png' });
    for (const path of ['/object/avatars//etc/escape.png', '/object/avatars/public/%2Fescape.png']) {
      const raw = await storageFetch(stack, path, {
        method: 'POST',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(pngBytes(10)),
      });
      expect(await raw.json(), path).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    await expectUnchanged();
    expect(existsSync(join(stack.dataDir, '..', 'escape.png'))).toBe(false);
    expect(existsSync(join(stack.dataDir, 'escape.png'))).toBe(false);
  });

  it('refuses an expired or forged JWT with 403 Unauthorized', async () => {
    const expired = clientWithToken(stack, userToken(stack, alice.id, alice.email, -10));
    expect((await expired.storage.from('avatars').upload(avatarOf(alice), imageFile(pngBytes(5)))).error).toMatchObject(
      { statusCode: '403', message: 'jwt expired' },
    );
    const forged = clientWithToken(stack, `${alice.accessToken.slice(0, -4)}AAAA`);
    expect((await forged.storage.from('avatars').list('public')).error).toMatchObject({
      statusCode: '403',
      message: 'invalid signature',
    });
    await expectUnchanged();
  });
});

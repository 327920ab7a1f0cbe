/**
 * delete-user-complete in Deno through the local stack (spec 2 §5, §7; issue 19 "their avatar
 * objects in storage too"): an admin's call deletes the user with their avatar objects — rows
 * and files, every extension — and answers delete_user_complete's {success, message}; anon, a
 * user without a session and non-admins are refused with storage and the user untouched; an
 * unknown e-mail and the admin's own account are answered per user, the own avatar kept.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { personas, setUpUser, sql, type Personas } from './support/personas.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { imageFile, pngBytes, storageSnapshot, versionFiles } from './support/storage.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

let stack: TestStack;
let p: Personas;

async function deleteCall(token: string, body: unknown) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/delete-user-complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function withAvatars(email: string, extensions: string[]) {
  const user = await setUpUser(stack, email);
  for (const [i, ext] of extensions.entries()) {
    const { error } = await user.client.storage
      .from('avatars')
      .upload(`public/${user.id}.${ext}`, imageFile(pngBytes(32, i + 1)));
    if (error) throw error;
  }
  return user;
}

const userCount = async (id: string) =>
  (await sql<{ n: number }>(stack, 'select count(*)::int as n from auth.users where id = $1', [id]))[0].n;

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'duc-');
});

afterAll(async () => {
  await stack?.stop();
});

describe('delete-user-complete', () => {
  test('an admin deletes the user and every avatar object of theirs, rows and files; others keep theirs', async () => {
    const victim = await withAvatars('duc-victim@example.com', ['png', 'jpg']);
    const bystander = await withAvatars('duc-victim-not@example.com', ['png']);
    const names = [`public/${victim.id}.png`, `public/${victim.id}.jpg`];
    expect((await Promise.all(names.map((n) => versionFiles(stack, n)))).flat()).toHaveLength(2);
    const bystanderFiles = await versionFiles(stack, `public/${bystander.id}.png`);

    expect(await deleteCall(p.admin.accessToken, { target_email: 'DUC-victim@example.com' })).toEqual({
      status: 200,
      body: { success: true, message: 'User deleted successfully' },
    });
    expect(await userCount(victim.id)).toBe(0);
    const rows = await sql(stack, 'select name from storage.objects where name = any($1::text[])', [names]);
    expect(rows).toEqual([]);
    expect((await Promise.all(names.map((n) => versionFiles(stack, n)))).flat()).toEqual([]);
    expect(await userCount(bystander.id)).toBe(1);
    expect(await versionFiles(stack, `public/${bystander.id}.png`)).toEqual(bystanderFiles);
    expect(bystanderFiles).toHaveLength(1);
  });

  test('anon, a token without a user and non-admins are refused; nothing changes', async () => {
    const target = await withAvatars('duc-target@example.com', ['png']);
    const before = await storageSnapshot(stack);
    const body = { target_email: target.email };
    expect(await deleteCall(stack.anonKey, body)).toEqual({
      status: 401,
      body: { success: false, message: 'Authentication required' },
    });
    for (const who of [p.owner, p.member, p.other, target]) {
      expect(await deleteCall(who.accessToken, body)).toEqual({
        status: 403,
        body: { success: false, message: 'Admins only' },
      });
    }
    expect(await userCount(target.id)).toBe(1);
    expect(await storageSnapshot(stack)).toEqual(before);
  });

  test('per user: an unknown e-mail, the admin’s own account (avatar kept), a bad body', async () => {
    const { error } = await p.admin.client.storage
      .from('avatars')
      .upload(`public/${p.admin.id}.png`, imageFile(pngBytes(32, 9)));
    expect(error).toBeNull();
    const before = await storageSnapshot(stack);
    expect(await deleteCall(p.admin.accessToken, { target_email: 'duc-ghost@example.com' })).toEqual({
      status: 200,
      body: { success: false, message: 'User not found' },
    });
    expect(await deleteCall(p.admin.accessToken, { target_email: p.admin.email })).toEqual({
      status: 200,
      body: { success: false, message: 'You cannot delete your own account' },
    });
    expect(await deleteCall(p.admin.accessToken, { target_email: '  ' })).toEqual({
      status: 400,
      body: { success: false, message: 'target_email is required' },
    });
    expect(await storageSnapshot(stack)).toEqual(before);
    expect(await userCount(p.admin.id)).toBe(1);
  });
});

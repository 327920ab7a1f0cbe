/**
 * Workspaces through supabase-js: create_workspace_with_association (the key stored once, the
 * duplicate message's data, joining by key), secure_workspace_management (user count, removal,
 * the last user's removal cascade), who sees a workspace and its key, the errors log, and bad
 * input to both RPCs. Runs on PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { notionKey, personas, sql, type Persona, type Personas } from './support/personas.ts';

let stack: TestStack;
let p: Personas;
const DENIED = { code: '42501' };

const create = (who: Persona, key: string, name = 'Acme CRM') =>
  who.client.rpc('create_workspace_with_association', {
    notion_key: key,
    notion_workspace_id: 'ws-1',
    workspace_name: name,
    notion_key_name: 'Sidenote integration',
    auth_user_id: who.id,
  });
const manage = (who: Persona, op: string | null, workspaceId: string | null) =>
  who.client.rpc('secure_workspace_management', {
    p_operation: op,
    p_workspace_id: workspaceId,
    p_auth_user_id: who.id,
  });
const counts = () =>
  sql(
    stack,
    `select (select count(*)::int from public.workspaces) as workspaces, (select count(*)::int from public.workspace_users) as links,
            (select count(*)::int from public.settings) as settings, (select count(*)::int from public.errors) as errors`,
  );

let wsId: string;
beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'ws-');
  const { data, error } = await create(p.owner, `  ${notionKey('a')}  `);
  expect(error).toBeNull();
  wsId = data.new_workspace.id;
});
afterAll(() => stack?.stop());

describe('create_workspace_with_association', () => {
  it('stores the trimmed key once, links the caller, and answers {success, new_workspace, error}', async () => {
    const { data } = await p.owner.client
      .from('workspaces')
      .select('id, notion_key, notion_workspace_name, name, health');
    expect(data).toEqual([
      {
        id: wsId,
        notion_key: 'ntn_a…aaa',
        notion_workspace_name: 'Acme CRM',
        name: 'Sidenote integration',
        health: 'Healthy',
      },
    ]);
    expect((await p.owner.client.from('workspace_users').select('user_id').eq('workspace_id', wsId)).data).toEqual([
      { user_id: p.owner.profileId },
    ]);
  });

  it('the same key again: success false with the spec’s message and the existing workspace’s name, nothing written', async () => {
    const before = await counts();
    const { data, error } = await create(p.owner, notionKey('a'), 'Another name');
    expect(error).toBeNull();
    expect(data).toEqual({
      success: false,
      new_workspace: { id: wsId, name: 'Sidenote integration', notion_workspace_name: 'Acme CRM' },
      error: 'This API key is already associated with workspace "Acme CRM". Each key must be unique.',
    });
    expect(await counts()).toEqual(before);
  });

  it('only linked users see a workspace; another user holding the key joins it', async () => {
    for (const who of [p.member, p.other, p.admin]) {
      expect((await who.client.from('workspaces').select('notion_key').eq('id', wsId)).data).toEqual([]);
      expect((await who.client.from('workspace_users').select().eq('workspace_id', wsId)).data).toEqual([]);
    }
    expect((await p.anon.from('workspaces').select()).error).toMatchObject(DENIED);
    const joined = await create(p.other, notionKey('a'));
    expect(joined.data).toMatchObject({ success: true, new_workspace: { id: wsId }, error: null });
    expect((await p.other.client.from('workspaces').select('notion_key').eq('id', wsId)).data).toEqual([
      { notion_key: 'ntn_a…aaa' },
    ]);
    expect((await manage(p.owner, 'get_user_count', wsId)).data).toMatchObject({ success: true, user_count: 2 });
  });

  it('no direct writes to workspaces or workspace_users through the API', async () => {
    const before = await counts();
    const c = p.owner.client;
    expect((await c.from('workspaces').insert({ notion_key: 'ntn_z…zzz' })).error).toMatchObject(DENIED);
    expect((await c.from('workspaces').update({ health: 'Error' }).eq('id', wsId)).error).toMatchObject(DENIED);
    expect((await c.from('workspaces').delete().eq('id', wsId)).error).toMatchObject(DENIED);
    expect(
      (await p.member.client.from('workspace_users').insert({ workspace_id: wsId, user_id: p.member.profileId })).error,
    ).toMatchObject(DENIED);
    expect((await c.from('workspace_users').delete().eq('workspace_id', wsId)).error).toMatchObject(DENIED);
    expect(await counts()).toEqual(before);
  });

  it('bad input: empty key, wrong length, no name, null or another user, anon — a clear error, no writes', async () => {
    const before = await counts();
    const base = {
      notion_key: notionKey('b'),
      notion_workspace_id: 'w',
      workspace_name: 'W',
      notion_key_name: 'k',
      auth_user_id: p.owner.id,
    };
    const cases: Array<[Record<string, unknown>, object, typeof p.anon?]> = [
      [{ notion_key: null }, { code: '22023', message: 'Please enter a valid Notion API key' }],
      [{ notion_key: '   ' }, { code: '22023', message: 'Please enter a valid Notion API key' }],
      [{ notion_key: 'ntn_short' }, { code: '22023', message: 'Incorrect key length' }],
      [{ notion_key: notionKey('b') + 'x'.repeat(10) }, { code: '22023', message: 'Incorrect key length' }],
      [{ workspace_name: null }, { code: '22023', message: 'workspace_name is required' }],
      [{ auth_user_id: null }, { code: '22004', message: 'auth_user_id is required' }],
      [{ auth_user_id: 'nope' }, { code: '22P02' }],
      [{ auth_user_id: p.other.id }, { code: '42501', message: 'You can only act for yourself' }],
      [{}, DENIED, p.anon],
    ];
    for (const [change, expected, client] of cases) {
      const { error } = await (client ?? p.owner.client).rpc('create_workspace_with_association', {
        ...base,
        ...change,
      });
      expect(error).toMatchObject(expected);
    }
    const { error } = await p.owner.client.rpc('create_workspace_with_association', { notion_key: notionKey('b') });
    expect(error).toMatchObject({ code: 'PGRST202' });
    expect(await counts()).toEqual(before);
  });
});

describe('the key stays on the server', () => {
  it('no user reads any key, even their own: not through workspaces, not in private, not in an RPC answer', async () => {
    const key = notionKey('a');
    for (const who of [p.owner, p.other]) {
      const column = await who.client.from('workspaces').select('notion_internal_key');
      expect(column.error).toMatchObject({ code: '42703' });
      const rows = await who.client.from('workspaces').select('*');
      expect(rows.error).toBeNull();
      expect(JSON.stringify(rows.data)).not.toContain(key.slice(5, -3));
      expect((await who.client.schema('private').from('workspace_keys').select()).error).not.toBeNull();
    }
    const asUser = await sql(stack, 'select has_table_privilege($1, $2, $3) as allowed', [
      'authenticated',
      'private.workspace_keys',
      'select',
    ]);
    expect(asUser).toEqual([{ allowed: false }]);
    const again = await create(p.owner, key);
    const joined = await create(p.member, notionKey('k'));
    for (const answer of [again, joined]) {
      expect(answer.error).toBeNull();
      expect(JSON.stringify(answer.data)).not.toMatch(/ntn_[a-z]{10}/);
    }
    expect(joined.data?.new_workspace).toMatchObject({ notion_key: 'ntn_k…kkk' });
  });

  it('the duplicate check answers for a linked workspace only, without the key', async () => {
    const found = await p.owner.client.rpc('linked_workspace_for_key', { notion_key: `  ${notionKey('a')} ` });
    expect(found).toMatchObject({
      error: null,
      data: [{ id: wsId, name: 'Sidenote integration', notion_workspace_name: 'Acme CRM' }],
    });
    expect((await p.admin.client.rpc('linked_workspace_for_key', { notion_key: notionKey('a') })).data).toEqual([]);
    expect((await p.owner.client.rpc('linked_workspace_for_key', { notion_key: notionKey('q') })).data).toEqual([]);
    expect((await p.anon.rpc('linked_workspace_for_key', { notion_key: notionKey('a') })).error).toMatchObject(DENIED);
  });

  it('notion_proxy_access gives the key to the service role only, and only for a linked user', async () => {
    for (const who of [p.owner, p.other]) {
      const { error } = await who.client.rpc('notion_proxy_access', { p_auth_user_id: who.id, p_workspace_id: wsId });
      expect(error).toMatchObject(DENIED);
    }
    const service = stack.serviceClient();
    const linked = await service.rpc('notion_proxy_access', { p_auth_user_id: p.owner.id, p_workspace_id: wsId });
    expect(linked).toMatchObject({ error: null, data: { has_team: true, notion_internal_key: notionKey('a') } });
    const outsider = await service.rpc('notion_proxy_access', { p_auth_user_id: p.admin.id, p_workspace_id: wsId });
    expect(outsider.data).toMatchObject({ has_team: true, notion_internal_key: null });
    const nowhere = await service.rpc('notion_proxy_access', { p_auth_user_id: p.owner.id });
    expect(nowhere.data).toMatchObject({ has_team: true, notion_internal_key: null });
  });
});

describe('errors log', () => {
  it('linked users log and read a workspace’s errors; others see nothing and cannot log; nobody edits', async () => {
    const logged = await p.owner.client
      .from('errors')
      .insert({ workspace_id: wsId, message: 'Notion API returned status 500', status: 500 });
    expect(logged.error).toBeNull();
    const latest = await p.other.client
      .from('errors')
      .select('message')
      .eq('workspace_id', wsId)
      .order('created_at', { ascending: false })
      .limit(10);
    expect(latest.data).toEqual([{ message: 'Notion API returned status 500' }]);
    for (const who of [p.member, p.admin]) {
      expect((await who.client.from('errors').select().eq('workspace_id', wsId)).data).toEqual([]);
      expect((await who.client.from('errors').insert({ workspace_id: wsId, message: 'x' })).error).toMatchObject(
        DENIED,
      );
    }
    const spoof = await p.owner.client.from('errors').insert({ workspace_id: wsId, message: 'x', user_id: p.other.id });
    expect(spoof.error).toMatchObject(DENIED);
    expect((await p.owner.client.from('errors').delete().eq('workspace_id', wsId)).error).toMatchObject(DENIED);
    expect((await p.owner.client.from('errors').update({ message: 'y' }).eq('workspace_id', wsId)).error).toMatchObject(
      DENIED,
    );
    expect((await p.anon.from('errors').select()).error).toMatchObject(DENIED);
  });
});

describe('secure_workspace_management', () => {
  it('bad input: null or unknown operation, null workspace, another user, not linked, unknown id — no writes', async () => {
    const before = await counts();
    const call = (who: Persona | typeof p.anon, args: Record<string, unknown>) =>
      ('client' in who ? who.client : who).rpc('secure_workspace_management', args);
    const ok = { p_operation: 'remove_user', p_workspace_id: wsId, p_auth_user_id: p.owner.id };
    expect((await call(p.owner, { ...ok, p_operation: null })).error).toMatchObject({
      code: '22004',
      message: 'p_operation is required',
    });
    expect((await call(p.owner, { ...ok, p_operation: 'drop_all' })).error).toMatchObject({
      code: '22023',
      message: 'Unknown operation: drop_all',
    });
    expect((await call(p.owner, { ...ok, p_workspace_id: null })).error).toMatchObject({ code: '22004' });
    expect((await call(p.owner, { ...ok, p_workspace_id: 'x' })).error).toMatchObject({ code: '22P02' });
    expect((await call(p.owner, { ...ok, p_auth_user_id: p.other.id })).error).toMatchObject({ code: '42501' });
    expect((await call(p.member, { ...ok, p_auth_user_id: p.member.id })).error).toMatchObject({
      code: '42501',
      message: 'You are not linked to this workspace',
    });
    expect((await call(p.owner, { ...ok, p_workspace_id: crypto.randomUUID() })).error).toMatchObject({
      code: 'P0002',
      message: 'Workspace not found',
    });
    expect((await call(p.anon, ok)).error).toMatchObject(DENIED);
    expect(await counts()).toEqual(before);
  });

  it('remove_user unlinks one user with their settings; the last user’s removal deletes workspace, settings, errors', async () => {
    for (const [who, db] of [
      [p.owner, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
      [p.other, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
    ] as const) {
      const s = await who.client
        .from('settings')
        .insert({
          user_id: who.profileId,
          name: 'CRM',
          workspace_id: wsId,
          notion_db_id: db,
          profile_url: 'u',
          full_name: 'title',
        })
        .select('id')
        .single();
      expect(s.error).toBeNull();
      await who.client.from('profiles').update({ active_setting_id: s.data!.id }).eq('id', who.profileId);
    }
    const first = await manage(p.other, 'remove_user', wsId);
    expect(first.data).toEqual({
      success: true,
      user_count: 1,
      workspace_removed: false,
      settings_removed: 1,
      error: null,
    });
    expect((await p.other.client.from('workspaces').select().eq('id', wsId)).data).toEqual([]);
    expect((await p.other.client.from('profiles').select('active_setting_id').single()).data).toEqual({
      active_setting_id: null,
    });
    const last = await manage(p.owner, 'remove_user', wsId);
    expect(last.data).toEqual({
      success: true,
      user_count: 0,
      workspace_removed: true,
      settings_removed: 1,
      error: null,
    });
    expect(
      await sql(
        stack,
        'select (select count(*)::int from public.workspaces where id = $1) as w, (select count(*)::int from public.errors where workspace_id = $1) as e, (select count(*)::int from public.settings where workspace_id = $1) as s',
        [wsId],
      ),
    ).toEqual([{ w: 0, e: 0, s: 0 }]);
    expect((await p.owner.client.from('profiles').select('active_setting_id').single()).data).toEqual({
      active_setting_id: null,
    });
  });
});

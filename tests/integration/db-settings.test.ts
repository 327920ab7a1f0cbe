/**
 * settings through supabase-js: owner-only access, the spec's uniqueness rules as constraints
 * (name per user in any letter case after trimming, one data source per user — one database per
 * user among rows saved before data sources — a property mapped once), display_config's shape, and the profile's active setting (own only, cleared on delete).
 * Runs on PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { notionKey, personas, sql, type Persona, type Personas } from './support/personas.ts';

let stack: TestStack;
let p: Personas;
let ws: string;
let otherWs: string;
let settingId: string;
const DENIED = { code: '42501' };
const DB = (n: number) => `${String(n).repeat(8).slice(0, 8)}-1111-2222-3333-444444444444`;

const workspaceFor = async (who: Persona, key: string) =>
  (
    await who.client.rpc('create_workspace_with_association', {
      notion_key: key,
      notion_workspace_id: null,
      workspace_name: `${who.email} workspace`,
      notion_key_name: null,
      auth_user_id: who.id,
    })
  ).data.new_workspace.id as string;
const setting = (who: Persona, fields: Record<string, unknown>, workspace_id = ws) =>
  who.client
    .from('settings')
    .insert({ user_id: who.profileId, workspace_id, profile_url: 'p%3Aurl', full_name: 'title', ...fields })
    .select()
    .single();

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'settings-');
  ws = await workspaceFor(p.owner, notionKey('s'));
  otherWs = await workspaceFor(p.other, notionKey('o'));
  const { data, error } = await setting(p.owner, { name: '  Main CRM  ', notion_db_id: DB(1), company: 'c1' });
  expect(error).toBeNull();
  settingId = data!.id;
});
afterAll(() => stack?.stop());

describe('who may touch a setting', () => {
  it('the owner reads it with its defaults; the member, another user and the admin see nothing; anon is refused', async () => {
    const own = await p.owner.client
      .from('settings')
      .select()
      .eq('user_id', p.owner.profileId)
      .order('created_at', { ascending: false });
    expect(own.data).toEqual([
      expect.objectContaining({
        id: settingId,
        name: 'Main CRM',
        health: 'Healthy',
        display_config: null,
        customize_help: true,
      }),
    ]);
    for (const who of [p.member, p.other, p.admin])
      expect((await who.client.from('settings').select()).data).toEqual([]);
    expect((await p.anon.from('settings').select()).error).toMatchObject(DENIED);
  });

  it('others can neither update nor delete it, nor create one for the owner or on a workspace they are not linked to', async () => {
    for (const who of [p.member, p.other, p.admin]) {
      expect(
        (await who.client.from('settings').update({ name: 'Mine now' }).eq('id', settingId).select()).data,
      ).toEqual([]);
      expect((await who.client.from('settings').delete().eq('id', settingId).select()).data).toEqual([]);
    }
    const forOwner = await p.other.client.from('settings').insert({
      user_id: p.owner.profileId,
      name: 'x1x',
      workspace_id: otherWs,
      notion_db_id: DB(2),
      profile_url: 'u',
      full_name: 't',
    });
    expect(forOwner.error).toMatchObject(DENIED);
    expect((await setting(p.other, { name: 'Sneaky', notion_db_id: DB(3) })).error).toMatchObject(DENIED);
    const move = await p.owner.client.from('settings').update({ workspace_id: otherWs }).eq('id', settingId);
    expect(move.error).toMatchObject(DENIED);
    expect(await sql(stack, 'select id, name, workspace_id from public.settings')).toEqual([
      { id: settingId, name: 'Main CRM', workspace_id: ws },
    ]);
  });

  it('the owner updates display_config and customize_help; a malformed display_config is refused', async () => {
    const display_config = { alwaysVisible: ['title', 'abc'], toggleable: ['xyz'] };
    const ok = await p.owner.client
      .from('settings')
      .update({ display_config, customize_help: false })
      .eq('id', settingId)
      .select('display_config, customize_help');
    expect(ok.data).toEqual([{ display_config, customize_help: false }]);
    for (const bad of [[], { alwaysVisible: ['a'] }, { alwaysVisible: 'a', toggleable: [] }]) {
      const { error } = await p.owner.client.from('settings').update({ display_config: bad }).eq('id', settingId);
      expect(error).toMatchObject({ code: '23514' });
    }
  });
});

describe('uniqueness and validity', () => {
  it('a setting name clashes with another of the same user in any letter case and spacing', async () => {
    for (const name of ['main crm', 'MAIN CRM', ' Main CRM ']) {
      const { error } = await setting(p.owner, { name, notion_db_id: DB(4) });
      expect(error).toMatchObject({ code: '23505', message: expect.stringContaining('settings_name_unique_per_user') });
    }
    // Another user may use the same name, and the same database.
    expect((await setting(p.other, { name: 'main crm', notion_db_id: DB(1) }, otherWs)).error).toBeNull();
  });

  it('a name is 3 to 50 characters after trimming', async () => {
    for (const name of ['ab', '  ab  ', 'x'.repeat(51), '']) {
      expect((await setting(p.owner, { name, notion_db_id: DB(5) })).error).toMatchObject({ code: '23514' });
    }
    expect((await setting(p.owner, { name: `  ${'x'.repeat(50)}  `, notion_db_id: DB(5) })).data).toMatchObject({
      name: 'x'.repeat(50),
    });
  });

  it('one data source per user: two sources of one database may each have a setting, one source only one', async () => {
    const source = (n: number) => `${String(n).repeat(8).slice(0, 8)}-5555-6666-7777-888888888888`;
    const first = await setting(p.owner, { name: 'Contacts', notion_db_id: DB(7), notion_data_source_id: source(1) });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ notion_db_id: DB(7), notion_data_source_id: source(1) });
    const sibling = await setting(p.owner, { name: 'Leads', notion_db_id: DB(7), notion_data_source_id: source(2) });
    expect(sibling.error).toBeNull();
    for (const notion_data_source_id of [source(1), source(1).replaceAll('-', ''), source(1).toUpperCase()]) {
      const { error } = await setting(p.owner, { name: 'Again', notion_db_id: DB(7), notion_data_source_id });
      expect(error).toMatchObject({
        code: '23505',
        message: expect.stringContaining('settings_data_source_unique_per_user'),
      });
    }
    // another user may use the same data source
    const theirs = await setting(
      p.other,
      { name: 'Contacts', notion_db_id: DB(7), notion_data_source_id: source(1) },
      otherWs,
    );
    expect(theirs.error).toBeNull();
    const malformed = await setting(p.owner, { name: 'Bad source', notion_db_id: DB(8), notion_data_source_id: 'x' });
    expect(malformed.error).toMatchObject({ code: '23514' });
  });

  it('a database already used in another setting of the user is refused, with or without dashes', async () => {
    for (const notion_db_id of [DB(1), DB(1).replaceAll('-', ''), DB(1).toUpperCase()]) {
      const { error } = await setting(p.owner, { name: 'Second', notion_db_id });
      expect(error).toMatchObject({
        code: '23505',
        message: expect.stringContaining('settings_database_unique_per_user'),
      });
    }
    expect((await setting(p.owner, { name: 'Bad id', notion_db_id: 'not-a-notion-id' })).error).toMatchObject({
      code: '23514',
    });
  });

  it('a Notion property serves one profile field only; profile_url and full_name are required', async () => {
    const twice = await setting(p.owner, {
      name: 'Twice',
      notion_db_id: DB(6),
      first_name: 'prop1',
      last_name: 'prop1',
    });
    expect(twice.error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('settings_property_mapped_once'),
    });
    expect((await setting(p.owner, { name: 'No url', notion_db_id: DB(6), profile_url: null })).error).toMatchObject({
      code: '23502',
    });
    expect((await setting(p.owner, { name: 'No title', notion_db_id: DB(6), full_name: null })).error).toMatchObject({
      code: '23502',
    });
  });
});

describe('the active setting on the profile', () => {
  it('may be one of the user’s own settings only, and is cleared when that setting is deleted', async () => {
    const foreign = await p.other.client
      .from('profiles')
      .update({ active_setting_id: settingId })
      .eq('id', p.other.profileId);
    expect(foreign.error).toMatchObject({ code: '42501', message: 'This setting does not belong to you' });
    const ghost = await p.owner.client
      .from('profiles')
      .update({ active_setting_id: crypto.randomUUID() })
      .eq('id', p.owner.profileId);
    expect(ghost.error).toMatchObject({ code: '42501' });
    const own = await p.owner.client
      .from('profiles')
      .update({ active_setting_id: settingId })
      .eq('id', p.owner.profileId)
      .select('active_setting_id');
    expect(own.data).toEqual([{ active_setting_id: settingId }]);
    expect((await p.owner.client.from('settings').delete().eq('id', settingId).select('id')).data).toEqual([
      { id: settingId },
    ]);
    expect((await p.owner.client.from('profiles').select('active_setting_id').single()).data).toEqual({
      active_setting_id: null,
    });
  });
});

/**
 * The database half of the local stack: what bootstrap.sql gives (roles, auth helpers, storage
 * RLS), and how migrations are applied, recorded, refused and kept across restarts.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { asRole } from '../../../supabase/local/gateway/request-role.ts';
import { emptyDatabase } from '../../integration/support/database.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

describe('bootstrap', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.stop());

  test('the API roles exist with hosted Supabase attributes', async () => {
    const { rows } = await stack.db.transaction((tx) =>
      tx.query<{ rolname: string; rolinherit: boolean; rolcanlogin: boolean; rolbypassrls: boolean }>(
        `select rolname, rolinherit, rolcanlogin, rolbypassrls from pg_roles
          where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
      ),
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolinherit: false, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolinherit: false, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticator', rolinherit: false, rolcanlogin: true, rolbypassrls: false },
      { rolname: 'service_role', rolinherit: false, rolcanlogin: false, rolbypassrls: true },
    ]);
  });

  test('auth.uid(), auth.role() and auth.jwt() read the request claims', async () => {
    const claims = { sub: '6f1f5d55-5b8c-4c8a-9d0e-0a1b2c3d4e5f', role: 'authenticated', email: 'a@example.com' };
    const row = await asRole(
      stack.db,
      { claims, role: 'authenticated' },
      { method: 'GET', path: '/', headers: {} },
      (tx) =>
        tx
          .query<{ uid: string; role: string; email: string; current: string }>(
            `select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email, current_user as current`,
          )
          .then((r) => r.rows[0]),
    );
    expect(row).toEqual({ uid: claims.sub, role: 'authenticated', email: 'a@example.com', current: 'authenticated' });
  });

  test('an API role cannot read auth.users, and storage tables have RLS on', async () => {
    const denied = asRole(
      stack.db,
      { claims: { role: 'anon' }, role: 'anon' },
      { method: 'GET', path: '/', headers: {} },
      (tx) => tx.query('select * from auth.users'),
    );
    await expect(denied).rejects.toMatchObject({ code: '42501' });
    const { rows } = await stack.db.transaction((tx) =>
      tx.query<{ relname: string; relrowsecurity: boolean }>(
        `select relname, relrowsecurity from pg_class where relnamespace = 'storage'::regnamespace
           and relkind = 'r' order by relname`,
      ),
    );
    expect(rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
  });

  test('the seed user exists, confirmed, with a bcrypt password', async () => {
    const { rows } = await stack.db.transaction((tx) =>
      tx.query<{ ok: boolean; confirmed: boolean }>(
        `select encrypted_password = extensions.crypt('sidenote-demo', encrypted_password) as ok,
                email_confirmed_at is not null as confirmed
           from auth.users where email = 'demo@sidenote.dev'`,
      ),
    );
    expect(rows).toEqual([{ ok: true, confirmed: true }]);
  });

  test('the seed admin exists, confirmed, with its bcrypt password, set up, with the admin role', async () => {
    const { rows } = await stack.db.transaction((tx) =>
      tx.query(
        `select u.encrypted_password = extensions.crypt('sidenote-admin', u.encrypted_password) as ok,
                u.email_confirmed_at is not null as confirmed, p.role, p.profile_state
           from auth.users u join public.profiles p on p.auth_id = u.id
          where u.email = 'admin@sidenote.dev'`,
      ),
    );
    expect(rows).toEqual([{ ok: true, confirmed: true, role: 'admin', profile_state: 'setup_complete' }]);
  });

  test('the seed user is set up like a new user after sign-up: a personal team on the free plan', async () => {
    const { rows } = await stack.db.transaction((tx) =>
      tx.query<{ profile_state: string; plan_name: string; subscription_status: string }>(
        `select p.profile_state, t.plan_name, t.subscription_status
           from public.profiles p join public.teams t on t.id = p.active_team_id
          where p.auth_id = '00000000-0000-4000-8000-00000000d3e0'`,
      ),
    );
    expect(rows).toEqual([{ profile_state: 'setup_complete', plan_name: 'free', subscription_status: 'active' }]);
  });
});

describe('migrations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidenote-migrations-'));
    await mkdir(join(dir, 'migrations'));
    await cp('supabase/config.toml', join(dir, 'config.toml'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('apply in name order, are recorded, survive a restart, and seed runs once', async () => {
    await writeFile(
      join(dir, 'migrations', '20260101000000_create_notes.sql'),
      'create table public.notes (id int primary key, body text);',
    );
    await writeFile(
      join(dir, 'migrations', '20260102000000_add_notes_title.sql'),
      'alter table public.notes add column title text;',
    );
    await writeFile(join(dir, 'seed.sql'), "insert into public.notes (id, body, title) values (1, 'seeded', 't');");
    const database = await emptyDatabase(join(dir, 'pglite'));

    let db = await database.open();
    expect(await migrate(db, dir)).toEqual({
      applied: ['20260101000000_create_notes.sql', '20260102000000_add_notes_title.sql'],
      seeded: true,
    });
    await db.transaction((tx) => tx.query("insert into public.notes (id, body) values (2, 'kept')"));
    await db.close();

    await writeFile(
      join(dir, 'migrations', '20260103000000_add_notes_done.sql'),
      'alter table public.notes add column done boolean;',
    );
    db = await database.open();
    expect(await migrate(db, dir)).toEqual({ applied: ['20260103000000_add_notes_done.sql'], seeded: false });
    const { rows } = await db.transaction((tx) => tx.query('select id, body from public.notes order by id'));
    expect(rows).toEqual([
      { id: 1, body: 'seeded' },
      { id: 2, body: 'kept' },
    ]);
    const versions = await db.transaction((tx) =>
      tx.query('select version, name from supabase_migrations.schema_migrations order by version'),
    );
    expect(versions.rows).toEqual([
      { version: '20260101000000', name: 'create_notes' },
      { version: '20260102000000', name: 'add_notes_title' },
      { version: '20260103000000', name: 'add_notes_done' },
    ]);
    await db.close();
    await database.drop();
  });

  test('a failing migration is rolled back whole and named', async () => {
    const failing = join(dir, 'failing');
    await mkdir(join(failing, 'migrations'), { recursive: true });
    await writeFile(
      join(failing, 'migrations', '20260101000000_half_done.sql'),
      'create table public.half (id int);\nselect no_such_function();',
    );
    const database = await emptyDatabase(join(failing, 'pglite'));
    const db = await database.open();
    await expect(migrate(db, failing)).rejects.toThrow(
      /Migration 20260101000000_half_done\.sql failed: .*no_such_function/,
    );
    const { rows } = await db.transaction((tx) =>
      tx.query(
        `select to_regclass('public.half') as half, (select count(*)::int from supabase_migrations.schema_migrations) as n`,
      ),
    );
    expect(rows).toEqual([{ half: null, n: 0 }]);
    await db.close();
    await database.drop();
  });

  test('a migration that would not apply on hosted Supabase is refused before it runs', async () => {
    const hostile = join(dir, 'hostile');
    await mkdir(join(hostile, 'migrations'), { recursive: true });
    await writeFile(
      join(hostile, 'migrations', '20260101000000_touch_auth.sql'),
      'alter table auth.users add column nickname text;',
    );
    const database = await emptyDatabase(join(hostile, 'pglite'));
    const db = await database.open();
    await expect(migrate(db, hostile)).rejects.toThrow(
      /20260101000000_touch_auth\.sql would not apply on hosted Supabase/,
    );
    const { rows } = await db.transaction((tx) =>
      tx.query(
        `select count(*)::int as n from information_schema.columns where table_schema = 'auth' and column_name = 'nickname'`,
      ),
    );
    expect(rows).toEqual([{ n: 0 }]);
    await db.close();
    await database.drop();
  });
});

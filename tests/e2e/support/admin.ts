/**
 * The admin dashboard's browser test data: users made through the auth admin API and set up
 * as sign-in would (setup_new_user), avatars stored through the Storage API, the database's
 * branch name as an operator sets it, and a snapshot of what every other user owns — their
 * auth row, profile, team and avatar objects (rows and files) — to show a delete left it alone.
 */
import { pngBytes, versionFiles } from '../../integration/support/storage.ts';
import { sql } from '../../integration/support/personas.ts';
import type { TestApp } from './app.ts';

/** A confirmed, set-up user with `avatars` (extensions) stored under public/<id>.<ext>. */
export async function populatedUser(app: TestApp, email: string, avatars: string[] = []): Promise<string> {
  const service = app.stack.serviceClient();
  const { data, error } = await service.auth.admin.createUser({ email, password: 'pass-123456', email_confirm: true });
  if (error) throw error;
  const id = data.user.id;
  await service.rpc('setup_new_user', { auth_user_id: id }).throwOnError();
  for (const [i, extension] of avatars.entries()) {
    const stored = await service.storage
      .from('avatars')
      .upload(`public/${id}.${extension}`, new Blob([new Uint8Array(pngBytes(64, i + 1))], { type: 'image/png' }));
    if (stored.error) throw stored.error;
  }
  return id;
}

/** get_database_info's branch, as an operator sets it (per database), seen by every connection. */
export async function setBranchName(app: TestApp, branch: string): Promise<void> {
  await sql(app.stack, `select set_config('app.branch_name', $1, false)`, [branch]);
  await sql(
    app.stack,
    `do $$ begin
       execute format('alter database %I set app.branch_name = %L', current_database(), current_setting('app.branch_name'));
     end $$`,
  );
  if (app.stack.db.kind === 'postgres') {
    // Pooled connections read database settings when they open: end the idle ones (the pool reconnects).
    await sql(
      app.stack,
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'`,
    );
  }
}

/** What each user other than `except` owns, as rows and avatar files. */
export async function othersSnapshot(app: TestApp, except: string[]) {
  const rows = await sql(
    app.stack,
    `select u.id, u.email, u.encrypted_password,
            (select row_to_json(p) from public.profiles p where p.auth_id = u.id) as profile,
            (select row_to_json(t) from public.profiles p join public.teams t on t.id = p.active_team_id
              where p.auth_id = u.id) as team,
            (select json_agg(json_build_object('name', o.name, 'version', o.version) order by o.name)
               from storage.objects o where o.bucket_id = 'avatars' and o.name like 'public/' || u.id || '.%') as avatars
       from auth.users u where not (u.id = any($1::uuid[])) order by u.email`,
    [except],
  );
  const files = await Promise.all(
    rows.flatMap((row) =>
      ((row.avatars as { name: string }[] | null) ?? []).map((avatar) => versionFiles(app.stack, avatar.name)),
    ),
  );
  return { rows, files };
}

/** What is left of these users: auth rows, profiles, their teams, avatar rows and files. */
export async function remainsOf(app: TestApp, ids: string[], teamIds: string[], avatarNames: string[]) {
  const [counts] = await sql<{ users: number; profiles: number; teams: number; objects: number }>(
    app.stack,
    `select (select count(*)::int from auth.users where id = any($1::uuid[])) as users,
            (select count(*)::int from public.profiles where auth_id = any($1::uuid[])) as profiles,
            (select count(*)::int from public.teams where id = any($2::uuid[])) as teams,
            (select count(*)::int from storage.objects where name = any($3::text[])) as objects`,
    [ids, teamIds, avatarNames],
  );
  const files = (await Promise.all(avatarNames.map((name) => versionFiles(app.stack, name)))).flat();
  return { ...counts, files };
}

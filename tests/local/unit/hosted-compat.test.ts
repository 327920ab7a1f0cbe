import { describe, expect, test } from 'vitest';
import { hostedCompatProblems } from '../../../supabase/local/db/hosted-compat.ts';

describe('hostedCompatProblems', () => {
  test.each([
    'create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();',
    'create policy "read avatars" on storage.objects for select using (bucket_id = \'avatars\');',
    "insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true);",
    'create table public.profiles (id uuid references auth.users (id) on delete cascade);',
    'create function public.f() returns uuid language sql as $$ select auth.uid() $$;',
    "-- create table auth.nope (x int)\nselect 'create table storage.nope (x int)';",
    'alter policy "x" on storage.buckets using (true);',
  ])('accepts %s', (sql) => {
    expect(hostedCompatProblems(sql)).toEqual([]);
  });

  test.each([
    ['create table auth.extra (x int);', 'objects in the auth/storage schemas'],
    ['create or replace function storage.helper() returns int language sql as $$ select 1 $$;', 'objects'],
    ['alter table auth.users add column nickname text;', 'objects'],
    ['drop view if exists storage.v;', 'objects'],
    ['create index on auth.users (email);', 'objects'],
    ['create unique index users_x on auth.users (phone);', 'objects'],
    ['create schema if not exists storage;', 'the auth/storage schemas themselves'],
    ['create trigger t after insert on auth.identities for each row execute function f();', 'triggers'],
    ['create policy p on auth.users for select using (true);', 'policies'],
  ])('refuses %s', (sql, what) => {
    const problems = hostedCompatProblems(sql);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(what);
  });
});

/**
 * On PostgreSQL: builds the migrated template database that each test file copies, under a
 * name of this run's own (several runs may share one server), and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../../supabase/local/db/database.ts';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { adminQuery, databaseUrl, serverUrl } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const server = serverUrl();
  if (!server) return undefined;
  const template = `sidenote_test_template_${randomBytes(4).toString('hex')}`;
  await adminQuery(server, `create database ${template}`);
  const db = await openPostgres(databaseUrl(server, template));
  try {
    await migrate(db, resolve('supabase'));
  } finally {
    await db.close();
  }
  project.provide('templateDatabase', template);
  return () => adminQuery(server, `drop database if exists ${template} with (force)`);
}

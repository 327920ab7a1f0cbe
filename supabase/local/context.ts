/**
 * What every emulated service of the local stack is given when the stack starts. Services are
 * built from it by factories (`createAuthService(ctx)`, …) and must not reach for globals.
 */
import type { Database } from './db/database.ts';
import type { ProjectConfig } from './config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every link of the mail, in order (what a person would click). */
  links: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface StackContext {
  db: Database;
  config: ProjectConfig;
  /** The `supabase/` folder: config.toml, migrations, functions. */
  supabaseDir: string;
  /** Where services keep files (storage objects, function caches); under `.local/` by default. */
  dataDir: string;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** The web app's origin (CORS for functions, default auth redirect). */
  appUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Roles `authenticator` may switch to; a JWT naming any other role is refused. */
  assumableRoles: Set<string>;
  mailer: Mailer;
}

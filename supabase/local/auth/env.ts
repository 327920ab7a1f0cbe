/**
 * What every auth route handler is given: the stack (database, config, mailer, secrets) and
 * the redirect policy compiled once from config.toml at start.
 */
import type { StackContext } from '../context.ts';
import type { RedirectPolicy } from './redirects.ts';

export interface AuthEnv {
  stack: StackContext;
  redirects: RedirectPolicy;
  /** The `iss` claim and the base of e-mail links: `${apiUrl}/auth/v1`. */
  authUrl: string;
}

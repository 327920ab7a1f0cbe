/** What the debug panels say about this build: its mode, backend host and version. */
import { hostOf } from '../../domain/debug/diagnostics.ts';
import { EXTENSION_ORIGINS } from '../../data/extension/origins.ts';
import { SUPABASE_URL } from '../../data/supabase/project.ts';
import { version } from '../../../package.json';

export const buildEnvironment = {
  mode: import.meta.env.MODE,
  backendHost: SUPABASE_URL ? hostOf(SUPABASE_URL) : 'not configured',
  version,
  extensionOrigins: EXTENSION_ORIGINS.length ? EXTENSION_ORIGINS.join(', ') : 'none configured',
} as const;

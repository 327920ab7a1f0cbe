/**
 * Where edge functions live and which names are functions, following the Supabase CLI's
 * layout: `supabase/functions/<name>/index.ts` is the function `<name>`; folders starting
 * with `_` (`_shared`) or `.` are not functions. A function's own `deno.json` wins over the
 * shared `supabase/functions/deno.json`, as with `supabase functions deploy`.
 *
 * Looked up on every request (a stat or two), so a function added while the stack runs is
 * served without a restart.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const SHARED_FOLDER = '_shared';

export interface FunctionSource {
  name: string;
  /** `supabase/functions/<name>` */
  dir: string;
  entrypoint: string;
  /** The deno.json Deno should use, if any. */
  configPath?: string;
  /** Folders the function may read at run time (its own and `_shared`). */
  readable: string[];
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Splits `/<name>/rest?` (the path below /functions/v1) into the name and the rest. */
export function splitFunctionPath(path: string): { name: string; rest: string } {
  const match = /^\/([^/]*)(\/.*)?$/.exec(path);
  return { name: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/** The function called `name`, or undefined when there is none. */
export async function findFunction(functionsDir: string, name: string): Promise<FunctionSource | undefined> {
  if (!FUNCTION_NAME.test(name)) return undefined;
  const dir = join(functionsDir, name);
  const entrypoint = join(dir, 'index.ts');
  if (!(await isFile(entrypoint))) return undefined;
  const ownConfig = join(dir, 'deno.json');
  const sharedConfig = join(functionsDir, 'deno.json');
  const configPath = (await isFile(ownConfig)) ? ownConfig : (await isFile(sharedConfig)) ? sharedConfig : undefined;
  return { name, dir, entrypoint, configPath, readable: [dir, join(functionsDir, SHARED_FOLDER)] };
}

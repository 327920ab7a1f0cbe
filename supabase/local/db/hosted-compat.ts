/**
 * The rule that keeps our migrations deployable with `supabase db push`: on hosted Supabase
 * the `auth` and `storage` schemas belong to the platform. A migration may add triggers on
 * `auth.users`, policies on `storage.objects`/`storage.buckets` and rows (buckets), but may
 * not create, alter or drop anything else there. The local stack would accept such SQL (it
 * runs as a superuser), so migrate.ts refuses it with this check before applying a file.
 */

const PLATFORM_SCHEMAS = '(?:"?auth"?|"?storage"?)\\s*\\.';

/** Blanks comments, string literals and dollar-quoted bodies so only statements are matched. */
function statementsOnly(sql: string): string {
  return sql
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

const IF_EXISTS = '(?:if\\s+(?:not\\s+)?exists\\s+)?';

const FORBIDDEN: Array<{ pattern: RegExp; what: string }> = [
  {
    pattern: new RegExp(
      `\\b(?:create|alter|drop)\\s+(?:or\\s+replace\\s+)?(?:table|view|materialized\\s+view|function|procedure|type|sequence|domain|index)\\s+${IF_EXISTS}${PLATFORM_SCHEMAS}`,
      'gi',
    ),
    what: 'objects in the auth/storage schemas',
  },
  {
    pattern: new RegExp(
      `\\bcreate\\s+(?:unique\\s+)?index\\s+(?:concurrently\\s+)?${IF_EXISTS}(?:\\S+\\s+)?on\\s+(?:only\\s+)?${PLATFORM_SCHEMAS}`,
      'gi',
    ),
    what: 'objects in the auth/storage schemas',
  },
  {
    pattern: new RegExp(`\\b(?:create|alter|drop)\\s+schema\\s+${IF_EXISTS}"?(?:auth|storage)"?\\b`, 'gi'),
    what: 'the auth/storage schemas themselves',
  },
  {
    pattern: new RegExp(
      `\\bcreate\\s+(?:or\\s+replace\\s+)?(?:constraint\\s+)?trigger\\s+[^;]*?\\bon\\s+${PLATFORM_SCHEMAS}(?!"?users"?\\b)`,
      'gi',
    ),
    what: 'triggers on auth/storage tables other than auth.users',
  },
  {
    pattern: new RegExp(
      `\\b(?:create|alter)\\s+policy\\s+[^;]*?\\bon\\s+${PLATFORM_SCHEMAS}(?!"?(?:objects|buckets)"?\\b)`,
      'gi',
    ),
    what: 'policies on storage/auth tables other than storage.objects and storage.buckets',
  },
];

export function hostedCompatProblems(sql: string): string[] {
  const text = statementsOnly(sql);
  const problems: string[] = [];
  for (const { pattern, what } of FORBIDDEN) {
    for (const match of text.matchAll(pattern)) {
      problems.push(`${what} are not allowed on hosted Supabase: "${match[0].replace(/\s+/g, ' ').trim()}"`);
    }
  }
  return problems;
}

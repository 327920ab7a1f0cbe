/**
 * The Notion API versions the sandbox answers (the `Notion-Version` header), and what differs
 * between them in the shapes it serves.
 *
 * What must stay true:
 * - 2022-06-28 is the single-source API: a database is its one data source (schema, query,
 *   pages under `database_id`); on a database with several data sources the calls Notion's
 *   "Upgrade guide 2025-09-03" names fail (see `multipleDataSources` in errors.ts);
 * - 2025-09-03 and 2026-03-11 are the data-source API: databases are containers listing
 *   `data_sources`, schemas, queries and page parents belong to a data source;
 * - 2026-03-11 has `in_trash` only: `archived` is neither answered nor accepted.
 */
import { validation } from './errors.ts';

export const API_VERSIONS = ['2022-06-28', '2025-09-03', '2026-03-11'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value);

/** True for the pre-data-source API (2022-06-28). */
export const isLegacy = (version: ApiVersion): boolean => version === '2022-06-28';

/** The trash flag as a response carries it: `archived` and `in_trash` before 2026-03-11, `in_trash` from it. */
export function trashFields(version: ApiVersion, inTrash: boolean): { archived?: boolean; in_trash: boolean } {
  return version === '2026-03-11' ? { in_trash: inTrash } : { archived: inTrash, in_trash: inTrash };
}

/**
 * The trash flag a request body sets (`in_trash`, or its alias `archived` before 2026-03-11),
 * undefined when it sets none. 2026-03-11 refuses `archived`.
 */
export function requestedTrash(version: ApiVersion, body: Record<string, unknown>): boolean | undefined {
  if (version === '2026-03-11' && body.archived !== undefined) {
    throw validation(
      'body failed validation: body.archived should be not present, instead was `' +
        JSON.stringify(body.archived) +
        '`.',
    );
  }
  if (typeof body.in_trash === 'boolean') return body.in_trash;
  return typeof body.archived === 'boolean' ? body.archived : undefined;
}

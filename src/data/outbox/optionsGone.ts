/**
 * Options deleted in Notion while an edit naming them waited (issue 31, edge 2). Notion creates
 * a select or multi-select option a written value names, so such an edit, sent as is, would
 * bring the deleted option back. At enqueue the edit notes which of its option names the
 * schema the user picked from held (`knownOptions`: a name the user typed as a new option is
 * not among them, and is created as they meant); when the edit has waited long enough to be
 * checked (conflicts.ts `needsCheck`), the drain reads the data source's schema and an edit
 * naming a known option that is gone fails — visibly, in the failed list, with the text below —
 * instead of being sent. (A delete made in Sidenote rewrites the waiting edits itself:
 * deletedOption.ts.) Loaded only for an edit that names options (it stays off the first load).
 */
import type { AppError } from '../errors/appError.ts';
import { appError } from '../errors/appError.ts';
import type { SidenoteDatabase } from '../db/schema.ts';
import type { NotionProperty } from '../notion/objects.ts';
import { optionsOf } from '../../domain/notion/schemaOptions.ts';
import type { OutboxEdit, OutboxEntry, PropertyValue } from './entry.ts';

type OptionKind = 'select' | 'multi_select';

/** The option names a value writes, with its type; none for a value that names no option Notion would create. */
function namedOptions(value: PropertyValue): { type: OptionKind; names: string[] } | null {
  if ('multi_select' in value && Array.isArray(value.multi_select)) {
    const names = (value.multi_select as { name?: unknown }[]).flatMap((o) =>
      typeof o?.name === 'string' ? [o.name] : [],
    );
    return { type: 'multi_select', names };
  }
  const chosen = (value as { select?: { name?: unknown } | null }).select;
  return typeof chosen?.name === 'string' ? { type: 'select', names: [chosen.name] } : null;
}

/** The option names of `edit` that the schema the user saw (the local cache) held. */
export async function knownOptionsOf(edit: OutboxEdit, database: SidenoteDatabase): Promise<string[] | undefined> {
  const named = namedOptions(edit.value);
  if (!named) return undefined;
  const dataSourceId = (await database.pageSnapshots.get([edit.authId, edit.pageId]))?.page?.dataSourceId;
  const schema = dataSourceId ? await database.dataSourceSchemas.get([edit.authId, dataSourceId]) : undefined;
  const property = schema?.properties.find((p) => p.id === edit.propertyId);
  const known = new Set(optionsOf(property, named.type).map((option) => option.name));
  return named.names.filter((name) => known.has(name));
}

/** The refusal of an edit naming `name`, deleted in Notion: "Failed to update page properties: " and this. */
const optionGone = (name: string): AppError =>
  appError(
    { kind: 'validation', field: 'deletedOption' },
    `The option “${name}” was deleted in Notion, so this edit was not sent (it would have created it again). Choose another value.`,
  );

/** The first known option of `entry` that Notion's schema (`properties`) no longer has, or null. */
function goneOption(entry: OutboxEntry, properties: NotionProperty[]): string | null {
  const named = namedOptions(entry.value);
  if (!named || !entry.knownOptions?.length) return null;
  const property = properties.find((p) => p.id === entry.propertyId);
  if (!property) return null; // a property gone from the schema: the write itself will say so
  const now = new Set(optionsOf(property, named.type).map((option) => option.name));
  return entry.knownOptions.find((name) => named.names.includes(name) && !now.has(name)) ?? null;
}

/** The refusal of each property of `sending` whose value names a known option Notion's schema no longer has. */
export function goneOptions(sending: OutboxEntry[], properties: NotionProperty[]): Map<string, AppError> {
  return new Map(
    sending.flatMap((entry) => {
      const name = goneOption(entry, properties);
      return name === null ? [] : [[entry.propertyId, optionGone(name)] as const];
    }),
  );
}

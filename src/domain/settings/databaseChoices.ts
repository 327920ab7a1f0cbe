/**
 * The wizard's database step (spec 1 §2 "Step 2", §5 "Database") on Notion's data-source model
 * (issue 14): search lists data sources, each naming its database; the step offers one choice
 * per database, and a database with several data sources asks which one holds the contacts.
 *
 * "Already used" holds per data source: a setting claims the data source it names, so another
 * source of the same database stays free. A setting saved before data sources (database id
 * only) claims its database's first data source — Notion lists the original one first, the
 * one such a setting was made on.
 */
export const DATABASE_ALREADY_USED = 'This database is already used in an existing setting.';

/** A data source as search lists it (the parts this step reads). */
export interface FoundDataSource {
  id: string;
  title: string;
  icon: string | null;
  databaseId: string;
}

export interface DataSourceChoice {
  id: string;
  name: string;
}

/** One database of the step: its title and icon, and its data sources in Notion's order. */
export interface DatabaseChoice {
  id: string;
  title: string;
  icon: string | null;
  dataSources: DataSourceChoice[];
}

/** What a saved setting claims. */
export interface SettingClaim {
  id: string;
  notion_db_id: string;
  notion_data_source_id?: string | null;
}

/** Notion ids compare without their dashes and in any letter case. */
export const sameNotionId = (a: string, b: string): boolean =>
  a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase();

/**
 * One choice per database, in the order search first lists each; a database with one data
 * source carries that source's title and icon (Notion names a new database's source like it).
 */
export function groupByDatabase(sources: readonly FoundDataSource[]): DatabaseChoice[] {
  const choices: DatabaseChoice[] = [];
  for (const source of sources) {
    const databaseId = source.databaseId || source.id;
    const existing = choices.find((choice) => sameNotionId(choice.id, databaseId));
    const entry = { id: source.id, name: source.title };
    if (existing) existing.dataSources.push(entry);
    else choices.push({ id: databaseId, title: source.title, icon: source.icon, dataSources: [entry] });
  }
  return choices;
}

/** The data source a setting names in this database: its own, else (saved before data sources) the first. */
export function claimedSource(database: DatabaseChoice, setting: SettingClaim): string | undefined {
  if (!sameNotionId(setting.notion_db_id, database.id)) return undefined;
  if (setting.notion_data_source_id) {
    const source = database.dataSources.find((s) => sameNotionId(s.id, setting.notion_data_source_id!));
    return source?.id;
  }
  return database.dataSources[0]?.id;
}

/**
 * Whether an edited setting's mapping belongs to this choice: it names this data source, or,
 * saved before data sources, this database (its mapping then holds for the source holding its
 * properties).
 */
export function settingMapsSource(setting: SettingClaim, databaseId: string, dataSourceId: string): boolean {
  if (setting.notion_data_source_id) return sameNotionId(setting.notion_data_source_id, dataSourceId);
  return sameNotionId(setting.notion_db_id, databaseId);
}

/** The ids of the database's data sources claimed by the user's other settings (not the one being edited). */
export function usedSources(
  database: DatabaseChoice,
  settings: readonly SettingClaim[],
  editingId: string | undefined,
): Set<string> {
  const used = new Set<string>();
  for (const setting of settings) {
    if (setting.id === editingId) continue;
    const claimed = claimedSource(database, setting);
    if (claimed) used.add(claimed);
  }
  return used;
}

/** A database is 'Already used' when every one of its data sources is. */
export const isDatabaseUsed = (database: DatabaseChoice, used: ReadonlySet<string>): boolean =>
  database.dataSources.every((source) => used.has(source.id));

/**
 * The data source the question starts on: the edited setting's when it is in this database
 * and free, else the first free one.
 */
export function preselectedSource(
  database: DatabaseChoice,
  used: ReadonlySet<string>,
  editing: SettingClaim | undefined,
): string | undefined {
  const own = editing ? claimedSource(database, editing) : undefined;
  if (own && !used.has(own)) return own;
  return database.dataSources.find((source) => !used.has(source.id))?.id;
}

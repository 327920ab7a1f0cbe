/**
 * The wizard's database step on data sources (issue 14, spec 1 §5 "Database"): search's data
 * sources grouped one choice per database; "already used" per data source, a setting saved
 * before data sources claiming its database's first; what the question preselects; whether an
 * edited setting's mapping belongs to the chosen source.
 */
import { describe, expect, test } from 'vitest';
import {
  DATABASE_ALREADY_USED,
  groupByDatabase,
  isDatabaseUsed,
  preselectedSource,
  sameNotionId,
  settingMapsSource,
  usedSources,
  type DatabaseChoice,
} from '../../src/domain/settings/databaseChoices.ts';

const DB_PEOPLE = 'aaaaaaaa-0000-4000-a000-000000000001';
const DB_INVESTORS = 'aaaaaaaa-0000-4000-a000-000000000002';
const S_PEOPLE = 'bbbbbbbb-0000-4000-a000-000000000001';
const S_LEADS = 'bbbbbbbb-0000-4000-a000-000000000002';
const S_INVESTORS = 'bbbbbbbb-0000-4000-a000-000000000003';

const found = (id: string, title: string, databaseId: string, icon: string | null = null) => ({
  id,
  title,
  icon,
  databaseId,
});

const people: DatabaseChoice = {
  id: DB_PEOPLE,
  title: 'CRM People',
  icon: null,
  dataSources: [
    { id: S_PEOPLE, name: 'CRM People' },
    { id: S_LEADS, name: 'Leads' },
  ],
};

const setting = (id: string, db: string, source: string | null = null) => ({
  id,
  notion_db_id: db,
  notion_data_source_id: source,
});

test('the spec text', () => {
  expect(DATABASE_ALREADY_USED).toBe('This database is already used in an existing setting.');
});

test('Notion ids compare without dashes, in any letter case', () => {
  expect(sameNotionId(DB_PEOPLE, DB_PEOPLE.replace(/-/g, '').toUpperCase())).toBe(true);
  expect(sameNotionId(DB_PEOPLE, DB_INVESTORS)).toBe(false);
});

describe('groupByDatabase', () => {
  test('one choice per database, in search order; a single source gives its title and icon', () => {
    const choices = groupByDatabase([
      found(S_PEOPLE, 'CRM People', DB_PEOPLE),
      found(S_INVESTORS, 'Investors', DB_INVESTORS, '💰'),
      found(S_LEADS, 'Leads', DB_PEOPLE.replace(/-/g, '')),
    ]);
    expect(choices).toEqual([
      people,
      { id: DB_INVESTORS, title: 'Investors', icon: '💰', dataSources: [{ id: S_INVESTORS, name: 'Investors' }] },
    ]);
  });

  test('nothing found, no choice', () => {
    expect(groupByDatabase([])).toEqual([]);
  });
});

describe('already used, per data source', () => {
  test('a setting claims its own data source; the database stays free while another is', () => {
    const used = usedSources(people, [setting('s1', DB_PEOPLE, S_PEOPLE.toUpperCase())], undefined);
    expect([...used]).toEqual([S_PEOPLE]);
    expect(isDatabaseUsed(people, used)).toBe(false);
  });

  test('every data source used: the database is used', () => {
    const used = usedSources(
      people,
      [setting('s1', DB_PEOPLE, S_PEOPLE), setting('s2', DB_PEOPLE, S_LEADS)],
      undefined,
    );
    expect(isDatabaseUsed(people, used)).toBe(true);
  });

  test('a setting saved before data sources claims its database’s first data source', () => {
    const used = usedSources(people, [setting('old', DB_PEOPLE.replace(/-/g, ''))], undefined);
    expect([...used]).toEqual([S_PEOPLE]);
    const single = groupByDatabase([found(S_INVESTORS, 'Investors', DB_INVESTORS)])[0];
    expect(isDatabaseUsed(single, usedSources(single, [setting('old', DB_INVESTORS)], undefined))).toBe(true);
  });

  test('settings of other databases claim nothing here; the setting being edited claims nothing', () => {
    expect(usedSources(people, [setting('s1', DB_INVESTORS, S_INVESTORS)], undefined).size).toBe(0);
    expect(usedSources(people, [setting('s1', DB_PEOPLE, S_LEADS)], 's1').size).toBe(0);
  });

  test('a setting naming a data source the database no longer has claims nothing', () => {
    const gone = 'bbbbbbbb-0000-4000-a000-0000000000ff';
    expect(usedSources(people, [setting('s1', DB_PEOPLE, gone)], undefined).size).toBe(0);
  });
});

describe('preselectedSource', () => {
  test('the edited setting’s source, when free', () => {
    expect(preselectedSource(people, new Set(), setting('s1', DB_PEOPLE, S_LEADS))).toBe(S_LEADS);
  });

  test('an edited setting saved before data sources: its database’s first source', () => {
    expect(preselectedSource(people, new Set(), setting('old', DB_PEOPLE))).toBe(S_PEOPLE);
  });

  test('else the first free source', () => {
    expect(preselectedSource(people, new Set([S_PEOPLE]), undefined)).toBe(S_LEADS);
    expect(preselectedSource(people, new Set([S_LEADS]), setting('s1', DB_PEOPLE, S_LEADS))).toBe(S_PEOPLE);
    expect(preselectedSource(people, new Set(), setting('s1', DB_INVESTORS, S_INVESTORS))).toBe(S_PEOPLE);
  });
});

describe('settingMapsSource: the edited setting’s mapping belongs to the chosen source', () => {
  test('a setting naming a data source: only that one', () => {
    expect(settingMapsSource(setting('s1', DB_PEOPLE, S_LEADS), DB_PEOPLE, S_LEADS)).toBe(true);
    expect(settingMapsSource(setting('s1', DB_PEOPLE, S_LEADS), DB_PEOPLE, S_PEOPLE)).toBe(false);
  });

  test('a setting saved before data sources: any source of its database', () => {
    expect(settingMapsSource(setting('old', DB_PEOPLE), DB_PEOPLE.toUpperCase(), S_PEOPLE)).toBe(true);
    expect(settingMapsSource(setting('old', DB_PEOPLE), DB_INVESTORS, S_INVESTORS)).toBe(false);
  });
});

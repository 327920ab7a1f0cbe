/**
 * The display rule (spec 2 §3 display_config, §4): the saved config splits a page's properties
 * into always visible and toggleable, in the config's order; properties it does not list are
 * appended to the always-visible ones in the database's order; a malformed stored config counts
 * as none; the modal offers only the select, relation, simple, person and file types; the
 * first-time modal's rule.
 */
import { describe, expect, test } from 'vitest';
import {
  arrangeProperties,
  configOf,
  isCustomizable,
  parseDisplayConfig,
  showsCustomizeHelp,
} from '../../src/domain/notion/displayConfig.ts';

const props = (...ids: string[]) => ids.map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((p) => p.id);
const arranged = (properties: { id: string }[], config: Parameters<typeof arrangeProperties>[1]) => {
  const { alwaysVisible, toggleable } = arrangeProperties(properties, config);
  return { alwaysVisible: ids(alwaysVisible), toggleable: ids(toggleable) };
};

describe('arrangeProperties', () => {
  const page = props('a', 'b', 'c', 'd', 'e');

  test('without a config every property is always visible, in the database order', () => {
    expect(arranged(page, null)).toEqual({ alwaysVisible: ['a', 'b', 'c', 'd', 'e'], toggleable: [] });
  });

  test.each([
    [
      'lists in the config order',
      { alwaysVisible: ['c', 'a'], toggleable: ['e', 'b', 'd'] },
      { alwaysVisible: ['c', 'a'], toggleable: ['e', 'b', 'd'] },
    ],
    [
      'unlisted properties appended to always visible, in the database order',
      { alwaysVisible: ['c'], toggleable: ['a'] },
      { alwaysVisible: ['c', 'b', 'd', 'e'], toggleable: ['a'] },
    ],
    [
      'everything toggleable',
      { alwaysVisible: [], toggleable: ['e', 'd', 'c', 'b', 'a'] },
      { alwaysVisible: [], toggleable: ['e', 'd', 'c', 'b', 'a'] },
    ],
    [
      'ids no longer in the database dropped',
      { alwaysVisible: ['gone', 'b'], toggleable: ['old', 'a'] },
      { alwaysVisible: ['b', 'c', 'd', 'e'], toggleable: ['a'] },
    ],
    [
      'an id in both lists is always visible, once',
      { alwaysVisible: ['a', 'a'], toggleable: ['a', 'b'] },
      { alwaysVisible: ['a', 'c', 'd', 'e'], toggleable: ['b'] },
    ],
    [
      'an empty config: all always visible',
      { alwaysVisible: [], toggleable: [] },
      { alwaysVisible: ['a', 'b', 'c', 'd', 'e'], toggleable: [] },
    ],
  ])('%s', (_, config, expected) => {
    expect(arranged(page, config)).toEqual(expected);
  });

  test('keeps the objects it was given, and configOf saves the columns back', () => {
    const rich = [
      { id: 'x', name: 'X' },
      { id: 'y', name: 'Y' },
    ];
    const columns = arrangeProperties(rich, { alwaysVisible: ['y'], toggleable: ['x'] });
    expect(columns.alwaysVisible[0]).toBe(rich[1]);
    expect(configOf(columns)).toEqual({ alwaysVisible: ['y'], toggleable: ['x'] });
  });
});

describe('parseDisplayConfig (the stored JSON, read through zod)', () => {
  test('two lists of ids are a config', () => {
    expect(parseDisplayConfig({ alwaysVisible: ['a'], toggleable: [] })).toEqual({
      alwaysVisible: ['a'],
      toggleable: [],
    });
  });
  test.each([
    ['null', null],
    ['a list', ['a']],
    ['a missing list', { alwaysVisible: ['a'] }],
    ['a list of numbers', { alwaysVisible: [1], toggleable: [] }],
    ['a string', '{"alwaysVisible":[],"toggleable":[]}'],
  ])('%s is "not customised yet"', (_, stored) => {
    expect(parseDisplayConfig(stored)).toBeNull();
  });
});

describe('the types the modal offers (select, relation, simple, person and file types)', () => {
  test.each([
    'select',
    'multi_select',
    'status',
    'relation',
    'rich_text',
    'number',
    'url',
    'email',
    'phone_number',
    'date',
    'checkbox',
    'people',
    'files',
  ])('%s is offered', (type) => expect(isCustomizable(type)).toBe(true));
  test.each([
    'title',
    'formula',
    'rollup',
    'button',
    'created_time',
    'last_edited_time',
    'created_by',
    'last_edited_by',
    'unique_id',
  ])('%s is not (always visible)', (type) => expect(isCustomizable(type)).toBe(false));
});

describe('the first-time modal "Customize Your View" (spec 2 §4)', () => {
  const config = { alwaysVisible: [], toggleable: [] };
  test.each([
    [null, true, false, true],
    [config, true, false, false],
    [null, false, false, false],
    [null, true, true, false],
  ])('config %j, customize_help %s, dismissed %s → %s', (stored, customizeHelp, dismissedThisSession, shows) => {
    expect(showsCustomizeHelp({ config: stored, customizeHelp, dismissedThisSession })).toBe(shows);
  });
});

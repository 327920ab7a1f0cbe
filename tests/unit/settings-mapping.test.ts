/**
 * The mapping compatibility table and rules (spec 1 §3 "Profile fields to map", §5 "Mapping"),
 * and the two optional follow-up fields beyond the spec (issue 36).
 */
import { describe, expect, test } from 'vitest';
import {
  assignProperty,
  canLeaveMapping,
  COMPATIBLE_TYPES,
  compatibleProperties,
  mappingColumns,
  settingColumns,
  mappingFromColumns,
  FOLLOW_UP_FIELDS,
  PROFILE_FIELDS,
  PROPERTY_ALREADY_MAPPED,
  withinProperties,
  withTitleMapped,
  type DatabaseProperty,
} from '../../src/domain/settings/mapping.ts';

const ALL_TYPES = [
  'title',
  'rich_text',
  'url',
  'number',
  'checkbox',
  'multi_select',
  'relation',
  'select',
  'status',
  'formula',
  'email',
  'phone_number',
  'date',
  'people',
  'files',
];
const properties: DatabaseProperty[] = ALL_TYPES.map((type) => ({ id: `id-${type}`, name: `P ${type}`, type }));

describe('compatibility table', () => {
  test.each([
    ['url', ['url']],
    ['string', ['rich_text']],
    ['integer', ['number']],
    ['boolean', ['checkbox']],
    ['array', ['multi_select', 'relation', 'rich_text']],
    ['object', ['rich_text']],
    ['date', ['date']],
    ['stage', ['select', 'status']],
  ] as const)('%s maps to %j', (fieldType, types) => {
    expect([...COMPATIBLE_TYPES[fieldType]].sort()).toEqual([...types].sort());
  });

  test('the profile fields, their types and which are required', () => {
    expect(PROFILE_FIELDS.map((f) => [f.field, f.type, f.required])).toEqual([
      ['profileUrl', 'url', true],
      ['fullName', 'string', true],
      ['firstName', 'string', true],
      ['lastName', 'string', true],
      ['headline', 'string', false],
      ['summary', 'string', false],
      ['company', 'string', false],
      ['education', 'string', false],
      ['country', 'string', false],
      ['city', 'string', false],
    ]);
  });

  test('the follow-up fields are optional, with their own columns', () => {
    expect(FOLLOW_UP_FIELDS.map((f) => [f.field, f.type, f.required, f.column])).toEqual([
      ['nextFollowUp', 'date', false, 'next_follow_up'],
      ['stage', 'stage', false, 'stage'],
    ]);
  });

  test.each([
    ['profileUrl', ['url']],
    ['fullName', ['title']],
    ['firstName', ['rich_text']],
    ['headline', ['rich_text']],
    ['city', ['rich_text']],
    ['nextFollowUp', ['date']],
    ['stage', ['select', 'status']],
  ] as const)('%s is offered only %j properties', (field, types) => {
    expect(compatibleProperties(field, properties).map((p) => p.type)).toEqual(types);
  });
});

describe('mapping rules', () => {
  test('fullName is auto-mapped to the title and cannot be changed', () => {
    const mapped = withTitleMapped({}, properties);
    expect(mapped.fullName).toBe('id-title');
    const result = assignProperty(mapped, 'fullName', 'id-rich_text');
    expect(result).toEqual({ ok: true, mapping: mapped });
  });

  test('withinProperties keeps the fields whose property the data source has (another source’s are dropped)', () => {
    const kept = withinProperties({ fullName: 'id-title', profileUrl: 'id-url', city: 'elsewhere' }, properties);
    expect(kept).toEqual({ fullName: 'id-title', profileUrl: 'id-url' });
  });

  test('a property serves one field only: the spec alert, mapping unchanged', () => {
    const first = assignProperty({ fullName: 'id-title' }, 'firstName', 'id-rich_text');
    expect(first.ok).toBe(true);
    const mapping = first.ok ? first.mapping : {};
    expect(assignProperty(mapping, 'lastName', 'id-rich_text')).toEqual({ ok: false, alert: PROPERTY_ALREADY_MAPPED });
    expect(PROPERTY_ALREADY_MAPPED).toBe(
      'This Notion property is already mapped to another LinkedIn field. Each property can only be used once.',
    );
    // Re-choosing the same property for the same field is fine; '' unmaps.
    expect(assignProperty(mapping, 'firstName', 'id-rich_text').ok).toBe(true);
    expect(assignProperty(mapping, 'firstName', '')).toEqual({ ok: true, mapping: { fullName: 'id-title' } });
  });

  test.each([
    [{}, false],
    [{ fullName: 't' }, false],
    [{ fullName: 't', profileUrl: 'u' }, true],
  ])('Next with %j: %s', (mapping, allowed) => {
    expect(canLeaveMapping(mapping)).toBe(allowed);
  });

  test('columns round-trip, unmapped fields are null', () => {
    const columns = mappingColumns({ profileUrl: 'u', fullName: 't', city: 'c' });
    expect(columns).toMatchObject({ profile_url: 'u', full_name: 't', city: 'c', first_name: null, headline: null });
    expect(mappingFromColumns(columns)).toEqual({ profileUrl: 'u', fullName: 't', city: 'c' });
  });

  test('the follow-up fields round-trip through their columns and share the one-property-per-field rule', () => {
    const mapping = { profileUrl: 'u', fullName: 't', nextFollowUp: 'd', stage: 's' };
    expect(mappingColumns(mapping)).toMatchObject({ next_follow_up: 'd', stage: 's' });
    expect(mappingFromColumns(mappingColumns(mapping))).toEqual(mapping);
    expect(assignProperty(mapping, 'stage', 'u')).toEqual({ ok: false, alert: PROPERTY_ALREADY_MAPPED });
    expect(assignProperty(mapping, 'stage', '')).toEqual({
      ok: true,
      mapping: { profileUrl: 'u', fullName: 't', nextFollowUp: 'd' },
    });
  });

  test("a settings row's two required columns are never null", () => {
    expect(settingColumns({ city: 'c' })).toMatchObject({ profile_url: '', full_name: '', city: 'c', headline: null });
    expect(settingColumns({ profileUrl: 'u', fullName: 't' })).toMatchObject({ profile_url: 'u', full_name: 't' });
  });
});

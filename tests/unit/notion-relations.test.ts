/**
 * Relations under the data-source API (src/domain/notion/relations.ts): the target is the data
 * source the relation's schema names, and values are lists of page ids both ways.
 */
import { describe, expect, test } from 'vitest';
import { relationPageIds, relationTargetOf, relationValue, reverseSideOf } from '../../src/domain/notion/relations.ts';

describe('relation target', () => {
  test("is the schema's data source, not its database", () => {
    const property = { type: 'relation', relation: { database_id: 'db-companies', data_source_id: 'ds-companies' } };
    expect(relationTargetOf(property)).toBe('ds-companies');
  });

  test('is null for another type, or a relation schema that names no data source', () => {
    expect(relationTargetOf({ type: 'rich_text' })).toBeNull();
    expect(relationTargetOf({ type: 'relation', relation: { database_id: 'db-companies' } })).toBeNull();
  });
});

describe('relation values', () => {
  test('write the given pages in order', () => {
    expect(relationValue(['p2', 'p1'])).toEqual({ relation: [{ id: 'p2' }, { id: 'p1' }] });
    expect(relationValue([])).toEqual({ relation: [] });
  });

  test("read a page's relation back as page ids, ignoring anything else", () => {
    expect(
      relationPageIds({ id: 'x', type: 'relation', relation: [{ id: 'p1' }, { id: 'p2' }], has_more: false }),
    ).toEqual(['p1', 'p2']);
    expect(relationPageIds({ type: 'relation', relation: [{ id: 'p1' }, { nope: 1 }, null] })).toEqual(['p1']);
    expect(relationPageIds({ type: 'url', url: 'https://x' })).toEqual([]);
    expect(relationPageIds(null)).toEqual([]);
  });
});

describe('reverse side', () => {
  test('of a two-way relation is the target data source and its synced property', () => {
    const property = {
      type: 'relation',
      relation: {
        data_source_id: 'ds-companies',
        type: 'dual_property',
        dual_property: { synced_property_id: 'abc%3D', synced_property_name: 'People' },
      },
    };
    expect(reverseSideOf(property)).toEqual({ dataSourceId: 'ds-companies', propertyId: 'abc%3D' });
  });

  test('is null for a one-way relation or another type', () => {
    expect(reverseSideOf({ type: 'relation', relation: { data_source_id: 'ds', type: 'single_property' } })).toBeNull();
    expect(reverseSideOf({ type: 'rich_text' })).toBeNull();
  });
});

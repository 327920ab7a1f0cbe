/**
 * What a relation shows and offers (src/domain/notion/relationRules.ts, spec 2 §5, §9): titles
 * up to 10, a count from 11 ("+25" from 25, or when Notion cut the list), Add below 25; the add
 * modal's candidates exclude related pages (ids compared without dashes and case); an edit's
 * whole new list.
 */
import { describe, expect, test } from 'vitest';
import {
  canAddRelation,
  excludeRelated,
  listsTitles,
  RECENT_RELATED_PAGES,
  relationCountText,
  RELATION_SEARCH_DEBOUNCE_MS,
  RELATION_SEARCH_OFFERED_AT,
  withoutRelated,
  withRelated,
} from '../../src/domain/notion/relationRules.ts';

const of = (count: number, hasMore = false) => ({ count, hasMore });

describe('what a relation shows (spec 2 §9)', () => {
  test.each([
    [0, true],
    [10, true],
    [11, false],
    [24, false],
  ])('%i related pages: listed by title %s', (count, listed) => {
    expect(listsTitles(of(count))).toBe(listed);
  });

  test.each([
    [11, '11'],
    [24, '24'],
    [25, '+25'],
    [30, '+25'],
  ])('%i related pages read as "%s"', (count, text) => {
    expect(relationCountText(of(count))).toBe(text);
  });

  test("a list Notion cut at 25 (has_more) is a count, '+25', with no Add", () => {
    expect(listsTitles(of(25, true))).toBe(false);
    expect(relationCountText(of(25, true))).toBe('+25');
    expect(canAddRelation(of(25, true))).toBe(false);
  });

  test.each([
    [0, true],
    [24, true],
    [25, false],
    [26, false],
  ])('%i related pages: Add offered %s', (count, offered) => {
    expect(canAddRelation(of(count))).toBe(offered);
  });

  test("the add modal's numbers", () => {
    expect([RECENT_RELATED_PAGES, RELATION_SEARCH_OFFERED_AT, RELATION_SEARCH_DEBOUNCE_MS]).toEqual([10, 10, 500]);
  });
});

describe('candidates exclude related pages', () => {
  const pages = [
    { id: '1a2b3c4d-0000-4000-8000-000000000001', title: 'One' },
    { id: '1a2b3c4d-0000-4000-8000-000000000002', title: 'Two' },
    { id: '1a2b3c4d-0000-4000-8000-000000000003', title: 'Three' },
  ];

  test('whatever the id form, in the order found', () => {
    const related = ['1A2B3C4D000040008000000000000002'];
    expect(excludeRelated(pages, related).map((p) => p.title)).toEqual(['One', 'Three']);
  });

  test('a page found twice is offered once', () => {
    expect(excludeRelated([...pages, pages[0]], []).map((p) => p.title)).toEqual(['One', 'Two', 'Three']);
  });

  test('nothing related: every page', () => {
    expect(excludeRelated(pages, [])).toEqual(pages);
  });
});

describe("an edit's whole new list", () => {
  test('linking appends the new pages, once each, keeping the order', () => {
    expect(withRelated(['a', 'b'], ['c', 'a', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });

  test('unlinking drops the page, whatever its id form', () => {
    const ids = ['1a2b3c4d-0000-4000-8000-000000000001', '1a2b3c4d-0000-4000-8000-000000000002'];
    expect(withoutRelated(ids, '1a2b3c4d000040008000000000000001')).toEqual([ids[1]]);
    expect(withoutRelated(ids, 'absent')).toEqual(ids);
  });
});

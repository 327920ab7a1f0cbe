/**
 * The admin dashboard's pure rules (spec 2 §2, §5, §8, §9): the environment badge, the user
 * search's pages of 10, and the bulk delete's per-user outcomes and summary. Expected texts are
 * the spec's, written out here.
 */
import { describe, expect, test } from 'vitest';
import { deletionOutcome, deletionSummary, noUsersFound } from '../../src/domain/admin/adminTexts.ts';
import { environmentBadge } from '../../src/domain/admin/environmentBadge.ts';
import { pageCount, pageOf, USER_SEARCH_PAGE_SIZE } from '../../src/domain/admin/userPages.ts';

describe('environment badge', () => {
  test.each([
    [{ branch_name: 'main', is_production: true }, 'Supabase: main', 'production'],
    [{ branch_name: 'production', is_production: true }, 'Supabase: production', 'production'],
    [{ branch_name: 'develop', is_production: false }, 'Supabase: develop', 'development'],
    [{ branch_name: 'local', is_production: false }, 'Supabase: local', 'neutral'],
    [{ branch_name: null, is_production: null }, 'Supabase: unknown', 'neutral'],
    [null, 'Supabase: error', 'error'],
  ])('%j → %s (%s)', (info, label, style) => {
    expect(environmentBadge(info)).toEqual({ label, style });
  });
});

describe('user search pages', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);
  test('10 per page; the last page holds the rest; an empty result is one page', () => {
    expect(USER_SEARCH_PAGE_SIZE).toBe(10);
    expect(pageCount(23)).toBe(3);
    expect(pageCount(20)).toBe(2);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(rows, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageOf(rows, 3)).toEqual([20, 21, 22]);
  });
  test('a page out of range is the nearest page', () => {
    expect(pageOf(rows, 9)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 0)).toEqual(pageOf(rows, 1));
  });
});

describe('bulk delete texts', () => {
  test.each([
    [{ success: true, message: 'User deleted successfully' }, true, 'User deleted successfully'],
    [{ success: true, message: null }, true, 'User deleted successfully'],
    [{ success: false, message: 'User not found' }, false, 'User not found'],
    [{ success: false, message: '' }, false, 'Delete operation failed'],
    [{ message: 'done' }, false, 'Unknown error - unexpected response format'],
    [null, false, 'Unknown error - unexpected response format'],
    ['ok', false, 'Unknown error - unexpected response format'],
  ])('%j → %s, %s', (answer, deleted, text) => {
    expect(deletionOutcome(answer)).toEqual({ deleted, text });
  });
  test('summary and empty state', () => {
    expect(deletionSummary(2, 3)).toBe('Successfully deleted 2 of 3 selected users');
    expect(noUsersFound('zzz')).toBe('No users found matching "zzz"');
  });
});

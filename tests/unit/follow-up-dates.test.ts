import { describe, expect, test } from 'vitest';
import { daysAfter, isDue, localDate, quickFollowUpDate } from '../../src/domain/followUps/followUpDates.ts';

describe('follow-up dates', () => {
  test.each([
    ['tomorrow', new Date(2026, 10, 27, 23, 30), '2026-11-28'],
    ['inThreeDays', new Date(2026, 10, 29, 8), '2026-12-02'],
    ['nextWeek', new Date(2026, 11, 28, 0, 5), '2027-01-04'],
    ['tomorrow', new Date(2028, 1, 28, 12), '2028-02-29'],
  ] as const)('%s from %s is %s', (choice, today, expected) => {
    expect(quickFollowUpDate(choice, today)).toBe(expected);
  });

  test('calendar days, not 24-hour steps (a day-saving change keeps the date)', () => {
    expect(daysAfter(new Date(2026, 2, 28, 23, 59), 1)).toBe('2026-03-29');
    expect(daysAfter(new Date(2026, 9, 24, 0, 0), 1)).toBe('2026-10-25');
  });

  test('due on its day and after; a date-time counts by its date; not before', () => {
    const today = new Date(2026, 10, 27, 9);
    expect(localDate(today)).toBe('2026-11-27');
    expect(isDue('2026-11-27', today)).toBe(true);
    expect(isDue('2025-01-01', today)).toBe(true);
    expect(isDue('2026-11-27T18:00:00.000+01:00', today)).toBe(true);
    expect(isDue('2026-11-28', today)).toBe(false);
  });
});

/**
 * Dates as a page shows them (src/domain/notion/dates.ts, spec 2 §9 'Dates like "March 5,
 * 2025", times 24-hour'): days never shift with the zone, moments show in the date's own time
 * zone or the viewer's, ranges join both ends.
 */
import { expect, test } from 'vitest';
import { formatNotionDate } from '../../src/domain/notion/dates.ts';

test.each([
  [{ start: '2025-03-05' }, 'March 5, 2025'],
  [{ start: '2025-12-31', end: null, time_zone: null }, 'December 31, 2025'],
  [{ start: '2025-03-05', end: '2025-03-07' }, 'March 5, 2025 → March 7, 2025'],
  [{ start: '2025-03-05T14:30:00.000Z' }, 'March 5, 2025 14:30'],
  [{ start: '2025-03-05T00:05:00.000+00:00' }, 'March 5, 2025 00:05'],
  [{ start: '2025-03-05T21:15:00.000Z', end: '2025-03-05T23:45:00.000Z' }, 'March 5, 2025 21:15 → March 5, 2025 23:45'],
])('%j reads %s (viewer in UTC)', (date, text) => {
  expect(formatNotionDate(date, 'UTC')).toBe(text);
});

test('a day is that calendar day in every zone', () => {
  expect(formatNotionDate({ start: '2025-03-05' }, 'Pacific/Honolulu')).toBe('March 5, 2025');
  expect(formatNotionDate({ start: '2025-03-05' }, 'Pacific/Kiritimati')).toBe('March 5, 2025');
});

test("a moment shows in the viewer's zone, or in the date's own time zone when Notion keeps one", () => {
  const moment = { start: '2025-03-05T23:30:00.000Z' };
  expect(formatNotionDate(moment, 'Europe/Paris')).toBe('March 6, 2025 00:30');
  expect(formatNotionDate(moment, 'America/New_York')).toBe('March 5, 2025 18:30');
  expect(formatNotionDate({ ...moment, time_zone: 'Asia/Tokyo' }, 'America/New_York')).toBe('March 6, 2025 08:30');
});

test('a moment written without an offset is shown as written', () => {
  const date = { start: '2025-03-05T09:00:00.000', end: '2025-03-05T17:30:00.000', time_zone: 'Europe/Paris' };
  expect(formatNotionDate(date, 'America/New_York')).toBe('March 5, 2025 09:00 → March 5, 2025 17:30');
});

test('no date is an empty text; a text that is no date is shown as it is; an unknown zone is ignored', () => {
  expect(formatNotionDate(null)).toBe('');
  expect(formatNotionDate({ start: '' })).toBe('');
  expect(formatNotionDate({ start: 'next Tuesday' })).toBe('next Tuesday');
  expect(formatNotionDate({ start: '2025-03-05T12:00:00Z', time_zone: 'Mars/Olympus' }, 'Asia/Tokyo')).toBe(
    'March 5, 2025 21:00',
  );
});

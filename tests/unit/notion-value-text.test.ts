import { expect, test } from 'vitest';
import { valueText } from '../../src/domain/notion/valueText.ts';

test.each([
  [{ rich_text: [{ type: 'text', text: { content: 'Met at ' } }, { plain_text: 'SaaStr' }] }, 'Met at SaaStr'],
  [{ title: [] }, '(empty)'],
  [{ select: { name: 'Warm' } }, 'Warm'],
  [{ status: null }, '(empty)'],
  [{ multi_select: [{ name: 'A' }, { name: 'B' }] }, 'A, B'],
  [{ date: { start: '2026-11-24' } }, '2026-11-24'],
  [{ checkbox: false }, 'Unchecked'],
  [{ number: 0 }, '0'],
  [{ url: 'https://x.example' }, 'https://x.example'],
  [{ relation: [{ id: 'a' }] }, '1 page'],
  [{ people: [{ id: 'a' }, { id: 'b' }] }, '2 people'],
  [{ files: [] }, '0 files'],
  [null, '(empty)'],
])('%j → %s', (value, text) => {
  expect(valueText(value)).toBe(text);
});

/**
 * select, status and multi_select, by option name (Notion matches a written name to the
 * schema's option, and adds a select or multi-select option it does not know; src/domain/notion/
 * optionRules.ts decides when the editor offers that). An empty name clears a select or status.
 */
import type { PropertyCodec } from './shapes.ts';

const nameOf = (option: unknown): string | null => {
  const name = (option as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name !== '' ? name : null;
};

const single = (type: 'select' | 'status'): PropertyCodec<string | null> => ({
  read: ({ inner }) => nameOf(inner),
  write: (name) => ({ [type]: name ? { name } : null }),
});

export const select = single('select');
export const status = single('status');

export const multiSelect: PropertyCodec<string[]> = {
  read: ({ inner }) => (Array.isArray(inner) ? inner.map(nameOf).filter((name) => name !== null) : []),
  write: (names) => ({ multi_select: names.map((name) => ({ name })) }),
};

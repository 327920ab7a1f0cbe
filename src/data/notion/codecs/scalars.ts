/**
 * number, checkbox and date. A number keeps its schema's format for display and writes the
 * number or null; a date keeps its end and time zone and writes only what it has
 * (`{start, end?, time_zone?}`, null without a start).
 */
import type { DateShape, NumberShape, PropertyCodec } from './shapes.ts';

type Item = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export const number: PropertyCodec<NumberShape> = {
  read: ({ inner, schema }) => ({
    value: typeof inner === 'number' && Number.isFinite(inner) ? inner : null,
    numberFormat: schema?.number?.format ?? 'number',
  }),
  write: ({ value }) => ({ number: value }),
};

export const checkbox: PropertyCodec<boolean> = {
  read: ({ inner }) => inner === true,
  write: (checked) => ({ checkbox: checked }),
};

export const date: PropertyCodec<DateShape | null> = {
  read: ({ inner }) => {
    const start = text((inner as Item | null)?.start);
    if (start === null) return null;
    return { start, end: text((inner as Item).end), timeZone: text((inner as Item).time_zone) };
  },
  write: (value) =>
    value && value.start !== ''
      ? {
          date: {
            start: value.start,
            ...(value.end ? { end: value.end } : {}),
            ...(value.timeZone ? { time_zone: value.timeZone } : {}),
          },
        }
      : { date: null },
};

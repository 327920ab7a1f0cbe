/**
 * How a date property reads (spec 2 §9 'Dates like "March 5, 2025", times 24-hour'): a day as
 * "March 5, 2025", a moment as "March 5, 2025 14:30", a range as both ends joined by " → "
 * (Notion's own arrow).
 *
 * What must stay true: a day (`2025-03-05`) is that calendar day everywhere, never shifted by a
 * time zone; a moment with an offset shows in the date's own `time_zone` when Notion keeps one,
 * else in the zone asked for (the viewer's by default); a moment without an offset is shown as
 * written. A text that is no ISO 8601 date is shown as it is.
 */
export interface NotionDate {
  start: string;
  end?: string | null;
  time_zone?: string | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The zone if Intl knows it, else undefined (the viewer's). */
function knownZone(timeZone: string | undefined): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayIn = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });
const timeIn = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });

/** One end of a date: "March 5, 2025" or "March 5, 2025 14:30". */
export function formatDateEnd(text: string, timeZone?: string): string {
  const match = ISO.exec(text);
  if (!match) return text;
  const [, year, month, day, hour, minute, offset] = match;
  if (hour === undefined) return DAY.format(Date.UTC(+year, +month - 1, +day));
  if (offset === undefined) {
    const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute);
    return `${DAY.format(wall)} ${timeIn('UTC').format(wall)}`;
  }
  const moment = Date.parse(text);
  if (Number.isNaN(moment)) return text;
  return `${dayIn(timeZone).format(moment)} ${timeIn(timeZone).format(moment)}`;
}

/** The whole date as the page shows it; no date is an empty text. */
export function formatNotionDate(date: NotionDate | null | undefined, viewerTimeZone?: string): string {
  if (!date?.start) return '';
  const zone = knownZone(date.time_zone ?? undefined) ?? knownZone(viewerTimeZone);
  const start = formatDateEnd(date.start, zone);
  return date.end ? `${start} → ${formatDateEnd(date.end, zone)}` : start;
}

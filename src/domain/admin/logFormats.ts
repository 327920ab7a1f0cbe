/**
 * How the admin logs write times (spec 2 §9): the Stripe sync logs' dates in French
 * (Intl fr-FR: "24/11/2026 23:42:52"), durations in milliseconds or seconds. The quota reset
 * log uses the app's English dates (src/domain/notion/dates.ts).
 */

/** A sync log's date and time, French style, in `timeZone` (the viewer's by default). */
export function frenchDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone }).format(date);
}

const SECOND_MS = 1000;

/** A run's duration: "850 ms" under a second, else seconds with one decimal ("12.3 s"). */
export function durationText(ms: number): string {
  return ms < SECOND_MS ? `${ms} ms` : `${(ms / SECOND_MS).toFixed(1)} s`;
}

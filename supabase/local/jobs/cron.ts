/**
 * Five-field cron expressions as pg_cron reads them (minute hour day-of-month month day-of-week,
 * in UTC; `*`, numbers, `a-b` ranges, `/n` steps, comma lists; Sunday is 0 or 7; when both day
 * fields are restricted a day matching either one fires, as in cron). `nextRunAfter` is the
 * scheduler's only clock arithmetic, pure so a unit test can walk it through any date.
 *
 * What must stay true: an expression this module cannot read is an error, never a job that
 * silently fires at some other time.
 */

interface CronField {
  values: Set<number>;
  restricted: boolean;
}

export interface CronSchedule {
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
}

const FIELDS = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['dayOfMonth', 1, 31],
  ['month', 1, 12],
  ['dayOfWeek', 0, 7],
] as const;

const MINUTE_MS = 60_000;
/** Far enough for any satisfiable expression (29 February comes back within 8 years). */
const SEARCH_LIMIT_MS = 9 * 366 * 86_400_000;

function parseField(text: string, min: number, max: number, expression: string): CronField {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Unsupported cron field "${part}" in "${expression}"`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) {
      throw new Error(`Cron field "${part}" out of range ${min}-${max} in "${expression}"`);
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, restricted: !text.startsWith('*') };
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) throw new Error(`A cron expression has 5 fields: "${expression}"`);
  const fields = Object.fromEntries(
    FIELDS.map(([name, min, max], i) => [name, parseField(parts[i], min, max, expression)]),
  ) as unknown as CronSchedule;
  if (fields.dayOfWeek.values.delete(7)) fields.dayOfWeek.values.add(0);
  return fields;
}

function dayMatches(s: CronSchedule, date: Date): boolean {
  const dom = s.dayOfMonth.values.has(date.getUTCDate());
  const dow = s.dayOfWeek.values.has(date.getUTCDay());
  if (s.dayOfMonth.restricted && s.dayOfWeek.restricted) return dom || dow;
  return dom && dow;
}

/** The first minute strictly after `afterMs` (epoch ms) at which the schedule fires, in epoch ms. */
export function nextRunAfter(schedule: CronSchedule, afterMs: number): number {
  const t = new Date(Math.floor(afterMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  while (t.getTime() - afterMs <= SEARCH_LIMIT_MS) {
    if (!schedule.month.values.has(t.getUTCMonth() + 1) || !dayMatches(schedule, t)) {
      t.setUTCHours(24, 0, 0, 0);
    } else if (!schedule.hour.values.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!schedule.minute.values.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t.getTime();
    }
  }
  throw new Error('This cron expression never fires');
}

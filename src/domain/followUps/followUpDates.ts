/**
 * The follow-up dates the page view offers (issue 36) and when one is due, as pure rules on the
 * user's calendar: dates are Notion's date-only form, `YYYY-MM-DD`, in the device's local time
 * (a follow-up is "for Tuesday", not for an instant).
 *
 * What must stay true: "Tomorrow" is the next calendar day, "In 3 days" three days on, "Next
 * week" seven days on — across month and year ends and daylight-saving changes; a follow-up is
 * due on its day and every day after (one in the past is overdue, still listed).
 */
export type QuickFollowUp = 'tomorrow' | 'inThreeDays' | 'nextWeek';

export const QUICK_FOLLOW_UPS: readonly { choice: QuickFollowUp; label: string; days: number }[] = [
  { choice: 'tomorrow', label: 'Tomorrow', days: 1 },
  { choice: 'inThreeDays', label: 'In 3 days', days: 3 },
  { choice: 'nextWeek', label: 'Next week', days: 7 },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as Notion's date-only string. */
export const localDate = (day: Date): string => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/** The date `days` calendar days after `today` (by the calendar, not by 24-hour steps). */
export function daysAfter(today: Date, days: number): string {
  return localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
}

/** The date a quick choice stands for, seen from `today`. */
export function quickFollowUpDate(choice: QuickFollowUp, today: Date): string {
  return daysAfter(today, QUICK_FOLLOW_UPS.find((quick) => quick.choice === choice)!.days);
}

/** Whether a follow-up on `start` (a date or date-time from Notion) is due on `today`. */
export function isDue(start: string, today: Date): boolean {
  return start.slice(0, 10) <= localDate(today);
}

/**
 * The account screen's quota bars (spec 2 §4 "Quota bar", §10): the percent used is rounded,
 * capped at 100, and zero when the quota is zero or unknown; the bar is normal under 80,
 * warning from 80 to under 95, critical from 95. Notion edits count as unlimited above 100 000.
 */
export const UNLIMITED_NOTION_EDITS = 100_000;

/** §9 "Notion edits shown as unlimited when quota exceeds 100000" (strictly more). */
export function isUnlimitedNotionEdits(quota: number | null | undefined): boolean {
  return typeof quota === 'number' && quota > UNLIMITED_NOTION_EDITS;
}

export type QuotaBarLevel = 'normal' | 'warning' | 'critical';

export function quotaPercent(used: number | null, quota: number | null): number {
  if (!quota || quota <= 0 || used === null || used <= 0) return 0;
  return Math.min(100, Math.round((used / quota) * 100));
}

export function quotaBarLevel(percent: number): QuotaBarLevel {
  if (percent < 80) return 'normal';
  return percent < 95 ? 'warning' : 'critical';
}

/**
 * The daily quota reset log as the admin reads it (spec 2 §3 "Quota reset log", §4): a run's
 * status label — success or completed, error or failed, partial, anything else unknown.
 */

export type ResetTone = 'success' | 'error' | 'partial' | 'unknown';

const TONES: Record<string, ResetTone> = {
  success: 'success',
  completed: 'success',
  error: 'error',
  failed: 'error',
  partial: 'partial',
};

const LABELS: Record<ResetTone, string> = {
  success: 'Success',
  error: 'Error',
  partial: 'Partial',
  unknown: 'Unknown',
};

/** The label and tone of a reset run's status. */
export function resetStatus(status: string): { label: string; tone: ResetTone } {
  const tone = TONES[status.toLowerCase()] ?? 'unknown';
  return { label: LABELS[tone], tone };
}

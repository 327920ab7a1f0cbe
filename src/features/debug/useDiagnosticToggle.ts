/** One of the header's diagnostic toggles (issue 20), live and persisted in this browser. */
import { useCallback, useSyncExternalStore } from 'react';
import {
  storeDiagnosticToggle,
  storedDiagnosticToggle,
  subscribeDiagnosticToggles,
  type DiagnosticToggle,
} from '../../data/local/debugDiagnostics.ts';

export function useDiagnosticToggle(toggle: DiagnosticToggle): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribeDiagnosticToggles, () => storedDiagnosticToggle(toggle));
  const set = useCallback((next: boolean) => storeDiagnosticToggle(toggle, next), [toggle]);
  return [on, set];
}

/** The "Show N more properties" toggle of one database (its data source), kept in local storage. */
import { useCallback, useSyncExternalStore } from 'react';
import {
  readPropertyToggle,
  storePropertyToggle,
  subscribePropertyToggle,
} from '../../../data/local/propertyToggle.ts';

export function usePropertyToggle(dataSourceId: string): [open: boolean, setOpen: (open: boolean) => void] {
  const open = useSyncExternalStore(subscribePropertyToggle, () => readPropertyToggle(dataSourceId));
  const setOpen = useCallback((next: boolean) => storePropertyToggle(dataSourceId, next), [dataSourceId]);
  return [open, setOpen];
}

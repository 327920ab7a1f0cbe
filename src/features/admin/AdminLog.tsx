/** An admin log's states (spec 2 §8): 'Loading…', the load error with Retry, the empty text, or the rows. */
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import type { LogState } from './useAdminLog.ts';

export function AdminLog<T>(props: {
  log: LogState<T>;
  retry: () => void;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { log } = props;
  if (log.state === 'loading') return <p aria-busy="true">Loading…</p>;
  if (log.state === 'error') {
    return (
      <>
        <ErrorMessage message={log.message} />
        <Button onPress={props.retry}>Retry</Button>
      </>
    );
  }
  if (log.rows.length === 0) return <p className="empty-state">{props.empty}</p>;
  return props.children(log.rows);
}

/** A screen whose data loads first: 'Loading…' while it does, the error with Retry if it fails. */
import type { ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage.tsx';
import type { Load } from './useRetryableLoad.ts';

export function LoadedScreen<T>(props: {
  load: Load<T>;
  retry: () => void;
  loadingText: string;
  children: (data: T) => ReactNode;
}) {
  const { load, retry } = props;
  if (load.state === 'loading') {
    return (
      <main className="screen" aria-busy="true">
        {props.loadingText}
      </main>
    );
  }
  if (load.state === 'error') {
    return (
      <main className="screen narrow">
        <ErrorMessage message={load.message} />
        <button type="button" onClick={retry}>
          Retry
        </button>
      </main>
    );
  }
  return props.children(load.data);
}

/**
 * An admin log's rows (sync or reset log): loaded on open, reloaded on demand without leaving
 * the screen (the rows shown stay until the new ones arrive, so focus is never lost).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { textOf } from '../../data/errors/result.ts';

export type LogState<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; rows: T[] };

const read = <T>(load: () => Promise<T[]>): Promise<LogState<T>> =>
  load().then(
    (rows): LogState<T> => ({ state: 'ready', rows }),
    (error: unknown): LogState<T> => ({ state: 'error', message: textOf('loadAdminLogs', error) }),
  );

export function useAdminLog<T>(load: () => Promise<T[]>): { log: LogState<T>; reload: () => Promise<void> } {
  const [log, setLog] = useState<LogState<T>>({ state: 'loading' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    void read(load).then((next) => live.current && setLog(next));
    return () => {
      live.current = false;
    };
  }, [load]);
  const reload = useCallback(async () => {
    const next = await read(load);
    if (live.current) setLog(next);
  }, [load]);
  return { log, reload };
}

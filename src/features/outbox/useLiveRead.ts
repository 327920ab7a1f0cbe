/**
 * `liveRead` in React: the outbox's views (counts, lists, a property's save state) re-read on
 * every change without the starvation `useLiveQuery` shows under the drainer's steady writes
 * (see data/db/liveRead.ts). `key` names what is read: a new key starts a new read, and the
 * previous key's value is not shown meanwhile; `everyMs` reads again that often besides.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { liveRead } from '../../data/db/liveRead.ts';
import { db } from '../../data/db/schema.ts';

export function useLiveRead<T>(
  tables: readonly string[],
  key: string,
  read: () => Promise<T>,
  everyMs?: number,
): T | undefined {
  const [result, setResult] = useState<{ key: string; value: T }>();
  const readNow = useEffectEvent(read);
  const tablesKey = tables.join(',');
  useEffect(
    () =>
      liveRead(
        db,
        tablesKey.split(','),
        () => readNow(),
        // the same value again (a timed re-read) keeps the state: no render
        (value) =>
          setResult((last) =>
            last?.key === key && JSON.stringify(last.value) === JSON.stringify(value) ? last : { key, value },
          ),
        (error: unknown) => console.error('A live read failed', error),
        everyMs,
      ),
    [tablesKey, key, everyMs],
  );
  return result?.key === key ? result.value : undefined;
}

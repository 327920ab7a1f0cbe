/**
 * `liveRead` in React: the outbox's views (counts, lists, a property's save state) re-read on
 * every change without the starvation `useLiveQuery` shows under the drainer's steady writes
 * (see data/db/liveRead.ts). `key` names what is read: a new key starts a new read, and the
 * previous key's value is not shown meanwhile.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { liveRead } from '../../data/db/liveRead.ts';
import { db } from '../../data/db/schema.ts';

export function useLiveRead<T>(tables: readonly string[], key: string, read: () => Promise<T>): T | undefined {
  const [result, setResult] = useState<{ key: string; value: T }>();
  const readNow = useEffectEvent(read);
  const tablesKey = tables.join(',');
  useEffect(
    () =>
      liveRead(
        db,
        tablesKey.split(','),
        () => readNow(),
        (value) => setResult({ key, value }),
        (error: unknown) => console.error('A live read failed', error),
      ),
    [tablesKey, key],
  );
  return result?.key === key ? result.value : undefined;
}

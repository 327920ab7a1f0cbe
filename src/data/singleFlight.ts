/**
 * Single flight: while work under a key is running, a second caller with the same key joins
 * it instead of starting it again. It is how one intent stays one request when React runs an
 * effect twice (StrictMode), or two owners ask for the same thing at once (the layout and
 * Root both need the restored active setting).
 *
 * What must stay true: only work in flight is shared — once it settles (fulfilled or
 * rejected) the key is free and the next caller starts afresh; nothing is cached here.
 */
export type SingleFlight<T> = (key: string, work: () => Promise<T>) => Promise<T>;

export function singleFlight<T>(): SingleFlight<T> {
  const running = new Map<string, Promise<T>>();
  return (key, work) => {
    const joined = running.get(key);
    if (joined) return joined;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

/**
 * Time as the data layer sees it: `now` in epoch milliseconds and `sleep`, which an abort
 * signal ends early. Modules that wait (the outbox, the rate budget) take a `Clock` so tests
 * drive them with a fake one instead of real time.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms` milliseconds, or at once when `signal` aborts. Never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(resolve, Math.max(0, ms));
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    }),
};

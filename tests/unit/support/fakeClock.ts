/**
 * A fake `Clock` (src/data/clock.ts) for suites that wait: time moves only when everything
 * else waits. `run(work)` lets promises and fake-indexeddb's tasks (setImmediate) settle, then
 * jumps to the next timer, until `work` ends; `advance(ms)` does the same up to a time. One
 * driver at a time: start work un-awaited, `advance`, then `run` it to its end.
 */
import type { Clock } from '../../../src/data/clock.ts';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Enough turns of the task queue for a chain of IndexedDB transactions to finish. */
const SETTLE_TURNS = 200;
const settle = async () => {
  for (let i = 0; i < SETTLE_TURNS; i++) await new Promise((resolve) => setImmediate(resolve));
};

export class FakeClock implements Clock {
  private timers: Timer[] = [];
  private seq = 0;

  constructor(private time: number) {}

  now = (): number => this.time;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((t) => t !== timer);
        resolve();
      });
    });

  /** Fires the earliest timers; false when there is none (or none before `limit`). */
  private async step(limit = Infinity): Promise<boolean> {
    await settle();
    const next = Math.min(...this.timers.map((t) => t.at));
    if (!Number.isFinite(next) || next > limit) return false;
    this.time = Math.max(this.time, next);
    const due = this.timers.filter((t) => t.at <= this.time).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.timers = this.timers.filter((t) => !due.includes(t));
    due.forEach((t) => t.resolve());
    return true;
  }

  async run<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const tracked = work.finally(() => (done = true));
    for (;;) {
      await settle();
      if (done) return tracked;
      if (!(await this.step())) {
        await settle();
        if (done) return tracked;
        throw new Error('FakeClock.run: the work waits on nothing the clock can move');
      }
    }
  }

  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    while (await this.step(until));
    this.time = until;
    await settle();
  }
}

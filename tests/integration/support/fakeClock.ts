/**
 * A clock for the local scheduler (supabase/local/jobs/scheduler.ts) that moves only when a test
 * says so: `advanceTo` sets the time and fires every timer that has come due, in time order.
 */
import type { SchedulerClock } from '../../../supabase/local/jobs/scheduler.ts';

interface Timer {
  fire: () => void;
  at: number;
}

export interface FakeClock extends SchedulerClock {
  /** The due times (epoch ms) of the timers still waiting, earliest first. */
  pending(): number[];
  advanceTo(iso: string): void;
}

export function fakeClock(startIso: string): FakeClock {
  let now = Date.parse(startIso);
  const timers = new Set<Timer>();
  return {
    now: () => now,
    setTimeout(fire, ms) {
      const timer = { fire, at: now + ms };
      timers.add(timer);
      return timer;
    },
    clearTimeout: (timer) => void timers.delete(timer as Timer),
    pending: () => [...timers].map((t) => t.at).sort((a, b) => a - b),
    advanceTo(iso) {
      now = Date.parse(iso);
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) break;
        timers.delete(timer);
        timer.fire();
      }
    },
  };
}

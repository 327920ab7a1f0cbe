/**
 * Runs the setup polling machine (src/domain/billing/setupPolling.ts) with real timers: each
 * `next` is carried out — a wait as a timeout, a call through `SetupIo` — and its answer fed
 * back with the `seq` it was given; each effect is handed to the I/O as it comes.
 *
 * What must stay true: after `stop()` (logout, the overlay gone) no timer is left and no answer
 * still under way changes anything or starts another call; a call that throws is an answer
 * too (a failed check, a failed setup result, a failed customer or profile), so polling never
 * stalls on an error.
 */
import type { Currency } from '../../domain/billing/currency.ts';
import {
  initialSetupPolling,
  stepSetupPolling,
  type SetupEffect,
  type SetupEvent,
  type SetupNext,
  type SetupPolling,
} from '../../domain/billing/setupPolling.ts';
import { setupFailure, type SetupResult } from '../../domain/billing/setupResult.ts';
import { toAppError } from '../../data/errors/thrown.ts';

export interface SetupIo {
  /** The profile's state in the database (null: no profile) and in the app's cache. */
  check(): Promise<{ profileState: string | null; cachedState: string | null }>;
  setup(): Promise<SetupResult>;
  createCustomer(teamId: string, currency: Currency): Promise<void>;
  insertProfile(): Promise<void>;
  /** Fire and forget: must not throw. */
  effect(effect: SetupEffect): void;
}

export interface SetupRunner {
  readonly state: SetupPolling;
  /** Called after every change of `state`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  start(currency: Currency): void;
  /** The debug list's 'Check Status Again' (acts while waiting only). */
  checkAgain(): void;
  stop(): void;
}

const messageOf = (error: unknown): string => toAppError(error).message;

export function createSetupRunner(io: SetupIo, clock: () => number = Date.now): SetupRunner {
  let state = initialSetupPolling();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function send(event: SetupEvent): void {
    if (stopped) return;
    const step = stepSetupPolling(state, event);
    state = step.state;
    step.effects.forEach((effect) => io.effect(effect));
    if (step.next) carryOut(step.next);
    listeners.forEach((listener) => listener());
  }

  /** Runs `call` and feeds its answer (or its failure) back as the event `answer` makes. */
  function answerWith<T>(
    call: () => Promise<T>,
    answer: (value: T) => SetupEvent,
    failed: (error: string) => SetupEvent,
  ) {
    call().then(
      (value) => send(answer(value)),
      (error: unknown) => send(failed(messageOf(error))),
    );
  }

  function carryOut(next: SetupNext): void {
    clearTimeout(timer);
    if ('wait' in next) {
      timer = setTimeout(() => send({ type: 'tick', seq: next.seq, now: clock() }), next.wait);
      return;
    }
    if (!('call' in next)) return;
    const { seq } = next;
    switch (next.call) {
      case 'check':
        return answerWith(
          () => io.check(),
          (answer) => ({ type: 'checked', seq, now: clock(), ...answer }),
          (error) => ({ type: 'checkFailed', seq, now: clock(), error }),
        );
      case 'setup':
        return answerWith(
          () => io.setup(),
          (result) => ({ type: 'setupAnswered', seq, now: clock(), result }),
          (error) => ({ type: 'setupAnswered', seq, now: clock(), result: setupFailure(error) }),
        );
      case 'createCustomer':
        return answerWith(
          () => io.createCustomer(next.teamId, next.currency),
          () => ({ type: 'customerAnswered', seq, now: clock(), ok: true }),
          (error) => ({ type: 'customerAnswered', seq, now: clock(), ok: false, error }),
        );
      case 'insertProfile':
        return answerWith(
          () => io.insertProfile(),
          () => ({ type: 'profileInserted', seq, now: clock(), ok: true }),
          (error) => ({ type: 'profileInserted', seq, now: clock(), ok: false, error }),
        );
    }
  }

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (currency) => send({ type: 'start', now: clock(), currency }),
    checkAgain: () => send({ type: 'checkAgain', now: clock() }),
    stop() {
      send({ type: 'logout' });
      stopped = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}

/**
 * A fake-clock driver for the setup polling machine (src/domain/billing/setupPolling.ts): it
 * keeps the time, runs each `wait` by moving it, and answers each call as the test says.
 */
import { expect } from 'vitest';
import {
  initialSetupPolling,
  stepSetupPolling,
  type SetupEffect,
  type SetupEvent,
  type SetupNext,
  type SetupPolling,
} from '../../../src/domain/billing/setupPolling.ts';
import type { SetupResult } from '../../../src/domain/billing/setupResult.ts';
import type { Currency } from '../../../src/domain/billing/currency.ts';

export const T0 = Date.parse('2026-11-21T12:00:00Z');

export class Harness {
  now = T0;
  state: SetupPolling = initialSetupPolling();
  next: SetupNext | null = null;
  effects: SetupEffect[] = [];
  /** Each check's time (ms after T0) and each push's, in order. */
  checks: number[] = [];
  pushes: number[] = [];

  send(event: SetupEvent) {
    const out = stepSetupPolling(this.state, event);
    this.state = out.state;
    this.effects.push(...out.effects);
    if (out.next) this.next = out.next;
    return out;
  }

  start(currency: Currency = 'usd') {
    this.send({ type: 'start', now: this.now, currency });
    return this;
  }

  get seq(): number {
    const next = this.next;
    if (!next || !('seq' in next)) throw new Error(`no pending step: ${JSON.stringify(next)}`);
    return next.seq;
  }

  /** Runs a pending wait on the fake clock, then the check it leads to. */
  elapse() {
    const next = this.next;
    if (!next || !('wait' in next)) throw new Error(`not waiting: ${JSON.stringify(next)}`);
    this.now += next.wait;
    this.send({ type: 'tick', seq: next.seq, now: this.now });
  }

  /** Answers a pending check with the database's state (null: no profile). */
  answerCheck(profileState: string | null, cachedState: string | null = null) {
    expect(this.next).toMatchObject({ call: 'check' });
    this.checks.push(this.now - T0);
    return this.send({ type: 'checked', seq: this.seq, now: this.now, profileState, cachedState });
  }

  answerSetup(result: SetupResult) {
    expect(this.next).toMatchObject({ call: 'setup' });
    this.pushes.push(this.now - T0);
    return this.send({ type: 'setupAnswered', seq: this.seq, now: this.now, result });
  }

  /** Keeps the database at `state` until the machine pushes (answered with `result`) or `limit` checks. */
  holdUntilPush(state: string | null, result: SetupResult = ok(state), limit = 10) {
    for (let i = 0; i < limit; i++) {
      if (this.next && 'wait' in this.next) this.elapse();
      this.answerCheck(state);
      if (this.next && 'call' in this.next && this.next.call === 'setup') return this.answerSetup(result);
    }
    throw new Error(`no push within ${limit} checks`);
  }

  waits(): number {
    const next = this.next;
    if (!next || !('wait' in next)) throw new Error(`not waiting: ${JSON.stringify(next)}`);
    return next.wait;
  }

  notified(kind: string) {
    return this.effects.filter((e) => 'notify' in e && e.notify === kind);
  }
}

export const ok = (state: string | null, teamId: string | null = null): SetupResult => ({
  success: true,
  state,
  originalState: null,
  teamId,
  error: null,
});

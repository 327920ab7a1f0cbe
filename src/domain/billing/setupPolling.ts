/**
 * The setup gate's polling (spec 2 §4 "Setup polling", §7 slack-notify, §8 "Setup errors
 * logged only; recovery failures via slack-notify; state 'error' polled every 10 s") as a pure
 * state machine. It holds no timer and does no I/O: each event (carrying the time, `now`, from
 * the caller's clock) returns the new state, the ONE next thing to do (wait, call, done) and
 * fire-and-forget effects (notify, log, correct the cache). A caller runs `next` and feeds the
 * answer back with the `seq` it was given; an answer with another `seq` (a timer or call from
 * before a logout, a 'Check Status Again' or a newer step) is ignored.
 *
 * The rules, each kept here or in setupTimings.ts / setupResult.ts:
 * - no profile retries after 1 s; 2 s at team_created / team_activated; 10 s at empty_profile
 *   / error; 5 s otherwise; setup_complete stops (done) — and "if the database shows
 *   setup_complete but the cache does not, the cache is corrected";
 * - stuck (2 unchanged checks, or more than 3 s in a stuck-prone state) → the setup call
 *   pushes; it counts as a recovery (success or failure, notified); counting starts afresh at
 *   the check that follows, which comes at once;
 * - team_activated seen in more than 5 repeated checks is accepted as complete (done);
 * - the setup result's follow-up: the payment customer (detected currency, once per run), a
 *   log, or a profile inserted with empty_profile when there was none;
 * - slack-notify on a change to setup_complete, error or team_activated, on stuck, and on the
 *   recovery's success or failure; logout resets everything.
 */
import { SETUP_COMPLETE } from '../settings/activeSetting.ts';
import type { Currency } from './currency.ts';
import { isStuck, pollIntervalMs, TEAM_ACTIVATED_MAX_REPEATS } from './setupTimings.ts';
import { setupFollowUp, type SetupResult } from './setupResult.ts';

export type SetupPhase = 'idle' | 'waiting' | 'checking' | 'pushing' | 'creatingCustomer' | 'insertingProfile' | 'done';

export interface SetupPolling {
  phase: SetupPhase;
  /** The current step's number: answers carrying another one are stale. */
  seq: number;
  currency: Currency;
  /** The latest checked state; null: no profile; undefined: not checked yet. */
  profileState: string | null | undefined;
  /** When the current state was first seen (since the last push). */
  since: number;
  /** Checks after that first sight that still showed it. */
  unchanged: number;
  /** Set by a push: the next check counts as a first sight. */
  recount: boolean;
  /** Consecutive checks showing team_activated, after the first. */
  teamActivatedRepeats: number;
  customerCreated: boolean;
  /** Stuck was detected and the state has not changed since (for the overlay and the debug list). */
  stuck: boolean;
  outcome: 'complete' | 'loopBreak' | null;
}

export type SetupEvent =
  | { type: 'start'; now: number; currency: Currency }
  | { type: 'tick'; seq: number; now: number }
  /** The debug list's 'Check Status Again'. */
  | { type: 'checkAgain'; now: number }
  /** The profile's state in the database (null: no profile) and in the app's cache. */
  | { type: 'checked'; seq: number; now: number; profileState: string | null; cachedState: string | null }
  | { type: 'checkFailed'; seq: number; now: number; error: string }
  | { type: 'setupAnswered'; seq: number; now: number; result: SetupResult }
  | { type: 'customerAnswered'; seq: number; now: number; ok: boolean; error?: string }
  | { type: 'profileInserted'; seq: number; now: number; ok: boolean; error?: string }
  | { type: 'logout' };

export type SetupNext =
  | { wait: number; seq: number }
  | { call: 'check'; seq: number }
  | { call: 'setup'; seq: number }
  | { call: 'createCustomer'; seq: number; teamId: string; currency: Currency }
  | { call: 'insertProfile'; seq: number }
  | { done: 'complete' | 'loopBreak' }
  | { stopped: true };

export type OnboardingEvent = 'stateChanged' | 'stuck' | 'recovered' | 'recoveryFailed';

export type SetupEffect =
  | { notify: OnboardingEvent; state: string | null; error?: string | null }
  | {
      log: 'setupSucceeded' | 'setupFailed' | 'checkFailed' | 'customerFailed' | 'insertProfileFailed';
      detail: string | null;
    }
  | { correctCache: typeof SETUP_COMPLETE };

export interface SetupStep {
  state: SetupPolling;
  /** null: the event was stale or not expected now; nothing changes. */
  next: SetupNext | null;
  effects: SetupEffect[];
}

/** §7: slack-notify "on state change to setup_complete, error or team_activated". */
const NOTIFIED_STATES: readonly string[] = [SETUP_COMPLETE, 'error', 'team_activated'];

export function initialSetupPolling(currency: Currency = 'usd'): SetupPolling {
  return {
    phase: 'idle',
    seq: 0,
    currency,
    profileState: undefined,
    since: 0,
    unchanged: 0,
    recount: false,
    teamActivatedRepeats: 0,
    customerCreated: false,
    stuck: false,
    outcome: null,
  };
}

const ignored = (state: SetupPolling): SetupStep => ({ state, next: null, effects: [] });

/** Moves to `phase` with a new seq and asks for `make(seq)`. */
function proceed(
  state: SetupPolling,
  phase: SetupPhase,
  make: (seq: number) => SetupNext,
  effects: SetupEffect[] = [],
): SetupStep {
  const seq = state.seq + 1;
  return { state: { ...state, phase, seq }, next: make(seq), effects };
}

const checkNow = (state: SetupPolling, effects: SetupEffect[] = []) =>
  proceed(state, 'checking', (seq) => ({ call: 'check', seq }), effects);

/** Waits the state's interval (setup_complete never reaches here). */
const waitFor = (state: SetupPolling, effects: SetupEffect[] = []) =>
  proceed(state, 'waiting', (seq) => ({ wait: pollIntervalMs(state.profileState ?? null) ?? 0, seq }), effects);

export function stepSetupPolling(state: SetupPolling, event: SetupEvent): SetupStep {
  // The seq carries on across a logout and a start, so an answer from before them stays stale.
  if (event.type === 'logout') {
    return {
      state: { ...initialSetupPolling(state.currency), seq: state.seq + 1 },
      next: { stopped: true },
      effects: [],
    };
  }
  if (event.type === 'start') return checkNow({ ...initialSetupPolling(event.currency), seq: state.seq });
  if (event.type === 'checkAgain') return state.phase === 'waiting' ? checkNow(state) : ignored(state);
  if (event.seq !== state.seq) return ignored(state);
  switch (event.type) {
    case 'tick':
      return state.phase === 'waiting' ? checkNow(state) : ignored(state);
    case 'checked':
      return state.phase === 'checking' ? onChecked(state, event) : ignored(state);
    case 'checkFailed':
      return state.phase === 'checking'
        ? waitFor(state, [{ log: 'checkFailed', detail: event.error }])
        : ignored(state);
    case 'setupAnswered':
      return state.phase === 'pushing' ? onSetupAnswered(state, event.result) : ignored(state);
    case 'customerAnswered':
      if (state.phase !== 'creatingCustomer') return ignored(state);
      return event.ok
        ? checkNow({ ...state, customerCreated: true })
        : checkNow(state, [{ log: 'customerFailed', detail: event.error ?? null }]);
    case 'profileInserted':
      if (state.phase !== 'insertingProfile') return ignored(state);
      return checkNow(state, event.ok ? [] : [{ log: 'insertProfileFailed', detail: event.error ?? null }]);
  }
}

function onChecked(previous: SetupPolling, event: Extract<SetupEvent, { type: 'checked' }>): SetupStep {
  const { now, profileState } = event;
  const seenBefore = previous.profileState !== undefined;
  const changed = seenBefore && previous.profileState !== profileState;
  const sameSight = seenBefore && !changed && !previous.recount;
  const state: SetupPolling = {
    ...previous,
    profileState,
    since: sameSight ? previous.since : now,
    unchanged: sameSight ? previous.unchanged + 1 : 0,
    recount: false,
    teamActivatedRepeats:
      profileState === 'team_activated' && previous.profileState === 'team_activated'
        ? previous.teamActivatedRepeats + 1
        : 0,
    stuck: previous.stuck && !changed,
  };
  const effects: SetupEffect[] = [];
  if (changed && profileState !== null && NOTIFIED_STATES.includes(profileState)) {
    effects.push({ notify: 'stateChanged', state: profileState });
  }

  if (profileState === SETUP_COMPLETE) {
    if (event.cachedState !== SETUP_COMPLETE) effects.push({ correctCache: SETUP_COMPLETE });
    return {
      state: { ...state, phase: 'done', outcome: 'complete', stuck: false },
      next: { done: 'complete' },
      effects,
    };
  }
  if (state.teamActivatedRepeats > TEAM_ACTIVATED_MAX_REPEATS) {
    return {
      state: { ...state, phase: 'done', outcome: 'loopBreak', stuck: false },
      next: { done: 'loopBreak' },
      effects,
    };
  }
  if (isStuck(profileState, state.unchanged, now - state.since)) {
    effects.push({ notify: 'stuck', state: profileState });
    return proceed({ ...state, stuck: true }, 'pushing', (seq) => ({ call: 'setup', seq }), effects);
  }
  return waitFor(state, effects);
}

function onSetupAnswered(previous: SetupPolling, result: SetupResult): SetupStep {
  const state: SetupPolling = { ...previous, recount: true };
  const effects: SetupEffect[] = [
    result.success
      ? { notify: 'recovered', state: result.state }
      : { notify: 'recoveryFailed', state: result.state, error: result.error },
  ];
  const followUp = setupFollowUp(result, previous.profileState !== null);
  switch (followUp.kind) {
    case 'createCustomer':
      if (state.customerCreated) break;
      return proceed(
        state,
        'creatingCustomer',
        (seq) => ({ call: 'createCustomer', seq, teamId: followUp.teamId, currency: state.currency }),
        effects,
      );
    case 'insertProfile':
      return proceed(state, 'insertingProfile', (seq) => ({ call: 'insertProfile', seq }), effects);
    case 'logFailure':
      effects.push({ log: 'setupFailed', detail: followUp.error });
      return checkNow(state, effects);
    case 'logSuccess':
      break;
  }
  effects.push({ log: 'setupSucceeded', detail: result.state });
  return checkNow(state, effects);
}

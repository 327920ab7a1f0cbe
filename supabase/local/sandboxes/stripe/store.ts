/**
 * Holds the sandbox's state and keeps it on disk: `<dataDir>/stripe.json`, written after every
 * change (a temporary file renamed over the old one) and read back on the next start, so keys,
 * customers and subscriptions survive `npm start` restarts. Without a data dir it lives in memory.
 *
 * Time: `now()` is the sandbox's clock in unix seconds — wall-clock time plus the offset the test
 * clock has added (see clock.ts). Every `created`, period and event date uses it.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { noSuch } from './errors.ts';
import type { EventRecord, StripeObject, StripeState } from './model.ts';

const STATE_FILE = 'stripe.json';
/** Old events are dropped past this many (a long `npm start` must not grow without end). */
const EVENTS_KEPT = 2_000;

type Collection = Exclude<keyof StripeState, 'secretKey' | 'webhookSecret' | 'clockOffsetSeconds'>;

export class StripeStore {
  private constructor(
    readonly state: StripeState,
    private readonly file: string | undefined,
  ) {}

  static open(dataDir: string | undefined, seed: () => StripeState): StripeStore {
    if (!dataDir) return new StripeStore(seed(), undefined);
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, STATE_FILE);
    let state: StripeState;
    try {
      state = JSON.parse(readFileSync(file, 'utf8')) as StripeState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      state = seed();
    }
    const store = new StripeStore(state, file);
    store.save();
    return store;
  }

  /** Back to a new seed (the clock too), keeping the keys (the stack's functions hold them). */
  reset(seed: () => StripeState): void {
    const { secretKey, webhookSecret } = this.state;
    Object.assign(this.state, seed(), { secretKey, webhookSecret });
    this.save();
  }

  save(): void {
    if (this.state.events.length > EVENTS_KEPT) this.state.events.splice(0, this.state.events.length - EVENTS_KEPT);
    if (!this.file) return;
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.file);
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.state.clockOffsetSeconds;
  }

  find<C extends Collection>(collection: C, id: string): StripeState[C][number] | undefined {
    return (this.state[collection] as StripeObject[]).find((o) => o.id === id) as StripeState[C][number] | undefined;
  }

  /** The object or Stripe's 404 `resource_missing` ("No such customer: 'cus_x'"). */
  get<C extends Collection>(collection: C, id: string, kind: string, param = 'id'): StripeState[C][number] {
    const found = this.find(collection, id);
    if (!found || (found as { deleted?: boolean }).deleted) throw noSuch(kind, id, param);
    return found;
  }

  /** Adds an object at the front: Stripe lists newest first. */
  add<C extends Collection>(collection: C, object: StripeState[C][number]): StripeState[C][number] {
    (this.state[collection] as StripeObject[]).unshift(object);
    return object;
  }

  events(): EventRecord[] {
    return this.state.events;
  }
}
